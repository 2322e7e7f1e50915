import {
  applyAction,
  type BoardView,
  buildBoardView,
  createDraft,
  type DraftActionInput,
  type DraftState,
  nextStep,
  type Side,
} from "@draftroom/draft";
import { DEMO_CHAMPIONS, type DemoChampion, demoChampion } from "./champions.ts";

/** i18n keys (`landing:demo.reasons.<key>`) of the reasons the demo gives. */
export type DemoReasonKey =
  | "firstPick"
  | "answerBot"
  | "synergy"
  | "denyTop"
  | "denyMid"
  | "fillJungle"
  | "composition";

interface ScriptedAction {
  /** Display name of the champion played at this step. */
  champion: string;
  /** Blue (the visitor's team) gets suggestions; the scripted choice is always the first one. */
  recommend?: { reason: DemoReasonKey; champions: readonly string[] };
}

/** Ban phase 1 (sequence steps 0-5), already played when the demo opens. */
export const DEMO_OPENING_BANS: readonly string[] = ["Rumble", "Azir", "Kalista", "Rell", "Skarner", "Corki"];

/** The 14 scripted steps the visitor walks through: sequence steps 6-19. */
export const DEMO_SCRIPT: readonly ScriptedAction[] = [
  {
    champion: "Orianna",
    recommend: { reason: "firstPick", champions: ["Orianna", "Kai'Sa", "Sejuani", "Ahri", "Vi"] },
  },
  { champion: "Xin Zhao" },
  { champion: "Varus" },
  { champion: "Xayah", recommend: { reason: "answerBot", champions: ["Xayah", "Ezreal", "Zeri", "Ashe"] } },
  {
    champion: "Rakan",
    recommend: { reason: "synergy", champions: ["Rakan", "Nautilus", "Braum", "Alistar"] },
  },
  { champion: "Renata Glasc" },
  // Ban phase 2 in the official order: red bans first (R B R B).
  { champion: "Sejuani" },
  { champion: "Jax", recommend: { reason: "denyTop", champions: ["Jax", "Aatrox", "Renekton", "Camille"] } },
  { champion: "Vi" },
  { champion: "Taliyah", recommend: { reason: "denyMid", champions: ["Taliyah", "Syndra", "Ahri", "Yone"] } },
  { champion: "Sylas" },
  {
    champion: "Lee Sin",
    recommend: { reason: "fillJungle", champions: ["Lee Sin", "Maokai", "Wukong", "Viego"] },
  },
  {
    champion: "K'Sante",
    recommend: { reason: "composition", champions: ["K'Sante", "Ornn", "Gnar", "Poppy"] },
  },
  { champion: "Gnar" },
];

export const DEMO_STEP_COUNT = DEMO_SCRIPT.length;
const FIRST_SCRIPTED_STEP = DEMO_OPENING_BANS.length;

export interface DemoState {
  /** Scripted actions applied so far, 0 to DEMO_STEP_COUNT. */
  step: number;
  /** The board view model every draft screen draws; `board.next` is null once complete. */
  board: BoardView<DemoChampion>;
  recommendation: { reasonKey: DemoReasonKey; champions: DemoChampion[] } | null;
  /** Pool members neither played nor recommended, in pool order. */
  otherChampions: DemoChampion[];
}

const byId = new Map(DEMO_CHAMPIONS.map((champion) => [champion.id, champion]));
const DEMO_DRAFT_START = createDraft({ championIds: DEMO_CHAMPIONS.map((champion) => champion.id) });

/** Plays a champion at the draft's next step through the rules engine (which rejects a bad script). */
function playNext(state: DraftState, name: string): DraftState {
  const step = nextStep(state);
  if (!step) throw new Error("The demo script is longer than the draft sequence");
  const action: DraftActionInput = {
    phase_number: step.index,
    action_type: step.type,
    team_side: step.side,
    champion_id: demoChampion(name).id,
  };
  const result = applyAction(state, action);
  if (!result.ok)
    throw new Error(`The demo script breaks a draft rule at step ${step.index}: ${result.code}`);
  return result.state;
}

/**
 * The board after `step` scripted actions (clamped to 0..14), played through the draft rules engine
 * of packages/draft: each champion lands on the side and action of its sequence step.
 *
 * @example
 * demoStateAt(0).board.next; // { index: 6, side: "BLUE", type: "PICK", phase: 2 }
 * demoStateAt(14).board.next; // null: draft complete
 */
export function demoStateAt(
  step: number,
  names: Readonly<Record<Side, string>> = { BLUE: "Blue", RED: "Red" },
): DemoState {
  const applied = Math.min(DEMO_STEP_COUNT, Math.max(0, Math.trunc(step)));
  const played = [...DEMO_OPENING_BANS, ...DEMO_SCRIPT.slice(0, applied).map((action) => action.champion)];
  const draft = played.reduce(playNext, DEMO_DRAFT_START);
  const board = buildBoardView({ state: draft, names, champion: (id) => byId.get(id) });

  const next = board.next;
  const nextAction = DEMO_SCRIPT[applied];
  const recommendation =
    next && nextAction?.recommend
      ? {
          reasonKey: nextAction.recommend.reason,
          champions: nextAction.recommend.champions.map(demoChampion),
        }
      : null;
  const hidden = new Set([...played, ...(recommendation?.champions.map((champion) => champion.name) ?? [])]);
  return {
    step: applied,
    board,
    recommendation,
    otherChampions: DEMO_CHAMPIONS.filter((champion) => !hidden.has(champion.name)),
  };
}

/** Sequence index (0-19) of the demo's next action, for the countdown's phase key. */
export function demoSequenceIndex(step: number): number {
  return FIRST_SCRIPTED_STEP + Math.min(DEMO_STEP_COUNT, Math.max(0, Math.trunc(step)));
}
