import { useCallback, useEffect, useRef } from "react";
import { ApiRequestError } from "./api.ts";

export type Schemas = typeof import("./schemas.lazy.ts");

let pending: Promise<Schemas> | undefined;
let loaded: Schemas | undefined;

/**
 * The contract's schemas (forms, imported files, the room's messages), loaded on first use. Building
 * zod's schemas took a cold page 70-200 ms of its main thread before any screen could show, and no
 * screen needs them to render: a form needs them when it is submitted, the room when its first
 * message arrives. A load that fails is a FETCH_ERROR (the code could not be fetched: "Could not
 * reach the server") and is forgotten, so the next submit tries again.
 */
export function loadSchemas(): Promise<Schemas> {
  pending ??= import("./schemas.lazy.ts").then(
    (schemas) => {
      loaded = schemas;
      return schemas;
    },
    (error: unknown) => {
      pending = undefined;
      throw new ApiRequestError({ kind: "FETCH_ERROR", message: String(error) });
    },
  );
  return pending;
}

/** The schemas if they have loaded already (no wait), else undefined. */
export function loadedSchemas(): Schemas | undefined {
  return loaded;
}

/** Starts loading the schemas when a form appears, so that its submit seldom waits for them. */
export function usePreloadedSchemas(enabled = true): void {
  useEffect(() => {
    if (enabled) loadSchemas().catch(() => undefined);
  }, [enabled]);
}

/**
 * For a form that validates with the schemas on submit: starts loading them while `enabled` (the
 * form is on screen) and returns `withSchemas(run, failed)`, which calls `run` with the schemas once
 * they are there, or `failed` with the load's FETCH_ERROR. A call while an earlier one waits for them
 * is ignored: one submit per click, however slow the load.
 */
export function useWithSchemas(
  enabled = true,
): (run: (schemas: Schemas) => void, failed: (error: unknown) => void) => Promise<void> {
  usePreloadedSchemas(enabled);
  const waiting = useRef(false);
  return useCallback(async (run, failed) => {
    if (waiting.current) return;
    waiting.current = true;
    let schemas: Schemas;
    try {
      schemas = await loadSchemas();
    } catch (error) {
      failed(error);
      return;
    } finally {
      waiting.current = false;
    }
    run(schemas);
  }, []);
}
