import type { DraftSession } from "@draftroom/contracts";
import {
  MOBILE_BREAKPOINT_PX,
  pageCount,
  ROUTES,
  SEARCH_DEBOUNCE_MS,
  SWIPE_THRESHOLD_PX,
} from "@draftroom/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, FilterX, LayoutGrid, Plus, Search, SearchX, SlidersHorizontal } from "lucide-react";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ImportDraftButton } from "@/components/share/ImportDraftButton.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Pagination } from "@/components/ui/Pagination.tsx";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { cn } from "@/lib/cn.ts";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";
import { useCurrentWorkspaceAccess } from "@/lib/item-access.ts";
import { fetchTeamsSeen } from "@/lib/leagues.ts";
import { matchesQuery } from "@/lib/search-text.ts";
import { currentSubscriptionKey } from "@/lib/subscription.ts";
import { useMediaQuery } from "@/lib/useMediaQuery.ts";
import { draftKeys, draftQueries, draftsApi } from "./api/drafts.ts";
import { GroupedSessions } from "./components/GroupedSessions.tsx";
import { LiveRoomDialog } from "./components/LiveRoomDialog.tsx";
import { SessionCard } from "./components/SessionCard.tsx";
import { SessionDialog } from "./components/SessionDialog.tsx";
import { useDebouncedValue } from "./hooks/useDebouncedValue.ts";
import { useDraftsLeft, useLeagues } from "./hooks/useDraftData.ts";
import { useLiveRoomEntry } from "./hooks/useOpenLiveRoom.ts";
import { useReturnFocus } from "./hooks/useReturnFocus.ts";
import { useShareSession } from "./hooks/useShareSession.ts";
import { useSwipe } from "./hooks/useSwipe.ts";
import { useTeamNames } from "./hooks/useTeamNames.ts";
import { PracticeButton } from "./practice/PracticeDialog.tsx";

/** Draft sessions list (`/app/dashboard`, `/app/draft`). */
export default function SessionsListPage() {
  const { t } = useTranslation("drafts");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const share = useShareSession();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const filtersId = useId();

  const [search, setSearch] = useState("");
  const [league, setLeague] = useState<number | null>(null);
  const [team, setTeam] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [dialog, setDialog] = useState<{ open: boolean; session: DraftSession | null }>({
    open: false,
    session: null,
  });
  const [toDelete, setToDelete] = useState<DraftSession | null>(null);
  const liveRoom = useLiveRoomEntry();
  // After a dialog closes, focus goes back to its opener (or the Create button if that card left).
  useReturnFocus(dialog.open || toDelete !== null, () =>
    document.querySelector<HTMLElement>("main h1 ~ * button, main button"),
  );
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const workspace = useCurrentWorkspace() ?? undefined;
  // The list is the chosen space's: a viewer there reads its drafts, nothing to click that fails.
  const here = useCurrentWorkspaceAccess();
  const mayEdit = here.may("edit_drafts");
  const { left } = useDraftsLeft();

  // Any change of the criteria starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on criteria change only
  useEffect(() => setPage(1), [debouncedSearch, league, team, workspace]);

  const params = { page, league, team, search: debouncedSearch.trim() || undefined, workspace };
  const sessions = useQuery({ ...draftQueries.sessionList(params), placeholderData: keepPreviousData });

  const leagues = useLeagues();
  // One league's teams, or every team (asked beside the leagues, not after them).
  const teams = useQuery({
    queryKey: league ? draftKeys.teams(league) : draftKeys.allTeams,
    queryFn: () => (league ? draftsApi.listTeams(league) : fetchTeamsSeen(queryClient)),
    staleTime: 60_000,
  });

  const remove = useMutation({
    mutationFn: (session: DraftSession) => draftsApi.deleteSession(session.id),
    onSuccess: () => {
      toast.success(t("card.deleted"));
      setToDelete(null);
      void queryClient.invalidateQueries({ queryKey: draftKeys.sessionLists });
      void queryClient.invalidateQueries({ queryKey: currentSubscriptionKey });
    },
    onError: (error) => {
      console.error("Failed to delete draft session", error);
      toast.error(t("card.deleteFailed"));
      setToDelete(null);
    },
  });

  const liveRoomNames = useTeamNames(sessions.data?.results.find((item) => item.id === liveRoom.dialogFor));
  const total = sessions.data?.count ?? 0;
  const pages = pageCount(total);
  // The server filters too; this keeps the page exact while a new search is in flight.
  const results = useMemo(
    () =>
      (sessions.data?.results ?? []).filter((session) =>
        matchesQuery(search, [
          session.title,
          session.league?.name,
          session.blue_team?.name ?? session.blue_team_name,
          session.red_team?.name ?? session.red_team_name,
        ]),
      ),
    [sessions.data, search],
  );
  const filtering = Boolean(debouncedSearch.trim() || league || team);

  useEffect(() => {
    if (sessions.data && page > pages) setPage(pages);
  }, [sessions.data, page, pages]);

  const listRef = useRef<HTMLDivElement>(null);
  useSwipe(
    listRef,
    {
      onSwipeLeft: () => setPage((current) => (current < pages ? current + 1 : current)),
      onSwipeRight: () => setPage((current) => (current > 1 ? current - 1 : current)),
    },
    SWIPE_THRESHOLD_PX,
    isMobile && pages > 1,
  );

  const clearFilters = () => {
    setSearch("");
    setLeague(null);
    setTeam(null);
  };

  const openCreate = () => setDialog({ open: true, session: null });

  const leagueOptions = [
    { value: "all", label: t("list.allLeagues") },
    ...(leagues.data ?? []).map((item) => ({ value: String(item.id), label: item.name })),
  ];
  const teamOptions = [
    { value: "all", label: t("list.allTeams") },
    ...(teams.data ?? []).map((item) => ({ value: String(item.id), label: item.name })),
  ];

  const filters = (
    <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        />
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t("list.searchPlaceholder")}
          aria-label={t("list.searchLabel")}
          className="h-10 w-full rounded-lg border border-border-strong bg-surface pr-3 pl-9 text-sm text-fg shadow-xs placeholder:text-subtle focus:border-primary focus:ring-4 focus:ring-primary/20 focus:outline-none"
        />
      </div>
      <SearchableSelect
        aria-label={t("list.leagueFilter")}
        options={leagueOptions}
        value={league === null ? "all" : String(league)}
        onChange={(value) => {
          setLeague(value && value !== "all" ? Number(value) : null);
          setTeam(null);
        }}
        placeholder={t("list.allLeagues")}
        searchPlaceholder={t("dialog.searchPlaceholder")}
        emptyText={t("dialog.noResults")}
      />
      <SearchableSelect
        aria-label={t("list.teamFilter")}
        options={teamOptions}
        value={team === null ? "all" : String(team)}
        onChange={(value) => setTeam(value && value !== "all" ? Number(value) : null)}
        placeholder={t("list.allTeams")}
        searchPlaceholder={t("dialog.searchPlaceholder")}
        emptyText={t("dialog.noResults")}
      />
      <Button
        variant="outline"
        onClick={clearFilters}
        disabled={!search && !league && !team}
        leftIcon={<FilterX className="size-4" aria-hidden />}
        title={t("list.clearFilters")}
      >
        {/* On a tablet the row's width goes to the league and team names; the icon says it there. */}
        <span className="md:max-lg:sr-only">{t("list.clearFilters")}</span>
      </Button>
    </div>
  );

  let body: ReactNode;
  if (sessions.isPending) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-20 text-muted">
        <Spinner size="lg" />
        <span className="text-sm">{t("list.loading")}</span>
      </div>
    );
  } else if (sessions.isError) {
    body = (
      <ErrorState
        title={t("list.loadError")}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
        retryLabel={t("list.retry")}
      />
    );
  } else if (results.length === 0 && !filtering && !search) {
    body = (
      <EmptyState
        icon={<LayoutGrid />}
        title={t("list.emptyTitle")}
        // A member who may not create is not told to: the staff's drafts will show here.
        message={mayEdit ? t("list.emptyText") : t("list.emptyTextReadOnly")}
        action={
          mayEdit ? (
            <Button onClick={openCreate} leftIcon={<Plus className="size-4" aria-hidden />}>
              {t("list.emptyAction")}
            </Button>
          ) : undefined
        }
      />
    );
  } else if (results.length === 0) {
    body = (
      <EmptyState
        icon={<SearchX />}
        title={t("list.noMatchTitle")}
        message={t("list.noMatchText")}
        action={
          <Button variant="outline" onClick={clearFilters}>
            {t("list.clearFilters")}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <div
          ref={listRef}
          data-testid="sessions-grid"
          aria-busy={sessions.isFetching || undefined}
          className={cn(
            // One column below 640 px that never grows past the screen (an implicit column took a long
            // title's and a Spanish badge's width: 349 px in 288).
            "grid touch-pan-y grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3",
            sessions.isPlaceholderData && "opacity-70 transition-opacity",
          )}
        >
          <GroupedSessions
            sessions={results}
            renderCard={(session) => (
              <SessionCard
                key={session.id}
                session={session}
                onShare={(item) => void share(item.id)}
                onEdit={mayEdit ? (item) => setDialog({ open: true, session: item }) : undefined}
                onDelete={mayEdit ? setToDelete : undefined}
                onLiveRoom={mayEdit ? (item) => liveRoom.enter(item.id) : undefined}
              />
            )}
          />
        </div>
        {pages > 1 && (
          <div className="mt-6 flex flex-col items-center gap-2">
            <Pagination page={page} pageCount={pages} onPageChange={setPage} />
            <p className="text-xs text-muted" aria-live="polite">
              {t("list.pageOf", { page, total: pages })}
              {isMobile && <span className="block text-center">{t("list.swipeHint")}</span>}
            </p>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{t("list.title")}</h1>
          <p className="mt-1 text-sm text-muted">{t("list.subtitle")}</p>
        </div>
        <div className="flex max-w-full flex-col items-end gap-1 max-sm:w-full max-sm:items-stretch">
          {/* Below 640 px: import and practice side by side, Create Draft across the width under
              them (in the order of the page, for the keyboard too); a label may wrap inside its
              button (a long Spanish one at 320 px). */}
          <div
            className={cn(
              "flex max-w-full flex-wrap justify-end gap-2 max-sm:grid max-sm:[&_button]:h-auto max-sm:[&_button]:min-h-12 max-sm:[&_button]:w-full max-sm:[&_button]:whitespace-normal max-sm:[&_button]:py-2",
              // Practice alone (a player, a viewer) takes the row.
              mayEdit ? "max-sm:grid-cols-2" : "max-sm:grid-cols-1",
            )}
          >
            {/* An import adds a draft to the space on view: offered to those who may, as Create. */}
            {mayEdit && <ImportDraftButton workspace={workspace ?? null} />}
            <PracticeButton size="lg" />
            {mayEdit && (
              <Button
                onClick={openCreate}
                size="lg"
                className="max-sm:col-span-2"
                leftIcon={<Plus className="size-5" aria-hidden />}
              >
                {t("list.createDraft")}
              </Button>
            )}
          </div>
          <AccessNote workspace={here.workspace} capability="edit_drafts" />
          {/* Inside a workspace its plan covers the drafts: the personal count is not theirs (053). */}
          {left !== null && !workspace && (
            <p className="text-xs text-muted">
              {left === 0 ? t("list.draftsLeftNone") : t("list.draftsLeft", { count: left })}
              {" · "}
              <Link to={ROUTES.subscriptions} className="font-semibold text-primary hover:underline">
                {t("list.upgrade")}
              </Link>
            </p>
          )}
        </div>
      </header>

      <section
        aria-label={t("list.searchAndFilter")}
        className="rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 dark:bg-surface/80"
      >
        {isMobile ? (
          <>
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
              className="flex w-full items-center gap-2 rounded-lg px-1 py-1 text-left text-sm font-semibold text-fg"
            >
              <SlidersHorizontal className="size-4 text-muted" aria-hidden />
              <span className="flex-1">{t("list.searchAndFilter")}</span>
              {filtering && <span className="size-2 rounded-full bg-primary" aria-hidden />}
              <ChevronDown
                className={cn("size-4 text-muted transition-transform", filtersOpen && "rotate-180")}
                aria-hidden
              />
            </button>
            <div id={filtersId} hidden={!filtersOpen} className="pt-3">
              {filters}
            </div>
          </>
        ) : (
          filters
        )}
      </section>

      {!sessions.isPending && !sessions.isError && total > 0 && (
        <p className="-mb-2 text-sm text-muted" aria-live="polite">
          {t("list.results", { count: total })}
        </p>
      )}

      {body}

      <LiveRoomDialog
        sessionId={liveRoom.dialogFor}
        names={liveRoomNames}
        open={liveRoom.dialogFor !== null}
        onOpenChange={(open) => !open && liveRoom.closeDialog()}
      />
      <SessionDialog
        open={dialog.open}
        session={dialog.session}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        onSaved={(saved, created) => {
          if (created) navigate(ROUTES.draftSession(saved.id));
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t("card.deleteTitle")}
        message={t("card.deleteConfirm")}
        confirmLabel={t("card.deleteAction")}
        destructive
        loading={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
        }}
      />
    </div>
  );
}
