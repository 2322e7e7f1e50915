/**
 * In-process news that what decides workspace access may have changed: a membership, a role, a
 * suspension, a workspace's billing owner, or a plan. The writers (the workspaces and
 * subscriptions repositories) call `accessChanged`; the workspaces access cache listens. It lives
 * in db/ so that subscriptions, which workspaces depends on, can announce a plan change without
 * importing workspaces. Other processes hear the same changes through the database
 * (ACCESS_CHANNEL triggers on PostgreSQL, `PRAGMA data_version` on SQLite; see change-feed.ts).
 */
type AccessListener = (workspaceId: string | null) => void;

const listeners = new Set<AccessListener>();

/** `workspaceId` null: anything may have changed (a plan change touches every workspace it bills). */
export function accessChanged(workspaceId: string | null): void {
  for (const listener of listeners) listener(workspaceId);
}

export function onAccessChanged(listener: AccessListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
