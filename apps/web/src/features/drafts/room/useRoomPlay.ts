import type { Champion, ErrorCode, RoomSnapshot } from "@draftroom/contracts";
import { applyAction, type DraftState, type DraftStep, type RoomPermissions } from "@draftroom/draft";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "@/components/ui/toast-store.ts";
import { type BoardAction, type BoardState, optimisticAction } from "../utils/board.ts";
import { translateKey } from "../utils/errors.ts";
import { RoomCommandError } from "./connection.ts";
import { boardFromDraft } from "./room-state.ts";
import type { useRoomConnection } from "./useRoomConnection.ts";

export type RoomSend = Parameters<NonNullable<ReturnType<typeof useRoomConnection>["connection"]>["send"]>[0];

/**
 * The room's board with this client's lock in flight: the lock shows at once; the server's event
 * replaces it (or a reject removes it). Built from the folded room (`room.state.draft`): a lock is
 * one engine step, never a replay of the draft.
 */
export function useRoomBoard(snapshot: RoomSnapshot, draft: DraftState) {
  const [pendingLock, setPendingLock] = useState<BoardAction | null>(null);
  const board = useMemo((): BoardState => {
    const saved = snapshot.actions;
    const base = boardFromDraft(draft, saved);
    if (!pendingLock || saved.some((action) => action.phase_number === pendingLock.phase_number)) return base;
    const applied = applyAction(draft, pendingLock);
    return applied.ok ? boardFromDraft(applied.state, [...saved, pendingLock]) : base;
  }, [snapshot.actions, draft, pendingLock]);
  useEffect(() => {
    if (pendingLock && snapshot.actions.some((action) => action.phase_number === pendingLock.phase_number))
      setPendingLock(null);
  }, [snapshot.actions, pendingLock]);
  return { board, pendingLock, setPendingLock };
}

/** A command's failure as a toast (a lost connection says it reconnects). */
export function useCommandFailure() {
  const { t } = useTranslation("drafts");
  return useCallback(
    (error: unknown) => {
      if (error instanceof RoomCommandError && error.code !== "connection_lost")
        toast.error(translateKey(`errors:codes.${error.code as ErrorCode}`), { title: t("page.saveFailed") });
      else toast.error(t("room.reconnecting"));
    },
    [t],
  );
}

/**
 * What this seat is doing with the grid: the selected champion, the one marked while waiting,
 * a lock in flight, a correction being chosen. Whether it may act comes from `can()` (the room's
 * rules); this hook adds only what the client alone knows (a lock not yet answered).
 */
export function useRoomPlay({
  board,
  perms,
  pendingLock,
  setPendingLock,
  championsById,
  send,
}: {
  board: BoardState;
  perms: RoomPermissions;
  pendingLock: BoardAction | null;
  setPendingLock: (action: BoardAction | null) => void;
  championsById: ReadonlyMap<number, Champion>;
  send: (command: RoomSend) => Promise<void>;
}) {
  const fail = useCommandFailure();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // A captain changing its last lock picks the champion it meant in the grid.
  const [correcting, setCorrecting] = useState(false);
  // The champion a team seat marked while waiting (never sent): selected when its turn comes.
  const [nextUpId, setNextUpId] = useState<number | null>(null);
  // A champion chosen in the grid of our next step while our lock before it is in flight.
  const chosenInFlight = useRef<number | null>(null);
  const next = board.next;
  const used = board.state.used;
  const myTurn = perms.lock && !correcting && pendingLock === null && next !== null;
  /**
   * Our lock is in flight and the step after it is ours too (two in a row): the grid stays on
   * screen and takes a choice, and its lock waits for the server. Swapping it for the browse grid
   * and back moved every tile under the captain's finger at the moment the lock was confirmed.
   */
  const nextInRow =
    perms.lock && !correcting && pendingLock !== null && next !== null && next.side === pendingLock.team_side;
  const askStep = pendingLock === null ? perms.askCorrection : null;
  const correctionStep: DraftStep | null =
    correcting && askStep !== null ? (board.state.format.steps[askStep] ?? null) : null;

  useEffect(() => {
    if (selectedId !== null && used.has(selectedId)) setSelectedId(null);
  }, [selectedId, used]);
  useEffect(() => {
    if (nextUpId !== null && used.has(nextUpId)) setNextUpId(null);
  }, [nextUpId, used]);
  // A new step starts with nothing selected, or with the champion marked while waiting.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new step only
  useEffect(() => setSelectedId(nextUpId !== null && !used.has(nextUpId) ? nextUpId : null), [next?.index]);
  // A pause or a pending correction shows the browse grid for a moment: a champion marked there
  // is selected once the turn is back, so the lock button is ready.
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the turn comes back only
  useEffect(() => {
    const early = chosenInFlight.current;
    chosenInFlight.current = null;
    if (!myTurn || !next) return;
    if (nextUpId !== null && !used.has(nextUpId)) setSelectedId(nextUpId);
    // chosen while our previous lock was in flight: the other seats see it now
    else if (early !== null && early === selectedId)
      send({ type: "hover", step: next.index, champion_id: early }).catch(() => undefined);
  }, [myTurn]);
  useEffect(() => {
    if (correcting && askStep === null) setCorrecting(false);
  }, [correcting, askStep]);

  const selected = selectedId === null ? null : (championsById.get(selectedId) ?? null);
  const selectChampion = useCallback(
    (champion: Champion) => {
      setSelectedId(champion.id);
      // a choice in the pick grid is the latest word: the mark made while waiting is spent
      setNextUpId(null);
      // before our previous lock is confirmed, the server has not reached this step yet: the
      // hover goes when it has (the effect on `myTurn`)
      chosenInFlight.current = pendingLock === null ? null : champion.id;
      if (next && pendingLock === null)
        send({ type: "hover", step: next.index, champion_id: champion.id }).catch(() => undefined);
    },
    [next, send, pendingLock],
  );
  const lockChampion = useCallback(
    (champion: Champion | null) => {
      if (!myTurn || !next || !champion) return;
      setPendingLock(optimisticAction(next, champion));
      setSelectedId(null);
      send({ type: "lock", step: next.index, champion_id: champion.id }).catch((error) => {
        setPendingLock(null);
        fail(error);
      });
    },
    [myTurn, next, setPendingLock, send, fail],
  );
  const command = useCallback(
    (message: RoomSend) => {
      setBusy(true);
      send(message)
        .catch(fail)
        .finally(() => setBusy(false));
    },
    [send, fail],
  );
  const askCorrection = useCallback(() => {
    if (!correctionStep || !selected) return;
    setBusy(true);
    send({ type: "request_correction", step: correctionStep.index, champion_id: selected.id })
      .then(() => {
        setCorrecting(false);
        setSelectedId(null);
      })
      .catch(fail)
      .finally(() => setBusy(false));
  }, [correctionStep, selected, send, fail]);
  const startCorrecting = useCallback(() => {
    setSelectedId(null);
    setCorrecting(true);
  }, []);
  const cancelCorrecting = useCallback(() => setCorrecting(false), []);
  const lock = useCallback(() => lockChampion(selected), [lockChampion, selected]);
  // One object while nothing in it changes: the room's panels skip the clock's refreshes.
  return useMemo(
    () => ({
      /** What the room's rules let this seat do now (`can()`); the rest is this client's own state. */
      perms,
      myTurn,
      nextInRow,
      askStep,
      correctionStep,
      selected,
      selectedId,
      setSelectedId,
      nextUpId,
      setNextUpId,
      busy,
      selectChampion,
      lockChampion,
      lock,
      command,
      askCorrection,
      startCorrecting,
      cancelCorrecting,
    }),
    [
      perms,
      myTurn,
      nextInRow,
      askStep,
      correctionStep,
      selected,
      selectedId,
      nextUpId,
      busy,
      selectChampion,
      lockChampion,
      lock,
      command,
      askCorrection,
      startCorrecting,
      cancelCorrecting,
    ],
  );
}

export type RoomPlay = ReturnType<typeof useRoomPlay>;
