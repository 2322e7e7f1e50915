import { DEFAULT_DRAFT_FORMAT, DEFAULT_DRAFT_SETTINGS, type DraftSession } from "@draftroom/contracts";

/** The id of the draft session `draftSession` answers unless told otherwise. */
export const SESSION_ID = "5d3f7a2e-1b4c-4e8a-9f21-7c6b5a4d3e21";

/**
 * A draft session as the server answers it, for component tests: "Scrim vs G2", T1 Academy on
 * blue against G2, no league, default settings and format, not started. `patch` changes any field.
 *
 * @example draftSession({ status: "complete", current_step: 20, winner: "RED" })
 */
export function draftSession(patch: Partial<DraftSession> = {}): DraftSession {
  return {
    id: SESSION_ID,
    title: "Scrim vs G2",
    description: "",
    league: null,
    blue_team: null,
    red_team: null,
    blue_team_name: "T1 Academy",
    red_team_name: "G2",
    settings: DEFAULT_DRAFT_SETTINGS,
    format: DEFAULT_DRAFT_FORMAT,
    series: null,
    current_phase: 1,
    current_step: 0,
    status: "in_progress",
    winner: null,
    created_at: "2026-11-20T10:00:00.000Z",
    updated_at: "2026-11-20T10:00:00.000Z",
    ...patch,
  };
}
