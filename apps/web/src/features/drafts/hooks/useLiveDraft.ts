import type { Champion, DraftAction, DraftSession } from "@draftroom/contracts";
import { applyAction, type DraftErrorCode, type Side, sortActions } from "@draftroom/draft";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isNotFound } from "@/lib/api.ts";
import { seriesKeys } from "@/lib/series-api.ts";
import { draftKeys, draftQueries, draftsApi } from "../api/drafts.ts";
import { type BoardAction, type BoardState, buildBoard, optimisticAction } from "../utils/board.ts";
import { useSeriesLocks } from "./useSeriesLocks.ts";

export type LockResult = { ok: true } | { ok: false; code: DraftErrorCode | "no_step" };

export interface LiveDraftCallbacks {
  /** A saved action was rejected or failed: the board was rolled back. */
  onSaveError: (error: unknown) => void;
}

/**
 * The live draft: session, actions and champions loaded in parallel, the board derived by the
 * engine, and actions applied optimistically (instant board) then saved one at a time in order.
 * A rejection rolls the board back to what the server holds.
 */
export function useLiveDraft(sessionId: string, callbacks: LiveDraftCallbacks) {
  const queryClient = useQueryClient();
  const sessionQuery = useQuery(draftQueries.session(sessionId));
  const actionsQuery = useQuery(draftQueries.actions(sessionId));
  const championsQuery = useQuery(draftQueries.champions);

  // What the cache already holds (a page load asks for it before the first render) draws the
  // board in that render; the effect below keeps following the query.
  const [confirmed, setConfirmed] = useState<BoardAction[] | null>(() => actionsQuery.data ?? null);
  const [pending, setPending] = useState<BoardAction[]>([]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const generation = useRef(0);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;

  useEffect(() => {
    if (actionsQuery.data) setConfirmed(actionsQuery.data);
  }, [actionsQuery.data]);

  const champions = championsQuery.data;
  const championsById = useMemo(() => new Map((champions ?? []).map((c) => [c.id, c])), [champions]);

  const actions = useMemo(() => (confirmed ? [...confirmed, ...pending] : null), [confirmed, pending]);
  // The session's format and, for a series game, the champions earlier games locked.
  const series = useSeriesLocks(sessionQuery.data);
  const format = sessionQuery.data?.format;
  const board: BoardState | null = useMemo(() => {
    if (!actions) return null;
    const options = { format, locked: series?.locked ?? [], sideLocked: series?.sideLocked ?? {} };
    try {
      return buildBoard(actions, options);
    } catch {
      // A history the engine rejects cannot come from our server; show what is confirmed.
      return buildBoard(confirmed ?? [], options);
    }
  }, [actions, confirmed, format, series]);

  const markSessionsStale = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: draftKeys.sessionLists });
    void queryClient.invalidateQueries({ queryKey: seriesKeys.all });
  }, [queryClient]);

  const resync = useCallback(async () => {
    generation.current += 1;
    setPending([]);
    try {
      const fresh = await draftsApi.listActions(sessionId);
      setConfirmed(fresh);
    } catch {
      // Keep the confirmed list; the next action will surface the problem again.
    }
  }, [sessionId]);

  /**
   * Locks a champion (or skips a ban with null) for the step on the clock; `auto` when the timer
   * chose it. The board shows it at once; the server call follows in order.
   */
  const lock = useCallback(
    (champion: Champion | null, auto = false): LockResult => {
      if (!board?.next) return { ok: false, code: "no_step" };
      const step = board.next;
      const result = applyAction(board.state, {
        phase_number: step.index,
        action_type: step.type,
        team_side: step.side,
        champion_id: champion?.id ?? null,
      });
      if (!result.ok) return { ok: false, code: result.code };
      const local = optimisticAction(step, champion);
      setPending((list) => [...list, local]);
      const myGeneration = generation.current;
      queue.current = queue.current.then(async () => {
        if (myGeneration !== generation.current) return;
        try {
          const saved = await draftsApi.createAction(sessionId, {
            champion_id: local.champion_id,
            phase_number: local.phase_number,
            action_type: local.action_type,
            team_side: local.team_side as Side,
            is_auto: auto,
          });
          if (myGeneration !== generation.current) return;
          setConfirmed((list) => [...(list ?? []), saved]);
          setPending((list) => list.filter((item) => item.id !== local.id));
          markSessionsStale();
        } catch (error) {
          if (myGeneration !== generation.current) return;
          callbacksRef.current.onSaveError(error);
          await resync();
        }
      });
      return { ok: true };
    },
    [board, sessionId, markSessionsStale, resync],
  );

  /** Waits until every queued action has been answered. */
  const settle = useCallback(() => queue.current.catch(() => undefined), []);

  /** "Modify from this point": the server removes the action and every later one in one call. */
  const modifyFrom = useCallback(
    async (action: DraftAction) => {
      await settle();
      const remaining = await draftsApi.truncateFrom(sessionId, action.id);
      generation.current += 1;
      setPending([]);
      setConfirmed(remaining ?? (await draftsApi.listActions(sessionId)));
      markSessionsStale();
    },
    [sessionId, settle, markSessionsStale],
  );

  /** Clears this session's draft on the server (Start New Draft) and its recorded result. */
  const restart = useCallback(async () => {
    await settle();
    const first = confirmed ? sortActions(confirmed)[0] : undefined;
    if (first) await draftsApi.truncateFrom(sessionId, first.id);
    const session = queryClient.getQueryData<DraftSession>(draftKeys.session(sessionId));
    if (session?.winner) {
      const updated = await draftsApi.patchSession(sessionId, { winner: null });
      queryClient.setQueryData(draftKeys.session(sessionId), updated);
    }
    generation.current += 1;
    setPending([]);
    setConfirmed([]);
    markSessionsStale();
  }, [confirmed, sessionId, settle, queryClient, markSessionsStale]);

  const setWinner = useCallback(
    async (winner: Side | null) => {
      const updated = await draftsApi.patchSession(sessionId, { winner });
      queryClient.setQueryData(draftKeys.session(sessionId), updated);
      markSessionsStale();
    },
    [sessionId, queryClient, markSessionsStale],
  );

  const error = sessionQuery.error ?? actionsQuery.error ?? championsQuery.error ?? null;
  const notFound = isNotFound(error);

  return {
    session: sessionQuery.data ?? null,
    /** The series this session is a game of (locks with their reasons), or null. */
    series,
    champions: champions ?? null,
    championsById,
    board,
    saving: pending.length > 0,
    isLoading:
      !error && (sessionQuery.isPending || actionsQuery.isPending || championsQuery.isPending || !board),
    error,
    notFound,
    retry: () => {
      void sessionQuery.refetch();
      void actionsQuery.refetch();
      void championsQuery.refetch();
    },
    lock,
    modifyFrom,
    restart,
    setWinner,
  };
}
