import { useEffect, useState } from "react";

type Load<T> = () => Promise<T>;
type Outcome =
  | { status: "pending" }
  | { status: "loaded"; value: unknown }
  | { status: "failed"; error: unknown };

/** Each loader's outcome, shared by every component that asks for it (as `lazy` shares its module). */
const outcomes = new WeakMap<Load<unknown>, { outcome: Outcome; promise: Promise<unknown> }>();

function start<T>(load: Load<T>): Promise<unknown> {
  const known = outcomes.get(load);
  if (known) return known.promise;
  const entry: { outcome: Outcome; promise: Promise<unknown> } = {
    outcome: { status: "pending" },
    promise: Promise.resolve(),
  };
  entry.promise = load().then(
    (value) => {
      entry.outcome = { status: "loaded", value };
    },
    (error: unknown) => {
      entry.outcome = { status: "failed", error };
    },
  );
  outcomes.set(load, entry);
  return entry.promise;
}

/**
 * What `load` resolves to (a module loaded on demand), or undefined until it has: the caller shows
 * its own placeholder meanwhile, as ordinary UI, where `lazy` would show a Suspense fallback. React
 * holds back revealing a Suspense boundary until 300 ms after it last showed a fallback (its
 * fallback throttle), so the dashboard's chart, whose code arrived 40 ms after its fallback
 * appeared, was on screen 300 ms later: the screen's slowest part. Loaded through state, it shows
 * as soon as it is there. `load` must be one function kept for the module's life (it keys the
 * shared outcome); `enabled: false` waits. A failed load is thrown while rendering, for the nearest
 * error boundary, as a lazy component's is (a deploy that replaced the files offers a reload there).
 *
 * @example
 * const loadChart = () => import("./Chart.tsx");
 * const chart = useLoadedModule(loadChart);
 * return chart ? <chart.Chart data={data} /> : <ChartLoading />;
 */
export function useLoadedModule<T>(load: Load<T>, enabled = true): T | undefined {
  const [, settled] = useState(0);
  useEffect(() => {
    if (!enabled || outcomes.get(load)?.outcome.status === "loaded") return;
    let mounted = true;
    void start(load).then(() => {
      if (mounted) settled((count) => count + 1);
    });
    return () => {
      mounted = false;
    };
  }, [load, enabled]);
  const outcome = outcomes.get(load)?.outcome;
  if (outcome?.status === "failed") throw outcome.error;
  return outcome?.status === "loaded" ? (outcome.value as T) : undefined;
}

/**
 * Starts loading ahead of the first component that shows it (errors are that component's to show);
 * settles when the load has, either way.
 */
export function preloadModule<T>(load: Load<T>): Promise<void> {
  return start(load).then(() => undefined);
}
