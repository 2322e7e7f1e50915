import { useTranslation } from "react-i18next";

export type OwnTeamSource = "official" | "scrims";

/**
 * On our own team's report: official games (imported data) or our scrims (the ledger), one at a
 * time and each named, never added together (decision record 058).
 */
export function OwnTeamSourceToggle({
  value,
  onChange,
}: {
  value: OwnTeamSource;
  onChange: (next: OwnTeamSource) => void;
}) {
  const { t } = useTranslation("scouting");
  return (
    <div className="mt-6 flex flex-col gap-2">
      <fieldset className="inline-flex w-fit rounded-xl border border-border p-1">
        <legend className="sr-only">{t("ownTeam.label")}</legend>
        {(["official", "scrims"] as const).map((source) => (
          <button
            key={source}
            type="button"
            aria-pressed={value === source}
            onClick={() => onChange(source)}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary ${
              value === source ? "bg-primary text-primary-fg" : "text-muted hover:text-fg"
            }`}
          >
            {t(`ownTeam.${source}`)}
          </button>
        ))}
      </fieldset>
      <p className="text-muted text-sm">{t("ownTeam.note")}</p>
    </div>
  );
}
