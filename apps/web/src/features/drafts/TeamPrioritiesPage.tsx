import {
  type Champion,
  POSITIONS,
  type Position,
  PRIORITY_TIERS,
  type PriorityEntry,
  type PriorityTier,
  ROUTES,
  rowIdOf,
} from "@draftroom/contracts";
import { matchesChampion } from "@draftroom/draft";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Save, Search, SearchX, Undo2 } from "lucide-react";
import { memo, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { TeamLink } from "@/components/team/TeamLink.tsx";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isNotFound } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { allTeamsQuery } from "@/lib/leagues.ts";
import { draftKeys, draftsApi } from "./api/drafts.ts";
import { PracticeButton } from "./practice/PracticeDialog.tsx";
import { describeError } from "./utils/errors.ts";

type Entry = { tier: PriorityTier; positions: Position[]; note: string };

const tierTone: Record<PriorityTier, string> = {
  S: "peer-checked:bg-accent peer-checked:text-[hsl(40_80%_12%)] peer-checked:border-accent",
  A: "peer-checked:bg-primary peer-checked:text-primary-fg peer-checked:border-primary",
  B: "peer-checked:bg-secondary peer-checked:text-white peer-checked:border-secondary",
  C: "peer-checked:bg-subtle peer-checked:text-white peer-checked:border-subtle",
};

interface RowProps {
  champion: Champion;
  entry: Entry | undefined;
  onChange: (championId: number, entry: Entry | undefined) => void;
}

const PriorityRow = memo(function PriorityRow({ champion, entry, onChange }: RowProps) {
  const { t } = useTranslation("drafts");
  const name = `tier-${champion.id}`;
  const setTier = (tier: PriorityTier | null) =>
    onChange(
      champion.id,
      tier ? { tier, positions: entry?.positions ?? [], note: entry?.note ?? "" } : undefined,
    );
  const togglePosition = (position: Position) => {
    const positions = entry?.positions.includes(position)
      ? entry.positions.filter((p) => p !== position)
      : [...(entry?.positions ?? []), position];
    onChange(champion.id, { tier: entry?.tier ?? "B", positions, note: entry?.note ?? "" });
  };
  return (
    <li
      className={cn(
        "flex flex-col gap-2 rounded-xl border p-2.5 sm:flex-row sm:items-center sm:gap-4",
        entry ? "border-border-strong bg-surface" : "border-border bg-surface/60",
      )}
    >
      <div className="flex min-w-0 items-center gap-2.5 sm:w-48">
        <ChampionImage name={champion.name} src={champion.icon_url} size={36} decorative />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-fg">{champion.name}</p>
          <p className="truncate text-[11px] text-muted">
            {champion.tags.map((tag) => t(`roles.${tag}` as "roles.Tank")).join(" · ")}
          </p>
        </div>
      </div>
      <fieldset className="flex items-center gap-1">
        <legend className="sr-only">{t("priorities.tierFor", { name: champion.name })}</legend>
        {[null, ...PRIORITY_TIERS].map((tier) => (
          <label key={tier ?? "none"} className="relative">
            <input
              type="radio"
              name={name}
              className="peer sr-only"
              checked={(entry?.tier ?? null) === tier}
              onChange={() => setTier(tier)}
            />
            <span
              className={cn(
                "grid h-8 min-w-8 cursor-pointer place-items-center rounded-md border border-border-strong px-2 text-xs font-bold text-muted transition-colors",
                "peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-1",
                tier ? tierTone[tier] : "peer-checked:bg-surface-3 peer-checked:text-fg",
              )}
            >
              {tier ?? t("priorities.tierNone")}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-1">
        <legend className="sr-only">{t("priorities.positionsFor", { name: champion.name })}</legend>
        {POSITIONS.map((position) => (
          <label key={position} className="relative">
            <input
              type="checkbox"
              className="peer sr-only"
              checked={entry?.positions.includes(position) ?? false}
              onChange={() => togglePosition(position)}
            />
            <span className="grid h-8 cursor-pointer place-items-center rounded-full border border-border-strong px-2.5 text-xs font-semibold text-muted transition-colors peer-checked:border-primary peer-checked:bg-primary-soft peer-checked:text-primary-soft-fg peer-focus-visible:ring-2 peer-focus-visible:ring-ring">
              {t(`positions.${position}`)}
            </span>
          </label>
        ))}
      </fieldset>
    </li>
  );
});

/** Team priorities editor (`/app/teams/{teamId}/priorities`): tier and positions per champion. */
export default function TeamPrioritiesPage() {
  const { teamId: teamParam = "" } = useParams();
  const teamId = rowIdOf(teamParam);
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get("session");
  const navigate = useNavigate();
  const { t } = useTranslation("drafts");
  const { t: tp } = useTranslation("practice");
  const queryClient = useQueryClient();

  const champions = useQuery({
    queryKey: draftKeys.champions,
    queryFn: draftsApi.listChampions,
    staleTime: 5 * 60_000,
  });
  const saved = useQuery({
    queryKey: draftKeys.priorities(teamId),
    queryFn: () => draftsApi.getPriorities(teamId),
  });
  const missing = isNotFound(saved.error);
  const session = useQuery({
    queryKey: draftKeys.session(sessionId ?? ""),
    queryFn: () => draftsApi.getSession(sessionId!),
    enabled: Boolean(sessionId),
  });
  const teams = useQuery(allTeamsQuery(useQueryClient()));

  const [draft, setDraft] = useState<Map<number, Entry>>(new Map());
  const [query, setQuery] = useState("");
  const [onlyPrioritised, setOnlyPrioritised] = useState(false);

  const savedMap = useMemo(
    () =>
      new Map(
        (saved.data ?? []).map((p) => [
          p.champion_id,
          { tier: p.tier, positions: [...p.positions], note: p.note ?? "" },
        ]),
      ),
    [saved.data],
  );
  useEffect(() => setDraft(new Map(savedMap)), [savedMap]);

  const dirty = useMemo(() => {
    if (draft.size !== savedMap.size) return true;
    for (const [id, entry] of draft) {
      const before = savedMap.get(id);
      if (!before || before.tier !== entry.tier || before.positions.join() !== entry.positions.join())
        return true;
    }
    return false;
  }, [draft, savedMap]);

  const onChange = useMemo(
    () => (championId: number, entry: Entry | undefined) =>
      setDraft((previous) => {
        const next = new Map(previous);
        if (entry) next.set(championId, entry);
        else next.delete(championId);
        return next;
      }),
    [],
  );

  const save = useMutation({
    mutationFn: () => {
      const priorities: PriorityEntry[] = [...draft].map(([champion_id, entry]) => ({
        champion_id,
        ...entry,
      }));
      return draftsApi.putPriorities(teamId, priorities);
    },
    onSuccess: () => {
      toast.success(t("priorities.saved"));
      void queryClient.invalidateQueries({ queryKey: draftKeys.priorities(teamId) });
    },
    onError: (error) => toast.error(describeError(error) ?? t("priorities.saveFailed")),
  });

  const visible = useMemo(() => {
    return (champions.data ?? []).filter(
      (c) => matchesChampion(query, c.name) && (!onlyPrioritised || draft.has(c.id)),
    );
  }, [champions.data, query, onlyPrioritised, draft]);

  const teamName =
    (teams.data ?? []).find((team) => team.id === teamId)?.name ??
    (session.data?.blue_team?.id === teamId ? session.data.blue_team.name : undefined) ??
    (session.data?.red_team?.id === teamId ? session.data.red_team.name : undefined) ??
    "";
  const teamOptions = (teams.data ?? []).map((team) => ({ value: String(team.id), label: team.name }));

  const back = sessionId ? ROUTES.draftSession(sessionId) : ROUTES.dashboard;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 sm:px-6">
      <header className="flex flex-wrap items-start gap-3">
        <Link
          to={back}
          className={buttonClasses("ghost", "icon")}
          aria-label={sessionId ? t("priorities.back") : t("page.backToSessions")}
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg">
            {t("priorities.title")}
            {teamName && (
              <span className="text-muted">
                : <TeamLink id={teamId} name={teamName} />
              </span>
            )}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {teamName ? t("priorities.subtitle", { team: teamName }) : t("priorities.subtitleNoTeam")}
          </p>
          <p className="mt-1 text-xs text-muted">{t("priorities.tierLegend")}</p>
          {/* Decision 029: a team's priorities live in its workspace, as pools per player. */}
          <p className="mt-1 text-xs text-muted">
            {t("priorities.workspaceHint")}{" "}
            <Link className="font-semibold underline" to={ROUTES.workspaces}>
              {t("priorities.workspaceLink")}
            </Link>
          </p>
          {teamName && (
            <div className="mt-2">
              <PracticeButton
                size="sm"
                initialTeam={teamName}
                label={tp("entry.fromTeam", { team: teamName })}
              />
            </div>
          )}
        </div>
        <div className="w-full sm:w-64">
          <SearchableSelect
            aria-label={t("priorities.chooseTeam")}
            options={teamOptions}
            value={String(teamId)}
            onChange={(value) =>
              value && navigate(`/app/teams/${value}/priorities${sessionId ? `?session=${sessionId}` : ""}`)
            }
            placeholder={t("priorities.selectTeam")}
            searchPlaceholder={t("dialog.searchPlaceholder")}
            emptyText={t("dialog.noResults")}
          />
        </div>
      </header>

      {!missing && (
        <div className="sticky top-16 z-10 flex flex-wrap items-center gap-2 rounded-2xl border border-border bg-surface/95 p-3 shadow-card backdrop-blur">
          <div className="relative min-w-[200px] flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            />
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-label={t("priorities.search")}
              placeholder={t("priorities.searchPlaceholder")}
              className="h-10 w-full rounded-lg border border-border-strong bg-surface pr-3 pl-9 text-sm text-fg placeholder:text-subtle focus:border-primary focus:ring-4 focus:ring-primary/20 focus:outline-none"
            />
          </div>
          <label className="inline-flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={onlyPrioritised}
              onChange={(event) => setOnlyPrioritised(event.target.checked)}
              className="size-4 accent-[var(--primary)]"
            />
            {t("priorities.onlyPrioritised")}
          </label>
          <span className="text-xs text-muted" aria-live="polite">
            {t("priorities.count", { count: draft.size })}
            {dirty && <span className="ml-2 font-semibold text-warning">{t("priorities.unsaved")}</span>}
          </span>
          {/* Two buttons wrap under each other on a narrow phone (Spanish labels are long). */}
          <div className="ml-auto flex max-w-full flex-wrap justify-end gap-2">
            <Button
              variant="ghost"
              disabled={!dirty || save.isPending}
              onClick={() => setDraft(new Map(savedMap))}
              leftIcon={<Undo2 className="size-4" aria-hidden />}
            >
              {t("priorities.reset")}
            </Button>
            <Button
              disabled={!dirty}
              loading={save.isPending}
              loadingText={t("priorities.saving")}
              onClick={() => save.mutate()}
              leftIcon={<Save className="size-4" aria-hidden />}
            >
              {t("priorities.save")}
            </Button>
          </div>
        </div>
      )}

      {missing ? (
        <EmptyState
          icon={<SearchX />}
          title={t("priorities.notFound")}
          message={t("priorities.notFoundText")}
        />
      ) : champions.isPending || saved.isPending ? (
        <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted">
          <Spinner size="lg" />
          <span className="text-sm">{t("priorities.loading")}</span>
        </div>
      ) : champions.isError || saved.isError ? (
        <ErrorState
          title={t("priorities.loadError")}
          onRetry={() => {
            void champions.refetch();
            void saved.refetch();
          }}
        />
      ) : visible.length === 0 ? (
        <p className="py-12 text-center text-sm text-muted">{t("priorities.noMatch")}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {visible.map((champion) => (
            <PriorityRow
              key={champion.id}
              champion={champion}
              entry={draft.get(champion.id)}
              onChange={onChange}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
