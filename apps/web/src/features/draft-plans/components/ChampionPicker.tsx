import type { Champion } from "@draftroom/contracts";
import { matchesChampion } from "@draftroom/draft";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";
import { cn } from "@/lib/cn.ts";

/**
 * A champion search (the shared searchable select with the champions' icons), matched as every
 * champion search is: punctuation ignored and the scene's short names ("mf", "j4").
 */
export function ChampionPicker({
  champions,
  value,
  onChange,
  label,
  invalid,
  greyed,
  placeholder,
  className,
}: {
  champions: readonly Champion[];
  value: number | null;
  onChange: (id: number | null) => void;
  label: string;
  invalid?: boolean;
  /** Champions shown but not selectable (fearless: used in an earlier game). */
  greyed?: ReadonlySet<number>;
  /** Shown while nothing is chosen (default "Choose a champion"). */
  placeholder?: string;
  /** Its width in a row of fields (default: the row's whole width). */
  className?: string;
}) {
  const { t } = useTranslation("draftPlans");
  const options = useMemo(
    () =>
      champions.map((c) => ({
        value: String(c.id),
        label: c.name,
        disabled: greyed?.has(c.id) ?? false,
        icon: <ChampionImage name={c.name} src={c.icon_url} size={20} decorative muted={greyed?.has(c.id)} />,
      })),
    [champions, greyed],
  );
  return (
    <SearchableSelect
      options={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      placeholder={placeholder ?? t("editor.chooseChampion")}
      searchPlaceholder={t("editor.searchChampion")}
      emptyText={t("editor.noChampion")}
      aria-label={label}
      matches={matchChampionOption}
      invalid={invalid}
      className={cn("min-w-40", className)}
    />
  );
}

function matchChampionOption(query: string, option: { label: string }): boolean {
  return matchesChampion(query, option.label);
}
