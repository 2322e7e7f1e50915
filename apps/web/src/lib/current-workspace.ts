import { STORAGE_KEYS, type WorkspaceChoice } from "@draftroom/contracts";
import { useSyncExternalStore } from "react";
import { collabApi } from "./collab-api.ts";
import { syncFirstPaintCookie } from "./first-paint-cookie.ts";
import { logger } from "./logger.ts";
import { storage } from "./storage.ts";

/**
 * The workspace the header's switcher has chosen (null: the personal space). Lists and create
 * dialogs read it. The account keeps it too (decision record 054): the browser's copy paints the
 * first screen, the account's decides where a member lands on another device or after joining.
 */

const listeners = new Set<() => void>();
let current: string | null = storage.get(STORAGE_KEYS.currentWorkspace);

export function currentWorkspace(): string | null {
  return current;
}

/** Changes this browser's choice only (a workspace left or deleted, the account's answer). */
export function setCurrentWorkspace(id: string | null): void {
  if (id === current) return;
  current = id;
  if (id) storage.set(STORAGE_KEYS.currentWorkspace, id);
  else storage.remove(STORAGE_KEYS.currentWorkspace);
  syncFirstPaintCookie();
  for (const listener of listeners) listener();
}

/** The switcher's choice: this browser's at once, the account's in the background (best effort). */
export async function chooseWorkspace(id: string | null): Promise<WorkspaceChoice | undefined> {
  setCurrentWorkspace(id);
  try {
    return await collabApi.chooseLanding(id);
  } catch (error) {
    logger.warn("Could not remember the chosen workspace", error);
    return undefined;
  }
}

/**
 * Follows the account's answer: the space it chose, created or joined last. An account that never
 * chose (before record 054) takes this browser's choice instead, so nobody is moved by the upgrade.
 */
export function adoptLanding(choice: WorkspaceChoice): void {
  if (choice.chosen) setCurrentWorkspace(choice.workspace_id);
  else if (current) void chooseWorkspace(current);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The chosen workspace id, or null for the personal space. The server's first paint sets it from
 * the page request (entry-server.tsx), so its snapshot is the same.
 */
export function useCurrentWorkspace(): string | null {
  return useSyncExternalStore(subscribe, currentWorkspace, currentWorkspace);
}
