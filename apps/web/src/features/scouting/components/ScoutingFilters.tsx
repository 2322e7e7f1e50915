import type { ScoutingReport } from "@draftroom/contracts";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import type { ScoutingFilterValues } from "../api/scouting.ts";

/** Date range and patch, kept in the URL by the page. */
export function ScoutingFilters({
  value,
  patches,
  onChange,
}: {
  value: ScoutingFilterValues;
  patches: ScoutingReport["patches"];
  onChange: (next: ScoutingFilterValues) => void;
}) {
  const { t } = useTranslation("scouting");
  const reversed = value.from !== "" && value.to !== "" && value.from > value.to;
  const active = value.from !== "" || value.to !== "" || value.patch !== "";
  return (
    <form
      aria-label={t("filters.label")}
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label={t("filters.from")} className="sm:w-40">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={value.from}
            max={value.to || undefined}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
          />
        )}
      </Field>
      <Field label={t("filters.to")} className="sm:w-40" error={reversed ? t("filters.reversed") : null}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={value.to}
            min={value.from || undefined}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
          />
        )}
      </Field>
      <Field label={t("filters.patch")} className="col-span-2 sm:col-span-1 sm:w-52">
        {(control) => (
          <NativeSelect
            {...control}
            value={value.patch}
            onChange={(event) => onChange({ ...value, patch: event.target.value })}
          >
            <option value="">{t("filters.allPatches")}</option>
            {value.patch !== "" && !patches.some((entry) => entry.patch === value.patch) && (
              <option value={value.patch}>{value.patch}</option>
            )}
            {patches.map((entry) => (
              <option key={entry.patch} value={entry.patch}>
                {t("filters.patchOption", { patch: entry.patch, count: entry.games })}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {active && (
        <Button
          variant="ghost"
          className="h-10"
          onClick={() => onChange({ from: "", to: "", patch: "" })}
          leftIcon={<X aria-hidden="true" className="size-4" />}
        >
          {t("filters.clear")}
        </Button>
      )}
    </form>
  );
}

/** Writes the filters into a copy of the URL's search parameters (empty ones removed). */
export function paramsWithFilters(params: URLSearchParams, filters: ScoutingFilterValues): URLSearchParams {
  const copy = new URLSearchParams(params);
  for (const key of ["from", "to", "patch"] as const) {
    if (filters[key]) copy.set(key, filters[key]);
    else copy.delete(key);
  }
  return copy;
}
