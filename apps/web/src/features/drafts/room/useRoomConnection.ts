import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { API_BASE } from "@/lib/api.ts";
import { reloadOnce, reloadSucceeded } from "@/lib/reload-once.ts";
import { RoomConnection, type RoomCredentials } from "./connection.ts";

/**
 * The room's live connection for as long as the page shows it: the state (status, room, clock
 * offset) re-renders the page on every server message; `connection.send` issues commands.
 */
export function useRoomConnection(roomId: string, credentials: RoomCredentials | null) {
  const key = credentials
    ? "token" in credentials
      ? `t:${credentials.token}:${credentials.name ?? ""}`
      : "auth" in credentials
        ? `a:${credentials.auth}`
        : `w:${credentials.watch}`
    : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: one connection per room and credential
  const connection = useMemo(
    () => (credentials ? new RoomConnection(roomId, credentials, API_BASE) : null),
    [roomId, key],
  );
  useEffect(() => {
    if (!connection) return;
    connection.start();
    return () => connection.stop();
  }, [connection]);
  const state = useSyncExternalStore(
    connection?.subscribe ?? noopSubscribe,
    connection?.getState ?? nullState,
    connection?.getState ?? nullState,
  );
  // A page older than the server's room protocol (a deploy happened while it was open) reloads
  // itself once: an overlay in a broadcast tool or a public view on a screen has nobody to press
  // reload. A second refusal within a minute shows the "Please reload" screen instead.
  const status = connection ? state?.status : undefined;
  const failure = connection ? state?.failure : undefined;
  useEffect(() => {
    if (failure === "unsupported_protocol") reloadOnce("room-protocol");
    else if (status === "open") reloadSucceeded("room-protocol");
  }, [status, failure]);
  return { connection, state: connection ? state : null };
}

const noopSubscribe = () => () => {};
const nullState = () => null;

/**
 * The server's clock as this client reckons it (`Date.now() + offset`), refreshed four times a
 * second while `running`.
 */
export function useServerNow(offset: number | null, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [running]);
  return now + (offset ?? 0);
}
