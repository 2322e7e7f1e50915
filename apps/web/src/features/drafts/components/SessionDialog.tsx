import {
  DEFAULT_DRAFT_SETTINGS,
  type DraftSession,
  type League,
  parseTimerInput,
  ROUTES,
  type SessionWriteBody,
  type Team,
} from "@draftroom/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Crown, Plus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { Field, Input, Textarea } from "@/components/ui/Field.tsx";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";
import { Switch } from "@/components/ui/Switch.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { cn } from "@/lib/cn.ts";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";
import { useWithSchemas } from "@/lib/schemas.ts";
import { currentSubscriptionKey } from "@/lib/subscription.ts";
import { draftKeys, draftsApi } from "../api/drafts.ts";
import { useDraftsLeft, useLeagues, useTeams } from "../hooks/useDraftData.ts";
import { describeError, errorCode, translateFieldErrors, validationText } from "../utils/errors.ts";

type FieldName =
  | "title"
  | "league_id"
  | "blue_team_id"
  | "red_team_id"
  | "ban_timer"
  | "pick_timer"
  | "description";

interface FormState {
  title: string;
  description: string;
  leagueId: number | null;
  blueTeamId: number | null;
  redTeamId: number | null;
  banTimer: string;
  pickTimer: string;
  autoAdvance: boolean;
  /** False: "No timer" (a new prep session's default; rooms have their own clock). */
  timed: boolean;
}

const emptyForm = (): FormState => ({
  title: "",
  description: "",
  leagueId: null,
  blueTeamId: null,
  redTeamId: null,
  banTimer: String(DEFAULT_DRAFT_SETTINGS.ban_timer),
  pickTimer: String(DEFAULT_DRAFT_SETTINGS.pick_timer),
  autoAdvance: DEFAULT_DRAFT_SETTINGS.auto_advance,
  timed: false,
});

const formFrom = (session: DraftSession): FormState => ({
  title: session.title,
  description: session.description,
  leagueId: session.league?.id ?? null,
  blueTeamId: session.blue_team?.id ?? null,
  redTeamId: session.red_team?.id ?? null,
  banTimer: String(session.settings.ban_timer),
  pickTimer: String(session.settings.pick_timer),
  autoAdvance: session.settings.auto_advance,
  timed: session.settings.timed,
});

/** Maps an API or schema path to the form field that shows it. */
function fieldOf(path: string): FieldName | null {
  const last = path.split(".").pop() ?? path;
  const known: FieldName[] = [
    "title",
    "league_id",
    "blue_team_id",
    "red_team_id",
    "ban_timer",
    "pick_timer",
    "description",
  ];
  return (known as string[]).includes(last) ? (last as FieldName) : null;
}

export interface SessionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit mode when given. */
  session?: DraftSession | null;
  onSaved?: (session: DraftSession, created: boolean) => void;
}

/** "Create New Draft Session" / "Edit Draft Session". */
export function SessionDialog({ open, onOpenChange, session, onSaved }: SessionDialogProps) {
  // "validation" too: the form's messages come from it, and a route may not have loaded it yet.
  const { t } = useTranslation(["drafts", "validation"]);
  const queryClient = useQueryClient();
  const editing = Boolean(session);
  const [form, setForm] = useState<FormState>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [planLimited, setPlanLimited] = useState(false);
  const [adding, setAdding] = useState<null | "league" | "team">(null);
  const [newName, setNewName] = useState("");
  const { left, max } = useDraftsLeft();

  const leagues = useLeagues(open);
  const teams = useTeams(open ? form.leagueId : null);

  // Opening (re)initialises the form: empty to create, prefilled to edit. A background refetch of
  // the same session while the dialog is open must not wipe what the user typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening or another session only
  useEffect(() => {
    if (!open) return;
    setForm(session ? formFrom(session) : emptyForm());
    setErrors({});
    setFormError(null);
    setPlanLimited(false);
    setAdding(null);
    setNewName("");
  }, [open, session?.id]);

  const update = <K extends keyof FormState>(key: K, value: FormState[K], field?: FieldName) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    if (field) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const changeLeague = (value: string | null) => {
    setForm((previous) => ({
      ...previous,
      leagueId: value ? Number(value) : null,
      blueTeamId: null,
      redTeamId: null,
    }));
    setErrors((previous) => ({
      ...previous,
      league_id: undefined,
      blue_team_id: undefined,
      red_team_id: undefined,
    }));
  };

  const buildBody = (): SessionWriteBody => {
    const teamList = teams.data ?? [];
    const nameOf = (id: number | null) => teamList.find((team) => team.id === id)?.name;
    return {
      title: form.title,
      description: form.description,
      league_id: form.leagueId ?? 0,
      blue_team_id: form.blueTeamId ?? 0,
      red_team_id: form.redTeamId ?? 0,
      blue_team_name: nameOf(form.blueTeamId) ?? t("team.blue"),
      red_team_name: nameOf(form.redTeamId) ?? t("team.red"),
      settings: {
        ban_timer: parseTimerInput(form.banTimer),
        pick_timer: parseTimerInput(form.pickTimer),
        auto_advance: form.autoAdvance,
        timed: form.timed,
      },
    };
  };

  const workspace = useCurrentWorkspace();
  const save = useMutation({
    mutationFn: (body: SessionWriteBody) =>
      session ? draftsApi.updateSession(session.id, body) : draftsApi.createSession(body, workspace),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: draftKeys.sessionLists });
      void queryClient.invalidateQueries({ queryKey: currentSubscriptionKey });
      queryClient.setQueryData(draftKeys.session(saved.id), saved);
      toast.success(editing ? t("dialog.updated") : t("dialog.created"));
      onOpenChange(false);
      onSaved?.(saved, !editing);
    },
    onError: (error) => {
      console.error("Failed to save the draft session", error);
      if (errorCode(error) === "plan_limit") {
        setPlanLimited(true);
        return;
      }
      const fields = translateFieldErrors(error);
      const mapped: Partial<Record<FieldName, string>> = {};
      for (const [path, message] of Object.entries(fields)) {
        const field = fieldOf(path);
        if (field) mapped[field] = message;
      }
      setErrors(mapped);
      setFormError(Object.keys(mapped).length ? null : (describeError(error) ?? t("dialog.saveFailed")));
    },
  });

  const withSchemas = useWithSchemas(open);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const body = buildBody();
    void withSchemas(
      ({ sessionWriteBodySchema }) => {
        const parsed = sessionWriteBodySchema.safeParse(body);
        if (!parsed.success) {
          const next: Partial<Record<FieldName, string>> = {};
          for (const issue of parsed.error.issues) {
            const field = fieldOf(issue.path.join("."));
            if (field && !next[field]) next[field] = validationText(issue.message);
          }
          setErrors(next);
          return;
        }
        setFormError(null);
        save.mutate(body);
      },
      (error) => setFormError(describeError(error) ?? t("dialog.saveFailed")),
    );
  };

  const addOwn = useMutation({
    mutationFn: async (kind: "league" | "team") => {
      const name = newName.trim();
      // Inside a workspace, what a staff member adds is the team's: every member sees it.
      const owner = workspace ? { workspace_id: workspace } : {};
      if (kind === "league") return { kind, item: await draftsApi.createLeague({ name, ...owner }) } as const;
      return { kind, item: await draftsApi.createTeam(form.leagueId!, { name, ...owner }) } as const;
    },
    onSuccess: ({ kind, item }) => {
      if (kind === "league") {
        queryClient.setQueryData<League[]>(draftKeys.leagues, (list) => [...(list ?? []), item as League]);
        changeLeague(String(item.id));
        toast.success(t("dialog.leagueAdded", { name: item.name }));
      } else {
        const team = item as Team;
        queryClient.setQueryData<Team[]>(draftKeys.teams(team.league_id), (list) => [...(list ?? []), team]);
        void queryClient.invalidateQueries({ queryKey: draftKeys.allTeams });
        setForm((previous) =>
          previous.blueTeamId === null
            ? { ...previous, blueTeamId: team.id }
            : previous.redTeamId === null
              ? { ...previous, redTeamId: team.id }
              : previous,
        );
        toast.success(t("dialog.teamAdded", { name: team.name }));
      }
      setAdding(null);
      setNewName("");
    },
    onError: (error) => toast.error(describeError(error) ?? t("dialog.addFailed")),
  });

  // Leagues and teams with imported games first (most games first), so the league of any team
  // one can scout is at hand; the rest keep the server's order.
  const byGames = <T extends { games?: number | undefined }>(list: readonly T[]) =>
    [...list].sort((a, b) => (b.games ?? 0) - (a.games ?? 0));
  const gamesDetail = (games: number | undefined) =>
    games ? t("dialog.gamesCount", { count: games }) : undefined;
  const leagueOptions = byGames(leagues.data ?? []).map((league) => ({
    value: String(league.id),
    label: league.name,
    keywords: [league.short_name, league.region],
    detail: gamesDetail(league.games),
  }));
  const teamOptions = byGames(teams.data ?? []).map((team) => ({
    value: String(team.id),
    label: team.name,
    keywords: [team.short_name],
    detail: gamesDetail(team.games),
  }));
  const teamPlaceholder = (side: "blue" | "red") =>
    form.leagueId === null
      ? t("dialog.selectLeagueFirst")
      : teams.isPending
        ? t("dialog.loadingTeams")
        : side === "blue"
          ? t("dialog.selectBlueTeam")
          : t("dialog.selectRedTeam");
  const teamsDisabled = form.leagueId === null || teams.isPending || save.isPending;
  // In a workspace its plan covers the session (decision 053): the personal count does not apply.
  const showPlanLimit = planLimited || (!editing && !workspace && left === 0);

  const addForm = (kind: "league" | "team") =>
    adding === kind ? (
      <div className="flex gap-2">
        <Input
          autoFocus
          aria-label={kind === "league" ? t("dialog.newLeagueName") : t("dialog.newTeamName")}
          placeholder={kind === "league" ? t("dialog.newLeagueName") : t("dialog.newTeamName")}
          value={newName}
          maxLength={100}
          onChange={(event) => setNewName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              if (newName.trim()) addOwn.mutate(kind);
            }
            if (event.key === "Escape") {
              event.stopPropagation();
              setAdding(null);
            }
          }}
        />
        <Button
          size="md"
          variant="soft"
          disabled={!newName.trim()}
          loading={addOwn.isPending}
          loadingText={t("dialog.adding")}
          onClick={() => addOwn.mutate(kind)}
        >
          {t("dialog.add")}
        </Button>
        <Button size="md" variant="ghost" onClick={() => setAdding(null)}>
          {t("dialog.cancelAdd")}
        </Button>
      </div>
    ) : (
      <button
        type="button"
        disabled={kind === "team" && form.leagueId === null}
        onClick={() => {
          setAdding(kind);
          setNewName("");
        }}
        className="inline-flex items-center gap-1 self-start text-xs font-semibold text-primary hover:underline disabled:cursor-not-allowed disabled:opacity-50 disabled:no-underline"
      >
        <Plus className="size-3.5" aria-hidden />
        {kind === "league"
          ? t(workspace ? "dialog.addLeagueForWorkspace" : "dialog.addLeague")
          : t(workspace ? "dialog.addTeamForWorkspace" : "dialog.addTeam")}
      </button>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={editing ? t("dialog.editTitle") : t("dialog.createTitle")}
      description={t("dialog.description")}
      className="max-w-[560px]"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            {t("dialog.cancel")}
          </Button>
          <Button
            type="submit"
            form="session-form"
            loading={save.isPending}
            loadingText={editing ? t("dialog.updating") : t("dialog.creating")}
          >
            {editing ? t("dialog.update") : t("dialog.create")}
          </Button>
        </>
      }
    >
      <form id="session-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        {showPlanLimit && (
          <div
            role="alert"
            className="flex gap-3 rounded-xl border border-warning/40 bg-warning-soft p-3 text-sm"
          >
            <Crown className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
            <div>
              <p className="font-semibold text-fg">{t("dialog.planLimitTitle")}</p>
              <p className="mt-0.5 text-muted">{t("dialog.planLimitText", { max: max ?? 3 })}</p>
              <Link
                to={ROUTES.subscriptions}
                onClick={() => onOpenChange(false)}
                className="mt-1.5 inline-block font-semibold text-primary underline-offset-2 hover:underline"
              >
                {t("dialog.planLimitLink")}
              </Link>
            </div>
          </div>
        )}
        {formError && (
          <p
            role="alert"
            className="rounded-lg bg-danger-soft px-3 py-2 text-sm font-medium text-[hsl(354_72%_40%)] dark:text-danger"
          >
            {formError}
          </p>
        )}
        <Field label={t("dialog.sessionName")} required error={errors.title}>
          {(props) => (
            <Input
              {...props}
              autoFocus
              value={form.title}
              maxLength={120}
              placeholder={t("dialog.sessionNamePlaceholder")}
              onChange={(event) => update("title", event.target.value, "title")}
            />
          )}
        </Field>
        <Field label={t("dialog.descriptionLabel")} error={errors.description}>
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              value={form.description}
              maxLength={2000}
              placeholder={t("dialog.descriptionPlaceholder")}
              onChange={(event) => update("description", event.target.value, "description")}
            />
          )}
        </Field>
        <div className="flex flex-col gap-1.5">
          <Field label={t("dialog.league")} required error={errors.league_id}>
            {({ invalid, ...props }) => (
              <SearchableSelect
                {...props}
                invalid={invalid}
                options={leagueOptions}
                value={form.leagueId === null ? null : String(form.leagueId)}
                onChange={changeLeague}
                disabled={save.isPending}
                placeholder={leagues.isPending ? t("dialog.loadingLeagues") : t("dialog.selectLeague")}
                searchPlaceholder={t("dialog.searchPlaceholder")}
                emptyText={t("dialog.noResults")}
              />
            )}
          </Field>
          {addForm("league")}
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("dialog.blueTeam")} required error={errors.blue_team_id}>
              {({ invalid, ...props }) => (
                <SearchableSelect
                  {...props}
                  invalid={invalid}
                  options={teamOptions}
                  value={form.blueTeamId === null ? null : String(form.blueTeamId)}
                  onChange={(value) => update("blueTeamId", value ? Number(value) : null, "blue_team_id")}
                  disabled={teamsDisabled}
                  placeholder={teamPlaceholder("blue")}
                  searchPlaceholder={t("dialog.searchPlaceholder")}
                  emptyText={t("dialog.noResults")}
                />
              )}
            </Field>
            <Field label={t("dialog.redTeam")} required error={errors.red_team_id}>
              {({ invalid, ...props }) => (
                <SearchableSelect
                  {...props}
                  invalid={invalid}
                  options={teamOptions}
                  value={form.redTeamId === null ? null : String(form.redTeamId)}
                  onChange={(value) => update("redTeamId", value ? Number(value) : null, "red_team_id")}
                  disabled={teamsDisabled}
                  placeholder={teamPlaceholder("red")}
                  searchPlaceholder={t("dialog.searchPlaceholder")}
                  emptyText={t("dialog.noResults")}
                />
              )}
            </Field>
          </div>
          {addForm("team")}
        </div>
        <fieldset className="flex flex-col gap-4 rounded-xl border border-border bg-surface-2/60 p-4">
          <legend className="px-1 text-sm font-semibold text-fg">{t("dialog.settings")}</legend>
          <div role="radiogroup" aria-label={t("prep.clock")} className="grid gap-2 sm:grid-cols-2">
            {([false, true] as const).map((timed) => (
              <label
                key={String(timed)}
                className={cn(
                  "flex cursor-pointer items-start gap-2 rounded-lg border p-2.5 text-sm",
                  form.timed === timed ? "border-primary bg-primary/10" : "border-border bg-surface",
                )}
              >
                <input
                  type="radio"
                  name="session-clock"
                  className="mt-0.5 accent-[var(--color-primary)]"
                  checked={form.timed === timed}
                  onChange={() => update("timed", timed)}
                />
                <span className="flex flex-col">
                  <span className="font-semibold text-fg">{timed ? t("prep.timed") : t("prep.noTimer")}</span>
                  <span className="text-xs text-muted">
                    {timed ? t("prep.timedHint") : t("prep.noTimerHint")}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {form.timed && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t("dialog.banTimer")} error={errors.ban_timer} hint={t("dialog.timerHint")}>
                  {(props) => (
                    <Input
                      {...props}
                      inputMode="numeric"
                      value={form.banTimer}
                      onChange={(event) => update("banTimer", event.target.value, "ban_timer")}
                    />
                  )}
                </Field>
                <Field label={t("dialog.pickTimer")} error={errors.pick_timer} hint={t("dialog.timerHint")}>
                  {(props) => (
                    <Input
                      {...props}
                      inputMode="numeric"
                      value={form.pickTimer}
                      onChange={(event) => update("pickTimer", event.target.value, "pick_timer")}
                    />
                  )}
                </Field>
              </div>
              <Switch
                checked={form.autoAdvance}
                onCheckedChange={(checked) => update("autoAdvance", checked)}
                label={t("dialog.autoAdvance")}
                description={t("dialog.autoAdvanceHint")}
              />
            </>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
