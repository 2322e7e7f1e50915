import { useRef } from "react";

/** True when both objects have the same keys with `Object.is`-equal values. */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * The object of the previous render while it is shallow-equal to this one: a value derived anew
 * on every render (such as the room's permissions at each clock refresh) keeps its identity until
 * something in it changes, so memoised children and hooks that depend on it skip those renders.
 *
 * @example
 * const perms = useShallowStable(can(seat, state, serverNow));
 */
export function useShallowStable<T extends object>(value: T): T {
  const kept = useRef(value);
  if (!shallowEqual(kept.current, value)) kept.current = value;
  return kept.current;
}
