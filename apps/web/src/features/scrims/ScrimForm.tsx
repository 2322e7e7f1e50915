import {
  type RosterPlayer,
  SCRIM_KINDS,
  SCRIM_LIMITS,
  SCRIM_MODES,
  SCRIM_STATUSES,
  type Scrim,
  type ScrimCreateBody,
  type ScrimUpdateBody,
  type Team,
  untitledScrimName,
} from "@draftroom/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { freshnessQuery } from "@/components/StaleDataBanner.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Field, Input, Textarea } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";
import { currentLanguage } from "@/lib/i18n.ts";
import { allTeamsQuery } from "@/lib/leagues.ts";
import { browserZone, isoToZoned, zonedToIso, zoneList } from "./time.ts";

/** "Who has first selection": nobody agreed yet, or one team choosing side or first pick. */
const FIRST_SELECTIONS = ["none", "us:side", "us:first_pick", "them:side", "them:first_pick"] as const;
type FirstSelectionValue = (typeof FIRST_SELECTIONS)[number];

export interface ScrimFormValues {
  kind: (typeof SCRIM_KINDS)[number];
  title: string;
  teamId: string;
  opponentName: string;
  contactNote: string;
  startsAt: string;
  timeZone: string;
  gamesCount: number;
  mode: (typeof SCRIM_MODES)[number];
  firstSelection: FirstSelectionValue;
  turnSeconds: number;
  bankSeconds: number;
  status: (typeof SCRIM_STATUSES)[number];
  patch: string;
  notes: string;
  lineup: string[];
  ourSide: "BLUE" | "RED";
  prepareRooms: boolean;
}

/** Tomorrow 19:00 in the browser's zone: when most scrim blocks start. */
function defaultStart(): string {
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T19:00`;
}

export function initialValues(scrim?: Scrim): ScrimFormValues {
  if (!scrim) {
    return {
      kind: "scrim",
      title: "",
      teamId: "",
      opponentName: "",
      contactNote: "",
      startsAt: defaultStart(),
      timeZone: browserZone(),
      gamesCount: 3,
      mode: "normal",
      firstSelection: "none",
      turnSeconds: 30,
      bankSeconds: 0,
      status: "planned",
      patch: "",
      notes: "",
      lineup: [],
      ourSide: "BLUE",
      prepareRooms: true,
    };
  }
  const selection = scrim.rules.first_selection;
  return {
    kind: scrim.kind,
    // An untitled scrim's `title` is the default name: kept empty, the scrim stays named by its
    // kind and opponent (a changed opponent renames it).
    title: scrim.untitled ? "" : scrim.title,
    teamId: scrim.opponent.team_id === null ? "" : String(scrim.opponent.team_id),
    opponentName: scrim.opponent.team_id === null ? scrim.opponent.name : "",
    contactNote: scrim.opponent.contact_note,
    startsAt: isoToZoned(scrim.starts_at, scrim.time_zone),
    timeZone: scrim.time_zone,
    gamesCount: scrim.games_count,
    mode: scrim.rules.mode,
    firstSelection: selection ? (`${selection.by}:${selection.choice}` as FirstSelectionValue) : "none",
    turnSeconds: scrim.rules.timers.turn_seconds,
    bankSeconds: scrim.rules.timers.bank_seconds,
    status: scrim.status,
    patch: scrim.patch ?? "",
    notes: scrim.notes,
    lineup: scrim.lineup,
    ourSide: "BLUE",
    prepareRooms: true,
  };
}

type Errors = Partial<Record<"opponent" | "startsAt" | "patch", string>>;

/** Checks what the browser can (the server checks again and its field errors show too). */
export function validate(values: ScrimFormValues): Errors {
  const errors: Errors = {};
  if (values.teamId === "" && values.opponentName.trim() === "") errors.opponent = "opponentRequired";
  if (zonedToIso(values.startsAt, values.timeZone) === null) errors.startsAt = "startRequired";
  if (!/^[0-9A-Za-z.]*$/.test(values.patch.trim())) errors.patch = "patchInvalid";
  return errors;
}

function opponentBody(values: ScrimFormValues) {
  return {
    team_id: values.teamId === "" ? null : Number(values.teamId),
    name: values.teamId === "" ? values.opponentName.trim() : "",
    contact_note: values.contactNote.trim(),
  };
}

export function toCreateBody(values: ScrimFormValues): ScrimCreateBody {
  const [by, choice] = values.firstSelection.split(":") as ["us" | "them", "side" | "first_pick"];
  return {
    kind: values.kind,
    title: values.title.trim(),
    opponent: opponentBody(values),
    starts_at: zonedToIso(values.startsAt, values.timeZone) ?? "",
    time_zone: values.timeZone,
    games_count: values.gamesCount,
    rules: {
      mode: values.mode,
      fearless_rule: null,
      first_selection: values.firstSelection === "none" ? null : { by, choice },
      timers: { turn_seconds: values.turnSeconds, bank_seconds: values.bankSeconds },
    },
    status: values.status,
    patch: values.patch.trim() || null,
    notes: values.notes.trim(),
    lineup: values.lineup,
    our_side: values.ourSide,
    prepare_rooms: values.prepareRooms,
  };
}

export function toUpdateBody(values: ScrimFormValues): ScrimUpdateBody {
  const { rules: _rules, our_side: _side, prepare_rooms: _prepare, ...rest } = toCreateBody(values);
  return rest as ScrimUpdateBody;
}

interface Props {
  scrim?: Scrim;
  roster: RosterPlayer[];
  pending: boolean;
  /** Server field errors (`fields` of the error shape), already translated. */
  serverErrors?: Record<string, string>;
  onSubmit: (values: ScrimFormValues) => void;
  onCancel: () => void;
}

/** Create or edit a scrim: opponent, when (in its own zone), games, rules, status, lineup, notes. */
export function ScrimForm({ scrim, roster, pending, serverErrors = {}, onSubmit, onCancel }: Props) {
  const { t } = useTranslation("scrims");
  const [values, setValues] = useState<ScrimFormValues>(() => initialValues(scrim));
  const [errors, setErrors] = useState<Errors>({});
  const client = useQueryClient();
  const teams = useQuery({ ...allTeamsQuery(client), staleTime: 300_000 });
  // The patch the game is on now (the champion pool's), as the example of what to type.
  const livePatch = useQuery(freshnessQuery).data?.patch.champion_patch ?? undefined;
  const zones = useMemo(zoneList, []);
  const rulesFixed = scrim !== undefined;
  const set = <K extends keyof ScrimFormValues>(key: K, value: ScrimFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };
  const error = (key: keyof Errors, server?: string) =>
    errors[key] ? t(`form.errors.${errors[key]}` as "form.errors.opponentRequired") : (server ?? null);

  const teamOptions = (teams.data ?? []).map((team: Team) => ({
    value: String(team.id),
    label: team.name,
    keywords: [team.short_name],
  }));
  // What an empty title names the scrim, as the form stands.
  const opponent =
    values.teamId === ""
      ? values.opponentName.trim()
      : (teams.data?.find((team: Team) => String(team.id) === values.teamId)?.name ?? "");
  const defaultName = untitledScrimName(values.kind, opponent || t("form.opponentWord"), currentLanguage());

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={
        scrim
          ? t(scrim.kind === "official" ? "form.editOfficialTitle" : "form.editTitle")
          : t("form.createTitle")
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("form.kind")}>
          {(p) => (
            <NativeSelect
              {...p}
              value={values.kind}
              onChange={(e) => set("kind", e.target.value as ScrimFormValues["kind"])}
            >
              {SCRIM_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kind.${kind}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field
          label={t("form.title")}
          hint={t("form.titleHint", { name: defaultName })}
          error={serverErrors.title}
        >
          {(p) => (
            <Input
              {...p}
              maxLength={SCRIM_LIMITS.title}
              placeholder={defaultName}
              value={values.title}
              onChange={(e) => set("title", e.target.value)}
            />
          )}
        </Field>
        <Field label={t("form.leagueTeam")} hint={t("form.leagueTeamHint")}>
          {(p) => (
            <SearchableSelect
              {...p}
              options={[{ value: "", label: t("form.noLeagueTeam") }, ...teamOptions]}
              value={values.teamId}
              onChange={(value) => set("teamId", value ?? "")}
              placeholder={teams.isPending ? t("loading") : t("form.noLeagueTeam")}
            />
          )}
        </Field>
        <Field
          label={t("form.opponentName")}
          required={values.teamId === ""}
          error={error("opponent", serverErrors["opponent.name"])}
        >
          {(p) => (
            <Input
              {...p}
              maxLength={SCRIM_LIMITS.opponent_name}
              disabled={values.teamId !== ""}
              value={values.opponentName}
              onChange={(e) => set("opponentName", e.target.value)}
            />
          )}
        </Field>
        <Field label={t("form.contactNote")} hint={t("form.contactNoteHint")} className="sm:col-span-2">
          {(p) => (
            <Input
              {...p}
              maxLength={SCRIM_LIMITS.contact_note}
              value={values.contactNote}
              onChange={(e) => set("contactNote", e.target.value)}
            />
          )}
        </Field>
        <Field label={t("form.startsAt")} required error={error("startsAt", serverErrors.starts_at)}>
          {(p) => (
            <Input
              {...p}
              type="datetime-local"
              value={values.startsAt}
              onChange={(e) => set("startsAt", e.target.value)}
            />
          )}
        </Field>
        <Field label={t("form.timeZone")} error={serverErrors.time_zone}>
          {(p) => (
            <NativeSelect {...p} value={values.timeZone} onChange={(e) => set("timeZone", e.target.value)}>
              {(zones.includes(values.timeZone) ? zones : [values.timeZone, ...zones]).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("form.games")} error={serverErrors.games_count}>
          {(p) => (
            <NativeSelect
              {...p}
              value={values.gamesCount}
              onChange={(e) => set("gamesCount", Number(e.target.value))}
            >
              {Array.from({ length: SCRIM_LIMITS.games }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("form.status")}>
          {(p) => (
            <NativeSelect
              {...p}
              value={values.status}
              onChange={(e) => set("status", e.target.value as ScrimFormValues["status"])}
            >
              {SCRIM_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("form.mode")} hint={rulesFixed ? t("form.rulesFixed") : t("form.modeHint")}>
          {(p) => (
            <NativeSelect
              {...p}
              disabled={rulesFixed}
              value={values.mode}
              onChange={(e) => set("mode", e.target.value as ScrimFormValues["mode"])}
            >
              {SCRIM_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`mode.${mode}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("form.firstSelection")}>
          {(p) => (
            <NativeSelect
              {...p}
              disabled={rulesFixed}
              value={values.firstSelection}
              onChange={(e) => set("firstSelection", e.target.value as FirstSelectionValue)}
            >
              {FIRST_SELECTIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`firstSelection.${value.replace(":", "_")}` as "firstSelection.none")}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("form.turnSeconds")} error={serverErrors["rules.timers.turn_seconds"]}>
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="numeric"
              min={5}
              max={300}
              disabled={rulesFixed}
              value={values.turnSeconds}
              onChange={(e) => set("turnSeconds", Number(e.target.value))}
            />
          )}
        </Field>
        <Field label={t("form.bankSeconds")} error={serverErrors["rules.timers.bank_seconds"]}>
          {(p) => (
            <Input
              {...p}
              type="number"
              inputMode="numeric"
              min={0}
              max={600}
              disabled={rulesFixed}
              value={values.bankSeconds}
              onChange={(e) => set("bankSeconds", Number(e.target.value))}
            />
          )}
        </Field>
        {!scrim && (
          <Field label={t("form.ourSide")} hint={t("form.ourSideHint")}>
            {(p) => (
              <NativeSelect
                {...p}
                value={values.ourSide}
                onChange={(e) => set("ourSide", e.target.value as "BLUE" | "RED")}
              >
                <option value="BLUE">{t("side.BLUE")}</option>
                <option value="RED">{t("side.RED")}</option>
              </NativeSelect>
            )}
          </Field>
        )}
        <Field label={t("form.patch")} error={error("patch", serverErrors.patch)}>
          {(p) => (
            <Input
              {...p}
              maxLength={SCRIM_LIMITS.patch}
              placeholder={livePatch}
              value={values.patch}
              onChange={(e) => set("patch", e.target.value)}
            />
          )}
        </Field>
      </div>
      {!scrim && (
        <label className="flex items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary)]"
            checked={values.prepareRooms}
            onChange={(e) => set("prepareRooms", e.target.checked)}
          />
          {t("form.prepareRooms")}
        </label>
      )}
      {roster.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-fg text-sm">{t("form.lineup")}</legend>
          <p className="text-subtle text-xs">{t("form.lineupHint")}</p>
          <div className="flex flex-wrap gap-2">
            {roster.map((player) => (
              <label
                key={player.id}
                className="flex items-center gap-1.5 rounded-lg border border-border px-2.5 py-1.5 text-sm text-fg"
              >
                <input
                  type="checkbox"
                  className="size-4"
                  checked={values.lineup.includes(player.id)}
                  onChange={(e) =>
                    set(
                      "lineup",
                      e.target.checked
                        ? [...values.lineup, player.id]
                        : values.lineup.filter((id) => id !== player.id),
                    )
                  }
                />
                {player.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Field label={t("form.notes")}>
        {(p) => (
          <Textarea
            {...p}
            maxLength={SCRIM_LIMITS.notes}
            value={values.notes}
            onChange={(e) => set("notes", e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" loading={pending}>
          {scrim ? t("form.save") : t("form.create")}
        </Button>
      </div>
    </form>
  );
}
