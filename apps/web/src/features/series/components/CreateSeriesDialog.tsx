import type { Champion, League, SeriesCreateBody, Team } from "@draftroom/contracts";
import {
  BEST_OF,
  FEARLESS_PRESETS,
  type FearlessPreset,
  fearlessRule,
  matchesChampion,
  SIDE_CHOICES,
} from "@draftroom/draft";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Info, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { Switch } from "@/components/ui/Switch.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { api, listResults } from "@/lib/api.ts";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";
import { errorMessage, fieldErrors, zodFieldErrors } from "@/lib/errors.ts";
import { useWithSchemas } from "@/lib/schemas.ts";
import { seriesApi, seriesKeys } from "@/lib/series-api.ts";

/** The ban slots "three bans each" switches off: the last ban of each team in each ban phase. */
const THREE_BANS_SLOTS = [4, 5, 14, 15];

const lookups = {
  leagues: ["series", "lookups", "leagues"] as const,
  teams: (leagueId: number) => ["series", "lookups", "teams", leagueId] as const,
  champions: ["series", "lookups", "champions"] as const,
};

interface FormState {
  title: string;
  leagueId: string;
  teamA: string;
  teamB: string;
  bestOf: number;
  preset: FearlessPreset;
  resetLastGame: boolean;
  sideChoice: (typeof SIDE_CHOICES)[number];
  firstBlue: "A" | "B";
  scrimBlock: boolean;
  order: "tournament" | "spec";
  threeBans: boolean;
  firstPick: "BLUE" | "RED";
  disabled: number[];
}

const initial: FormState = {
  title: "",
  leagueId: "",
  teamA: "",
  teamB: "",
  bestOf: 3,
  preset: "hard",
  resetLastGame: false,
  sideChoice: "loser",
  firstBlue: "A",
  scrimBlock: false,
  order: "tournament",
  threeBans: false,
  firstPick: "BLUE",
  disabled: [],
};

/** Creates a series (its first game too) and opens it. The plan note says a series is one saved draft. */
export function CreateSeriesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("series");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [championQuery, setChampionQuery] = useState("");
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const leagues = useQuery({
    queryKey: lookups.leagues,
    queryFn: () => api.get<League[] | { results: League[] }>("/drafts/leagues/").then(listResults),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const leagueId = Number(form.leagueId) || 0;
  const teams = useQuery({
    queryKey: lookups.teams(leagueId),
    queryFn: () =>
      api.get<Team[] | { results: Team[] }>(`/drafts/leagues/${leagueId}/teams/`).then(listResults),
    enabled: open && leagueId > 0,
    staleTime: 5 * 60_000,
  });
  const champions = useQuery({
    queryKey: lookups.champions,
    queryFn: () => api.get<Champion[] | { results: Champion[] }>("/drafts/champions/").then(listResults),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const byId = new Map((champions.data ?? []).map((c) => [c.id, c]));
  const matches = championQuery.trim()
    ? (champions.data ?? [])
        .filter((c) => matchesChampion(championQuery, c.name) && !form.disabled.includes(c.id))
        .slice(0, 6)
    : [];

  const workspace = useCurrentWorkspace();
  const create = useMutation({
    mutationFn: (body: SeriesCreateBody) => seriesApi.create(body, workspace),
    onSuccess: (series) => {
      void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["drafts"] });
      void queryClient.invalidateQueries({ queryKey: ["subscriptions"] });
      toast.success(t("create.created"));
      onOpenChange(false);
      setForm(initial);
      navigate(`/app/series/${series.id}`);
    },
    onError: (error) => {
      const fields = fieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(errorMessage(error, t("create.failed")));
    },
  });

  const withSchemas = useWithSchemas(open);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title: form.title,
      league_id: Number(form.leagueId) || undefined,
      team_a_id: Number(form.teamA) || undefined,
      team_b_id: Number(form.teamB) || undefined,
      best_of: form.bestOf,
      rule: fearlessRule(form.preset, form.resetLastGame),
      disabled_champions: form.disabled,
      side_choice: form.sideChoice,
      first_blue: form.firstBlue,
      scrim_block: form.scrimBlock,
      format: {
        order: form.order,
        disabled_slots: form.threeBans ? THREE_BANS_SLOTS : [],
        first_pick: form.firstPick,
      },
    };
    void withSchemas(
      ({ seriesCreateBodySchema }) => {
        const parsed = seriesCreateBodySchema.safeParse(body);
        if (!parsed.success) {
          setErrors(zodFieldErrors(parsed.error.issues));
          return;
        }
        setErrors({});
        create.mutate(body as SeriesCreateBody);
      },
      (error) => toast.error(errorMessage(error, t("create.failed"))),
    );
  };

  const teamOptions = (teams.data ?? []).map((team) => (
    <option key={team.id} value={team.id}>
      {team.name}
    </option>
  ));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("create.title")}
      description={t("create.description")}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t("create.cancel")}
          </Button>
          <Button type="submit" form="create-series" loading={create.isPending}>
            {t("create.submit")}
          </Button>
        </>
      }
    >
      <form id="create-series" onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field label={t("create.name")} required error={errors.title} className="sm:col-span-2">
          {({ invalid, ...p }) => (
            <Input
              {...p}
              invalid={invalid}
              value={form.title}
              maxLength={120}
              placeholder={t("create.namePlaceholder")}
              onChange={(e) => set("title", e.target.value)}
            />
          )}
        </Field>
        <Field label={t("create.league")} required error={errors.league_id} className="sm:col-span-2">
          {({ invalid, ...p }) => (
            <NativeSelect
              {...p}
              invalid={invalid}
              value={form.leagueId}
              onChange={(e) => setForm((f) => ({ ...f, leagueId: e.target.value, teamA: "", teamB: "" }))}
            >
              <option value="">{t("create.choose")}</option>
              {(leagues.data ?? []).map((league) => (
                <option key={league.id} value={league.id}>
                  {league.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("create.teamA")} required error={errors.team_a_id}>
          {({ invalid, ...p }) => (
            <NativeSelect
              {...p}
              invalid={invalid}
              value={form.teamA}
              disabled={!leagueId}
              onChange={(e) => set("teamA", e.target.value)}
            >
              <option value="">{t("create.choose")}</option>
              {teamOptions}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("create.teamB")} required error={errors.team_b_id}>
          {({ invalid, ...p }) => (
            <NativeSelect
              {...p}
              invalid={invalid}
              value={form.teamB}
              disabled={!leagueId}
              onChange={(e) => set("teamB", e.target.value)}
            >
              <option value="">{t("create.choose")}</option>
              {teamOptions}
            </NativeSelect>
          )}
        </Field>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-fg">{t("create.bestOf")}</legend>
          <div className="flex flex-wrap gap-2">
            {BEST_OF.map((n) => (
              <label
                key={n}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-border-strong px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name="best_of"
                  className="accent-[var(--primary)]"
                  checked={form.bestOf === n}
                  onChange={() => set("bestOf", n)}
                />
                {t("bestOf", { n })}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-fg">{t("create.rule")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {FEARLESS_PRESETS.map((preset) => (
              <label
                key={preset}
                className="flex cursor-pointer items-start gap-2 rounded-lg border border-border-strong p-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="radio"
                  name="preset"
                  className="mt-0.5 accent-[var(--primary)]"
                  checked={form.preset === preset}
                  onChange={() => set("preset", preset)}
                />
                <span>
                  <span className="block font-semibold text-fg">{t(`presets.${preset}`)}</span>
                  <span className="block text-xs text-muted">{t(`presetHelp.${preset}`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Switch
          className="sm:col-span-2"
          checked={form.resetLastGame}
          onCheckedChange={(value) => set("resetLastGame", value)}
          label={t("resetLastGame")}
          description={t("resetLastGameHelp")}
        />
        <Switch
          className="sm:col-span-2"
          checked={form.scrimBlock}
          onCheckedChange={(value) => set("scrimBlock", value)}
          label={t("scrimBlock")}
          description={t("scrimBlockHelp")}
        />
        <Field label={t("sideChoice.label")}>
          {({ invalid: _invalid, ...p }) => (
            <NativeSelect
              {...p}
              value={form.sideChoice}
              onChange={(e) => set("sideChoice", e.target.value as FormState["sideChoice"])}
            >
              {SIDE_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`sideChoice.${choice}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("create.firstBlue")}>
          {({ invalid: _invalid, ...p }) => (
            <NativeSelect
              {...p}
              value={form.firstBlue}
              onChange={(e) => set("firstBlue", e.target.value as "A" | "B")}
            >
              <option value="A">
                {teams.data?.find((team) => String(team.id) === form.teamA)?.name ?? t("create.teamA")}
              </option>
              <option value="B">
                {teams.data?.find((team) => String(team.id) === form.teamB)?.name ?? t("create.teamB")}
              </option>
            </NativeSelect>
          )}
        </Field>
        <Field label={t("format.label")}>
          {({ invalid: _invalid, ...p }) => (
            <NativeSelect
              {...p}
              value={form.order}
              onChange={(e) => set("order", e.target.value as FormState["order"])}
            >
              <option value="tournament">{t("format.tournament")}</option>
              <option value="spec">{t("format.spec")}</option>
            </NativeSelect>
          )}
        </Field>
        <Field label={t("format.firstPick")} hint={t("format.firstPickHelp")}>
          {({ invalid: _invalid, ...p }) => (
            <NativeSelect
              {...p}
              value={form.firstPick}
              onChange={(e) => set("firstPick", e.target.value as "BLUE" | "RED")}
            >
              <option value="BLUE">{t("format.blue")}</option>
              <option value="RED">{t("format.red")}</option>
            </NativeSelect>
          )}
        </Field>
        <Switch
          className="sm:col-span-2"
          checked={form.threeBans}
          onCheckedChange={(value) => set("threeBans", value)}
          label={t("format.threeBans")}
        />
        <Field label={t("create.disabled")} hint={t("create.disabledHelp")} className="sm:col-span-2">
          {({ invalid: _invalid, ...p }) => (
            <div className="flex flex-col gap-2">
              <Input
                {...p}
                type="search"
                value={championQuery}
                placeholder={t("create.disabledSearch")}
                onChange={(e) => setChampionQuery(e.target.value)}
              />
              {matches.length > 0 && (
                <div className="flex flex-wrap gap-1.5">
                  {matches.map((champion) => (
                    <Button
                      key={champion.id}
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        set("disabled", [...form.disabled, champion.id]);
                        setChampionQuery("");
                      }}
                    >
                      {champion.name}
                    </Button>
                  ))}
                </div>
              )}
              {form.disabled.length > 0 && (
                <ul className="flex flex-wrap gap-1.5">
                  {form.disabled.map((id) => {
                    const name = byId.get(id)?.name ?? String(id);
                    return (
                      <li
                        key={id}
                        className="flex items-center gap-1 rounded-full bg-surface-3 py-0.5 pr-1 pl-2.5 text-xs"
                      >
                        {name}
                        <button
                          type="button"
                          aria-label={t("create.removeDisabled", { name })}
                          className="grid size-5 place-items-center rounded-full hover:bg-surface-2"
                          onClick={() =>
                            set(
                              "disabled",
                              form.disabled.filter((other) => other !== id),
                            )
                          }
                        >
                          <X className="size-3" aria-hidden />
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          )}
        </Field>
        <p className="flex items-start gap-2 rounded-lg bg-info-soft p-3 text-xs text-fg sm:col-span-2">
          <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          {t("create.planNote")}
        </p>
      </form>
    </Dialog>
  );
}
