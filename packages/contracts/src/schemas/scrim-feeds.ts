import { z } from "zod";
import { SCRIM_GAME_STATUSES, SCRIM_KINDS, SCRIM_TEAMS, SCRIM_VERDICTS } from "../scrims-vocabulary.ts";
import { timestampSchema } from "./common.ts";
import { scrimFigureSchema, scrimGroupFigureSchema } from "./scrims.ts";

/**
 * The scrim ledger feeds the rest (issue 33 "It feeds the rest", decision record 058): a plan's
 * review shows how its branches fared in scrims, and scouting of the team itself shows its scrims
 * apart from its official games. Team-only, like the ledger: a member's token, another
 * workspace's (or plan's) id is the 404 of a missing one.
 *
 * Routes (under /api):
 *   GET /draft-plans/{id}/scrims/                 the plan's branches in the workspace's scrims
 *   GET /workspaces/{id}/scrims/drafting/         how we draft in scrims (?from=&to=&patch=)
 */

/** One scrim game that followed a plan, for a link to it. */
export const planScrimGameSchema = z.object({
  scrim_id: z.string(),
  scrim_title: z.string(),
  /** No title was given: the app names it from `scrim_kind` and `opponent_name` (`untitledScrimName`). */
  scrim_untitled: z.boolean(),
  scrim_kind: z.enum(SCRIM_KINDS),
  opponent_name: z.string(),
  game_id: z.string(),
  game_number: z.number().int(),
  starts_at: timestampSchema,
  status: z.enum(SCRIM_GAME_STATUSES),
  /** `us`/`them` for a played game; null otherwise. */
  winner: z.enum(SCRIM_TEAMS).nullable(),
  verdict: z.enum(SCRIM_VERDICTS).nullable(),
});
export type PlanScrimGame = z.infer<typeof planScrimGameSchema>;

export const scrimVerdictCountsSchema = z.object(
  Object.fromEntries(SCRIM_VERDICTS.map((v) => [v, z.number().int().nonnegative()])) as Record<
    (typeof SCRIM_VERDICTS)[number],
    z.ZodNumber
  >,
);
export type ScrimVerdictCounts = z.infer<typeof scrimVerdictCountsSchema>;

/**
 * One branch of the plan (or its root, `branch_id` null) in scrims: `n`/`wins`/`losses` count
 * played games only (a remake is not a loss), `games` every game that followed it.
 */
export const planBranchScrimsSchema = scrimFigureSchema.extend({
  branch_id: z.string().nullable(),
  /** The branch's label now, or as the game kept it when the plan no longer has the branch. */
  branch_label: z.string().nullable(),
  /** False for a branch games followed that the plan's current content no longer has. */
  in_plan: z.boolean(),
  /** Depth in the plan's tree (0: the root or a top-level branch). */
  depth: z.number().int().nonnegative(),
  games: z.number().int().nonnegative(),
  verdicts: scrimVerdictCountsSchema,
  /** The games, newest first. */
  game_list: z.array(planScrimGameSchema),
});
export type PlanBranchScrims = z.infer<typeof planBranchScrimsSchema>;

export const planScrimsSchema = z.object({
  plan_id: z.string(),
  /** The plan's workspace; null for a personal plan (scrims live in workspaces: no figures). */
  workspace_id: z.string().nullable(),
  /** Always scrims: official games are never mixed in here. */
  kind: z.literal("scrim"),
  small_sample_threshold: z.number().int(),
  overall: scrimFigureSchema,
  games: z.number().int().nonnegative(),
  /** The root first, then every branch in the plan's order, then branches the plan dropped. */
  branches: z.array(planBranchScrimsSchema),
});
export type PlanScrims = z.infer<typeof planScrimsSchema>;

export const scrimDraftingQuerySchema = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  patch: z.string().max(16).optional(),
});
export type ScrimDraftingQuery = z.infer<typeof scrimDraftingQuerySchema>;

/** A champion in our scrims: how often, and our record in the games it was in. */
export const scrimChampionFigureSchema = scrimFigureSchema.extend({
  champion_id: z.number().int(),
  name: z.string(),
  /** Games it was in (played or not), the ranking key. */
  games: z.number().int().nonnegative(),
});
export type ScrimChampionFigure = z.infer<typeof scrimChampionFigureSchema>;

export const scrimChampionCountSchema = z.object({
  champion_id: z.number().int(),
  name: z.string(),
  count: z.number().int().nonnegative(),
});

/** How we draft, from the scrim ledger only (the official games come from scouting's report). */
export const scrimDraftingSchema = z.object({
  workspace_id: z.string(),
  /** The league team the workspace is linked to (its official games), null when none. */
  team_id: z.number().int().nullable(),
  kind: z.literal("scrim"),
  mixed: z.literal(false),
  small_sample_threshold: z.number().int(),
  games: z.object({
    total: z.number().int().nonnegative(),
    counted: z.number().int().nonnegative(),
    /** Games with a complete draft in the ledger (picks and bans below come from these). */
    with_draft: z.number().int().nonnegative(),
  }),
  overall: scrimFigureSchema,
  by_side: z.array(scrimGroupFigureSchema),
  by_first_pick: z.array(scrimGroupFigureSchema),
  /** Our picks, most played first (at most SCRIM_DRAFTING_LIMIT). */
  picks: z.array(scrimChampionFigureSchema),
  /** Our first picks. */
  first_picks: z.array(scrimChampionFigureSchema),
  /** Our bans and the bans against us, most frequent first. */
  bans: z.array(scrimChampionCountSchema),
  bans_against: z.array(scrimChampionCountSchema),
});
export type ScrimDrafting = z.infer<typeof scrimDraftingSchema>;

/** Champions listed per list of "how we draft". */
export const SCRIM_DRAFTING_LIMIT = 10;
