import type { Analytics } from "@draftroom/contracts";

/** How many champions each ranking lists. */
export const TOP_CHAMPIONS = 10;

export interface SessionFact {
  created_at: string;
  completed_at: string | null;
  winner: "BLUE" | "RED" | null;
}

export interface ActionFact {
  session_id: string;
  champion_id: number | null;
  phase_number: number;
  action_type: "BAN" | "PICK";
}

const DAY_MS = 86_400_000;

/** UTC midnight of the first day of a window of `days` days that ends today (inclusive). */
export function windowStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

function dayOf(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

function ranking(counts: Map<number, number>, names: ReadonlyMap<number, string>): Analytics["most_picked"] {
  return [...counts]
    .map(([champion_id, count]) => ({ champion_id, name: names.get(champion_id) ?? "", count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.champion_id - b.champion_id)
    .slice(0, TOP_CHAMPIONS);
}

function bump(counts: Map<number, number>, id: number) {
  counts.set(id, (counts.get(id) ?? 0) + 1);
}

/**
 * Builds the dashboard figures from the sessions created or completed in the window and the
 * actions of the sessions created in it. Pure, so both databases feed it the same facts.
 *
 * @example
 * summarize({ days: 7, now: new Date(), sessions: [], actions: [], names: new Map() }).sessions_created; // 0
 */
export function summarize(input: {
  days: number;
  now: Date;
  sessions: readonly SessionFact[];
  actions: readonly ActionFact[];
  names: ReadonlyMap<number, string>;
}): Analytics {
  const start = windowStart(input.now, input.days).getTime();
  const inWindow = (iso: string | null): iso is string => iso !== null && new Date(iso).getTime() >= start;

  const perDay = new Map<string, { created: number; completed: number }>();
  for (let i = 0; i < input.days; i++) {
    perDay.set(new Date(start + i * DAY_MS).toISOString().slice(0, 10), { created: 0, completed: 0 });
  }

  let created = 0;
  let completed = 0;
  const results = { blue_wins: 0, red_wins: 0, unrecorded: 0 };
  for (const session of input.sessions) {
    if (inWindow(session.created_at)) {
      created++;
      const day = perDay.get(dayOf(session.created_at));
      if (day) day.created++;
    }
    if (inWindow(session.completed_at)) {
      completed++;
      const day = perDay.get(dayOf(session.completed_at));
      if (day) day.completed++;
      if (session.winner === "BLUE") results.blue_wins++;
      else if (session.winner === "RED") results.red_wins++;
      else results.unrecorded++;
    }
  }

  // A session's first pick and first ban are its earliest of each, whatever its format (with bans
  // switched off, the first pick is not the full order's seventh turn).
  const firsts = new Map<string, { PICK: number; BAN: number }>();
  for (const action of input.actions) {
    const first = firsts.get(action.session_id) ?? { PICK: Infinity, BAN: Infinity };
    first[action.action_type] = Math.min(first[action.action_type], action.phase_number);
    firsts.set(action.session_id, first);
  }
  const picks = new Map<number, number>();
  const bans = new Map<number, number>();
  const firstPicks = new Map<number, number>();
  const firstBans = new Map<number, number>();
  for (const action of input.actions) {
    if (action.champion_id === null) continue; // a skipped ban names no champion
    const first = firsts.get(action.session_id)?.[action.action_type] === action.phase_number;
    if (action.action_type === "PICK") {
      bump(picks, action.champion_id);
      if (first) bump(firstPicks, action.champion_id);
    } else {
      bump(bans, action.champion_id);
      if (first) bump(firstBans, action.champion_id);
    }
  }

  return {
    days: input.days,
    sessions_created: created,
    sessions_completed: completed,
    most_picked: ranking(picks, input.names),
    most_banned: ranking(bans, input.names),
    first_picks: ranking(firstPicks, input.names),
    first_bans: ranking(firstBans, input.names),
    results,
    per_day: [...perDay].map(([date, counts]) => ({ date, ...counts })),
  };
}
