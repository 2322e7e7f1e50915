import type { Position } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { draftQueries } from "../api/drafts.ts";

/**
 * The positions each champion plays, for the grid's position filters: from the imported match
 * data (server), or undefined until it answers (the grid then uses the champions' roles).
 */
export function useChampionPositions(): ReadonlyMap<number, readonly Position[]> | undefined {
  const query = useQuery(draftQueries.championPositions);
  return useMemo(
    () =>
      query.data
        ? new Map(Object.entries(query.data.positions).map(([id, positions]) => [Number(id), positions]))
        : undefined,
    [query.data],
  );
}
