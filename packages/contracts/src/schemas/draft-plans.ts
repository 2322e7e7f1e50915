import {
  DRAFT_PLAN_CONDITION_TYPES,
  DRAFT_PLAN_FORMAT_VERSION,
  DRAFT_PLAN_ISSUE_CODES,
  DRAFT_PLAN_SIDES,
  OPPONENT_STYLES,
  POSITIONS,
} from "@draftroom/draft";
import { z } from "zod";
import { MAX_ROW_ID, NO_NUL_CHARACTER, timestampSchema } from "./common.ts";
import { actionTypeSchema, sideSchema } from "./drafts.ts";

/**
 * Draft plans (decision 020): a coaching staff's prep sheet for a match with contingency branches
 * (packages/draft `DraftPlanContent`), owned by a workspace or a person, versioned on every save,
 * exported and imported as a versioned JSON file. Not the subscription plans of plans.ts.
 */

export const DRAFT_PLAN_LIMITS = {
  name: 120,
  text: 500,
  bans: 10,
  picks: 10,
  branches: 60,
  depth: 4,
  answer: 10,
  conditions: 6,
  any_of: 10,
} as const;

/** The `format` field of an exported plan file. */
export const DRAFT_PLAN_FILE_FORMAT = "draftroom.draft-plan";

const championId = z.number().int().positive().max(MAX_ROW_ID);
const text = (max: number = DRAFT_PLAN_LIMITS.text) =>
  z.string().trim().max(max, { error: "tooLong" }).regex(NO_NUL_CHARACTER, { error: "invalidValue" });
const positionSchema = z.enum(POSITIONS);
const teamSchema = z.enum(["us", "them"]);

export const draftPlanConditionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("picked"), team: teamSchema, champion_id: championId }),
  z.object({ type: z.literal("banned"), team: z.enum(["us", "them", "either"]), champion_id: championId }),
  z.object({ type: z.literal("position"), team: teamSchema, position: positionSchema }),
  z.object({
    type: z.literal("any_of"),
    team: teamSchema,
    action: actionTypeSchema,
    champion_ids: z.array(championId).min(1).max(DRAFT_PLAN_LIMITS.any_of),
    count: z.number().int().min(1).max(DRAFT_PLAN_LIMITS.any_of),
  }),
  z.object({ type: z.literal("first_pick"), team: teamSchema, champion_id: championId }),
]);
export type DraftPlanConditionBody = z.infer<typeof draftPlanConditionSchema>;
export const DRAFT_PLAN_CONDITION_KINDS = DRAFT_PLAN_CONDITION_TYPES;

export const draftPlanActionSchema = z.object({
  action: actionTypeSchema,
  champion_id: championId,
  note: text().default(""),
  position: positionSchema.nullable().optional(),
});

export interface DraftPlanBranchBody {
  id: string;
  label: string;
  conditions: DraftPlanConditionBody[];
  answer: z.infer<typeof draftPlanActionSchema>[];
  children: DraftPlanBranchBody[];
}

export const draftPlanBranchSchema: z.ZodType<DraftPlanBranchBody> = z
  .lazy(
    () =>
      z.object({
        id: z
          .string()
          .trim()
          .min(1)
          .max(40)
          .regex(/^[A-Za-z0-9_-]+$/, { error: "invalidValue" }),
        label: text(DRAFT_PLAN_LIMITS.name).default(""),
        conditions: z.array(draftPlanConditionSchema).max(DRAFT_PLAN_LIMITS.conditions),
        answer: z.array(draftPlanActionSchema).max(DRAFT_PLAN_LIMITS.answer),
        children: z.array(draftPlanBranchSchema).default([]),
      }),
    // A named schema: the OpenAPI document lists the recursive branch once under components.
  )
  .meta({ id: "DraftPlanBranch" }) as z.ZodType<DraftPlanBranchBody>;

export const draftPlanSeriesSchema = z.object({
  fearless: z.boolean(),
  game: z.number().int().min(1).max(5),
  best_of: z.number().int().min(1).max(5),
  used: z.array(championId).max(100),
  first_selection: z
    .object({ by: teamSchema, choice: z.enum(["side", "first_pick"]) })
    .nullable()
    .optional(),
});

function countBranches(
  branches: readonly DraftPlanBranchBody[],
  depth = 1,
): { count: number; depth: number } {
  let count = 0;
  let max = branches.length > 0 ? depth : depth - 1;
  for (const b of branches) {
    const inner = countBranches(b.children, depth + 1);
    count += 1 + inner.count;
    max = Math.max(max, inner.depth);
  }
  return { count, depth: max };
}

function branchIds(branches: readonly DraftPlanBranchBody[], into: string[] = []): string[] {
  for (const b of branches) {
    into.push(b.id);
    branchIds(b.children, into);
  }
  return into;
}

/** A plan's content: the JSON body every version stores (packages/draft `DraftPlanContent`). */
export const draftPlanContentSchema = z
  .object({
    name: text(DRAFT_PLAN_LIMITS.name).min(1, { error: "draftPlanNameRequired" }),
    opponent_team: text(100).nullable().default(null),
    side: z.enum(DRAFT_PLAN_SIDES).default("BOTH"),
    series: draftPlanSeriesSchema.nullable().default(null),
    bans: z
      .array(
        z.object({
          phase: z.union([z.literal(1), z.literal(2)]),
          champion_id: championId,
          reason: text().default(""),
        }),
      )
      .max(DRAFT_PLAN_LIMITS.bans)
      .default([]),
    first_picks: z
      .array(z.object({ champion_id: championId, note: text().default("") }))
      .max(DRAFT_PLAN_LIMITS.picks)
      .default([]),
    flex_picks: z
      .array(
        z.object({
          champion_id: championId,
          positions: z.array(positionSchema).min(1).max(5),
          note: text().default(""),
        }),
      )
      .max(DRAFT_PLAN_LIMITS.picks)
      .default([]),
    branches: z.array(draftPlanBranchSchema).default([]),
    position_notes: z.partialRecord(positionSchema, text()).default({}),
    win_condition: text().default(""),
  })
  .superRefine((plan, ctx) => {
    const { count, depth } = countBranches(plan.branches);
    if (count > DRAFT_PLAN_LIMITS.branches)
      ctx.addIssue({ code: "custom", path: ["branches"], message: "draftPlanTooManyBranches" });
    if (depth > DRAFT_PLAN_LIMITS.depth)
      ctx.addIssue({ code: "custom", path: ["branches"], message: "draftPlanTooDeep" });
    const ids = branchIds(plan.branches);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: "custom", path: ["branches"], message: "draftPlanDuplicateBranch" });
  });
export type DraftPlanContentBody = z.input<typeof draftPlanContentSchema>;
export type DraftPlanContentData = z.output<typeof draftPlanContentSchema>;

export const draftPlanIssueSchema = z.object({
  code: z.enum(DRAFT_PLAN_ISSUE_CODES),
  path: z.string(),
  champion_id: z.number().int().optional(),
  branch_id: z.string().optional(),
  reason: z.string().optional(),
});
export type DraftPlanIssueBody = z.infer<typeof draftPlanIssueSchema>;

/** One plan as the API gives it: the latest version's content and its problems. */
export const draftPlanSchema = z.object({
  id: z.uuid(),
  workspace_id: z.uuid().nullable(),
  owner_id: z.number().int(),
  name: z.string(),
  opponent_team: z.string().nullable(),
  side: z.enum(DRAFT_PLAN_SIDES),
  version: z.number().int().positive(),
  content: draftPlanContentSchema,
  issues: z.array(draftPlanIssueSchema),
  /** What the caller may do with it. */
  can_edit: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type DraftPlan = z.infer<typeof draftPlanSchema>;

export const draftPlanSummarySchema = draftPlanSchema.pick({
  id: true,
  workspace_id: true,
  name: true,
  opponent_team: true,
  side: true,
  version: true,
  can_edit: true,
  updated_at: true,
});
export type DraftPlanSummary = z.infer<typeof draftPlanSummarySchema>;
export const draftPlanListSchema = z.object({ results: z.array(draftPlanSummarySchema) });

export const draftPlanListQuerySchema = z.object({
  /** Plans of this workspace; without it, the caller's personal plans. */
  workspace_id: z.uuid().optional(),
});

export const draftPlanCreateBodySchema = z.object({
  /** null or absent: a personal plan. */
  workspace_id: z.uuid().nullable().default(null),
  content: draftPlanContentSchema,
});
export type DraftPlanCreateBody = z.input<typeof draftPlanCreateBodySchema>;

export const draftPlanUpdateBodySchema = z.object({
  content: draftPlanContentSchema,
  /** The version the edit started from: another save in between is a 409 conflict. */
  base_version: z.number().int().positive().optional(),
});
export type DraftPlanUpdateBody = z.input<typeof draftPlanUpdateBodySchema>;

export const draftPlanParamsSchema = z.object({ id: z.uuid() });
export const draftPlanVersionParamsSchema = z.object({
  id: z.uuid(),
  version: z.coerce.number().int().positive().max(MAX_ROW_ID),
});

export const draftPlanVersionSchema = z.object({
  version: z.number().int().positive(),
  name: z.string(),
  created_by: z.number().int().nullable(),
  created_at: timestampSchema,
  /** The version this one restored, if it is a restore. */
  restored_from: z.number().int().nullable(),
});
export const draftPlanVersionListSchema = z.object({ results: z.array(draftPlanVersionSchema) });
export const draftPlanVersionDetailSchema = draftPlanVersionSchema.extend({
  content: draftPlanContentSchema,
});

export const draftPlanDuplicateBodySchema = z.object({
  workspace_id: z.uuid().nullable().optional(),
  name: text(DRAFT_PLAN_LIMITS.name).min(1).optional(),
});

/** The exported file: versioned, importable. */
export const draftPlanFileSchema = z.object({
  format: z.literal(DRAFT_PLAN_FILE_FORMAT),
  version: z.literal(DRAFT_PLAN_FORMAT_VERSION),
  exported_at: timestampSchema,
  plan: draftPlanContentSchema,
});
export type DraftPlanFile = z.infer<typeof draftPlanFileSchema>;

export const draftPlanImportBodySchema = z.object({
  workspace_id: z.uuid().nullable().default(null),
  file: draftPlanFileSchema,
});

// ---- model: drill, likelihood, coverage, budget ------------------------------------------

export const draftPlanDrillBodySchema = z.object({
  /** Our side in the drill; default the plan's side (BLUE for a plan for both sides). */
  side: sideSchema.optional(),
  drafts: z.number().int().min(1).max(500).default(100),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .default(1),
  style: z.enum(OPPONENT_STYLES).default("balanced"),
});
export type DraftPlanDrillBody = z.input<typeof draftPlanDrillBodySchema>;

const drillSchema = z.object({
  drafts: z.number().int(),
  our_side: sideSchema,
  branches: z.array(z.object({ id: z.string(), count: z.number().int() })),
  main_line: z.number().int(),
  no_answer: z.array(z.object({ step: z.number().int(), count: z.number().int() })),
  opponent_first_phase: z.array(
    z.object({ champion_id: z.number().int(), count: z.number().int(), answered: z.number().int() }),
  ),
});

export const draftPlanAnalysisSchema = z.object({
  opponent: z.object({ name: z.string().nullable(), games: z.number().int(), side_games: z.number().int() }),
  drill: drillSchema,
  coverage: z.object({
    share: z.number().nullable(),
    likely_picks: z.number().int(),
    drafts: z.number().int(),
    uncovered: z.array(
      z.object({ champion_id: z.number().int(), count: z.number().int(), share: z.number() }),
    ),
  }),
  likelihood: z.array(
    z.object({
      branch_id: z.string(),
      share: z.number().nullable(),
      drafts: z.number().int(),
      evidence: z.array(
        z.object({
          champion_id: z.number().int(),
          action: z.enum(["PICK", "BAN"]),
          side_count: z.number().int(),
          side_games: z.number().int(),
          count: z.number().int(),
          games: z.number().int(),
        }),
      ),
    }),
  ),
  elapsed_ms: z.number(),
});
export type DraftPlanAnalysis = z.infer<typeof draftPlanAnalysisSchema>;

export const draftPlanBudgetBodySchema = z.object({
  games: z
    .array(z.object({ game: z.number().int().min(1).max(5), plan_id: z.uuid() }))
    .min(1)
    .max(5),
});
export const draftPlanBudgetSchema = z.object({
  games: z.array(
    z.object({
      game: z.number().int(),
      plan_id: z.uuid(),
      spends: z.array(z.number().int()),
      may_spend: z.array(z.number().int()),
      first_selection: z.object({ by: teamSchema, choice: z.enum(["side", "first_pick"]) }).nullable(),
      opponent_pool: z.array(z.object({ champion_id: z.number().int(), games: z.number().int() })),
      opponent_lost: z.array(z.number().int()),
    }),
  ),
  warnings: z.array(
    z.object({
      game: z.number().int(),
      champion_id: z.number().int(),
      spent_in: z.number().int(),
      certainty: z.enum(["spends", "may_spend"]),
    }),
  ),
  opponent: z.object({ name: z.string().nullable(), games: z.number().int() }),
});
export type DraftPlanBudget = z.infer<typeof draftPlanBudgetSchema>;

// ---- review: plan vs actual, saved with the session ----------------------------------------

const winSchema = z.object({ ours: z.number(), low: z.number(), high: z.number(), games: z.number().int() });
export const draftPlanReviewDataSchema = z.object({
  version: z.literal(1),
  our_side: sideSchema,
  taken: z.array(z.string()),
  final_path: z.array(z.string()),
  off_plan: z
    .object({
      step: z.number().int(),
      action_type: z.enum(["BAN", "PICK"]),
      intended: z.number().int(),
      actual: z.number().int().nullable(),
    })
    .nullable(),
  no_answer_steps: z.array(z.number().int()),
  at_off_plan: z
    .object({
      recommendations: z.array(z.object({ champion_id: z.number().int(), score: z.number() })),
      win: winSchema.nullable(),
    })
    .nullable(),
  final_win: winSchema.nullable(),
  steps: z.number().int(),
});

export const draftPlanReviewBodySchema = z.object({
  session_id: z.uuid(),
  side: sideSchema,
});
export const draftPlanReviewSchema = z.object({
  session_id: z.uuid(),
  plan_id: z.uuid(),
  plan_version: z.number().int(),
  plan_name: z.string(),
  review: draftPlanReviewDataSchema,
  /** The plan's branches at that version, for labels. */
  branches: z.array(z.object({ id: z.string(), label: z.string() })),
  created_at: timestampSchema,
});
export type DraftPlanReviewRecord = z.infer<typeof draftPlanReviewSchema>;
export const draftPlanSessionParamsSchema = z.object({ sessionId: z.uuid() });

// ---- live: a plan followed on a session's board or by one team of a live room (decision 027) ----

const roomTeam = z.enum(["A", "B"]);
/** A seat's link token (the room page's fragment): proves the seat, so the team, without an account. */
const seatToken = z.string().min(8).max(200);

/**
 * The plan a board follows: on a session (its owner's board) or by one team of a live room. Only
 * the session's owner, the team's own seats and readers of the plan ever receive it; the board
 * computes the active branch itself (`matchPlan`) from the draft it already has.
 */
export const draftPlanLiveSchema = z.object({
  scope: z.enum(["session", "room"]),
  session_id: z.uuid(),
  room_id: z.uuid().nullable(),
  /** The room team following it (null on a session board). */
  team: roomTeam.nullable(),
  /** The side the plan is followed for (a room team's side in this game). */
  side: sideSchema,
  plan: z.object({
    id: z.uuid(),
    name: z.string(),
    version: z.number().int(),
    content: draftPlanContentSchema,
  }),
  selected_at: timestampSchema,
  /** Plan vs actual, once the draft is complete and the review was saved. */
  review: draftPlanReviewDataSchema.nullable(),
  /** The plan's branches (for labels in the review). */
  branches: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type DraftPlanLive = z.infer<typeof draftPlanLiveSchema>;
export const draftPlanLiveAnswerSchema = z.object({ selection: draftPlanLiveSchema.nullable() });
export type DraftPlanLiveAnswer = z.infer<typeof draftPlanLiveAnswerSchema>;

/** `PUT /api/draft-plans/live/sessions/{sessionId}/` (the session's owner; null clears). */
export const draftPlanLiveSessionBodySchema = z.object({ plan_id: z.uuid().nullable(), side: sideSchema });

/**
 * `POST /api/draft-plans/live/rooms/{roomId}/…`: who asks. A team seat by its link `token`
 * (captain or member of that team), or the room's organiser (signed in, no token) naming `team`.
 */
export const draftPlanLiveRoomSeatSchema = z.object({
  token: seatToken.optional(),
  team: roomTeam.optional(),
});
/** `PUT /api/draft-plans/live/rooms/{roomId}/` (signed in, able to read the plan; null clears). */
export const draftPlanLiveRoomBodySchema = draftPlanLiveRoomSeatSchema.extend({
  plan_id: z.uuid().nullable(),
});
export const draftPlanLiveRoomParamsSchema = z.object({ roomId: z.uuid() });
