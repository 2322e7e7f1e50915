import type { Scrim, ScrimAnalytics, ScrimGame, ScrimSummary } from "@draftroom/contracts";
import { WORKSPACE_ID } from "@/test/workspace-fixtures.ts";

/** Test data shaped as the scrim routes answer it (packages/contracts/src/schemas/scrims.ts). */

export const SCRIM_ID = "5d0f7f0e-3c1a-4b8e-9a55-2b1d1c0e0a01";
export const GAME_ID = "5d0f7f0e-3c1a-4b8e-9a55-2b1d1c0e0b01";

export function gameOf(patch: Partial<ScrimGame> = {}): ScrimGame {
  return {
    id: GAME_ID,
    number: 1,
    status: "scheduled",
    patch: null,
    session_id: "7",
    room_id: "room-1",
    draft_source: "room",
    draft_complete: false,
    draft: [],
    our_side: "BLUE",
    first_pick_side: "BLUE",
    result: null,
    verdict: null,
    tags: [],
    position_notes: {},
    notes: "",
    plan: null,
    can_enter_result: true,
    updated_at: "2026-11-28T18:00:00.000Z",
    ...patch,
  };
}

export function scrimOf(patch: Partial<Scrim> = {}): Scrim {
  return {
    id: SCRIM_ID,
    workspace_id: WORKSPACE_ID,
    kind: "scrim",
    // As the staff typed it: a test of the untitled name says `untitled: true`.
    title: "Scrim vs Koi",
    untitled: false,
    opponent: { team_id: null, name: "Koi", contact_note: "Discord: koi#coach", key: "name:koi" },
    starts_at: "2026-11-28T18:00:00.000Z",
    time_zone: "Europe/Madrid",
    games_count: 1,
    rules: {
      mode: "normal",
      fearless_rule: null,
      first_selection: null,
      timers: { turn_seconds: 30, bank_seconds: 0 },
      format: { order: "tournament", disabled_slots: [], first_pick: "BLUE" },
    },
    status: "confirmed",
    patch: "14.23",
    notes: "",
    lineup: [],
    series_id: null,
    games: [gameOf()],
    score: { us: 0, them: 0 },
    created_by: { id: 1, username: "coach", name: null },
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    can_edit: true,
    ...patch,
  };
}

export function summaryOf(patch: Partial<ScrimSummary> = {}): ScrimSummary {
  const { games: _games, rules: _rules, lineup: _lineup, ...rest } = scrimOf();
  return { ...rest, mode: "normal", games_played: 0, ...patch };
}

const figure = (wins: number, losses: number) => ({
  n: wins + losses,
  wins,
  losses,
  win_rate: wins + losses === 0 ? null : wins / (wins + losses),
  small_sample: wins + losses < 5,
});

export function analyticsOf(patch: Partial<ScrimAnalytics> = {}): ScrimAnalytics {
  return {
    filters: { kind: "scrim" },
    kind: "scrim",
    mixed: false,
    small_sample_threshold: 5,
    games: { total: 12, counted: 11, excluded: { remake: 1, stopped_early: 0, unfinished: 0 } },
    overall: figure(8, 3),
    by: {
      side: [
        { key: "BLUE", label: "Blue", ...figure(6, 1) },
        { key: "RED", label: "Red", ...figure(2, 2) },
      ],
      first_pick: [],
      first_selection: [],
      opponent: [{ key: "name:koi", label: "Koi", ...figure(8, 3) }],
      plan: [],
      branch: [],
      verdict: [{ key: "draft_won", label: "draft_won", ...figure(5, 0) }],
      tag: [],
    },
    players: [
      {
        player_key: "p-top",
        player_name: "Wunder",
        position: "top",
        champion_id: 68,
        ...figure(7, 2),
        kills: 40,
        deaths: 20,
        assists: 50,
        kda: 4.5,
        gold_at_15: 5200,
        gold_at_15_n: 9,
      },
    ],
    trend: [{ week: "2026-11-23", ...figure(8, 3) }],
    comfort: [
      {
        player_key: "p-top",
        player_name: "Wunder",
        position: "top",
        champion_id: 103,
        tier: "S",
        ...figure(1, 4),
        keeps_losing: true,
      },
    ],
    compositions: [],
    ...patch,
  };
}
