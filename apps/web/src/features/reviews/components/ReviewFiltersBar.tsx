import { REVIEW_STATUSES, SEARCH_DEBOUNCE_MS } from "@draftroom/contracts";
import { ChevronDown, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";
import { cn } from "@/lib/cn.ts";
import { type ReviewFilters, useLeagues, useTeams } from "../api/reviews.ts";
import type { ReviewStatus } from "../form.ts";

interface Props {
  filters: ReviewFilters;
  onChange: (patch: Partial<ReviewFilters>) => void;
  onClear: () => void;
}

export function ReviewFiltersBar({ filters, onChange, onClear }: Props) {
  const { t } = useTranslation("reviews");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [season, setSeason] = useState(filters.season);
  const leagues = useLeagues();
  const teams = useTeams(filters.league);

  // Keep the text box in step with the URL (back/forward, Clear filters)…
  useEffect(() => setSeason(filters.season), [filters.season]);
  // …and push typing to the URL after the debounce.
  useEffect(() => {
    if (season === filters.season) return;
    const timer = setTimeout(() => onChange({ season }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [season, filters.season, onChange]);

  const active = [filters.league, filters.team, filters.season || null, filters.status].filter(
    (value) => value !== null,
  ).length;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-border bg-surface shadow-card"
    >
      <h2 id={`${id}-heading`} className="sr-only">
        {t("filters.heading")}
      </h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-3 px-4 py-3 text-sm font-semibold text-fg sm:hidden"
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4 text-primary" />
          {t("filters.toggle")}
          {active > 0 && (
            <span className="grid size-5 place-items-center rounded-full bg-primary text-[11px] text-primary-fg">
              {active}
            </span>
          )}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn("size-4 text-muted transition-transform", open && "rotate-180")}
        />
      </button>
      <div
        id={`${id}-panel`}
        className={cn(
          "grid gap-3 border-t border-border p-4 sm:grid sm:grid-cols-2 sm:border-t-0 xl:grid-cols-[repeat(4,minmax(0,1fr))_auto] xl:items-end",
          !open && "hidden",
        )}
      >
        <FilterField label={t("filters.league")} htmlFor={`${id}-league`}>
          <SearchableSelect
            id={`${id}-league`}
            value={filters.league === null ? null : String(filters.league)}
            placeholder={t("filters.allLeagues")}
            options={(leagues.data ?? [])
              .filter((league) => !league.is_custom)
              .map((league) => ({
                value: String(league.id),
                label: league.name,
                keywords: [league.short_name, league.region],
              }))}
            onChange={(value) => onChange({ league: value ? Number(value) : null, team: null })}
          />
        </FilterField>
        <FilterField label={t("filters.team")} htmlFor={`${id}-team`}>
          <SearchableSelect
            id={`${id}-team`}
            value={filters.team === null ? null : String(filters.team)}
            disabled={filters.league === null}
            placeholder={filters.league === null ? t("filters.selectLeagueFirst") : t("filters.allTeams")}
            options={(teams.data ?? [])
              .filter((team) => !team.is_custom)
              .map((team) => ({
                value: String(team.id),
                label: team.name,
                keywords: [team.short_name],
              }))}
            onChange={(value) => onChange({ team: value ? Number(value) : null })}
          />
        </FilterField>
        <FilterField label={t("filters.season")} htmlFor={`${id}-season`}>
          <Input
            id={`${id}-season`}
            value={season}
            maxLength={40}
            placeholder={t("filters.seasonPlaceholder")}
            onChange={(event) => setSeason(event.target.value)}
          />
        </FilterField>
        <FilterField label={t("filters.status")} htmlFor={`${id}-status`}>
          <NativeSelect
            id={`${id}-status`}
            value={filters.status ?? ""}
            onChange={(event) => onChange({ status: (event.target.value || null) as ReviewStatus | null })}
          >
            <option value="">{t("filters.allStatuses")}</option>
            {REVIEW_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </NativeSelect>
        </FilterField>
        <Button
          variant="ghost"
          onClick={onClear}
          disabled={active === 0}
          leftIcon={<X aria-hidden="true" className="size-4" />}
          className="sm:col-span-2 xl:col-span-1"
        >
          {t("filters.clear")}
        </Button>
      </div>
    </section>
  );
}

function FilterField({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children}
    </div>
  );
}
