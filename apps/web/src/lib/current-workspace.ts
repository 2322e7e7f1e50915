import { STORAGE_KEYS } from "@draftroom/contracts";
import { useSyncExternalStore } from "react";
import { storage } from "./storage.ts";

/**
 * The workspace the header's switcher has chosen (null: the personal space). Lists and create
 * dialogs read it; it is kept per browser, like the theme and the language.
 */

const listeners = new Set<() => void>();
let current: string | null = storage.get(STORAGE_KEYS.currentWorkspace);

export function currentWorkspace(): string | null {
  return current;
}

export function setCurrentWorkspace(id: string | null): void {
  if (id === current) return;
  current = id;
  if (id) storage.set(STORAGE_KEYS.currentWorkspace, id);
  else storage.remove(STORAGE_KEYS.currentWorkspace);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen workspace id, or null for the personal space. */
export function useCurrentWorkspace(): string | null {
  return useSyncExternalStore(subscribe, currentWorkspace, () => null);
}
