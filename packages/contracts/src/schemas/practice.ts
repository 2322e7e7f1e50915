import { OPPONENT_STYLES, PRACTICE_TAKEAWAY_KEYS } from "@draftroom/draft";
import { z } from "zod";
import { timestampSchema } from "./common.ts";
import { actionTypeSchema, sideSchema } from "./drafts.ts";
import { reasonSchema } from "./recommendations.ts";

/**
 * Practice against a modelled opponent (decision 017): the user drafts one side of a live room,
 * the server's opponent (packages/draft `rankOpponent`, weighted by a team's history) the other,
 * through the same room commands; the review is stored with the draft.
 */

export const opponentStyleSchema = z.enum(OPPONENT_STYLES);

/** A team the user can practise against: imported professional games or the user's own drafts. */
export const practiceTeamSchema = z.object({
  name: z.string(),
  /** Games of the team in the data (imported plus the user's finished drafts). */
  games: z.number().int(),
  imported_games: z.number().int(),
  draft_games: z.number().int(),
});
export type PracticeTeam = z.infer<typeof practiceTeamSchema>;
export const practiceTeamListSchema = z.object({ teams: z.array(practiceTeamSchema) });
export const practiceTeamQuerySchema = z.object({
  search: z.string().trim().max(100).default(""),
  limit: z.coerce.number().int().min(1).max(500).default(20),
});

export const practiceStartBodySchema = z.object({
  /** The opponent team's name as the team list gives it. */
  opponent_team: z.string().trim().min(1).max(100),
  /** The side the user drafts. */
  side: sideSchema,
  style: opponentStyleSchema.default("balanced"),
  /** Practise an existing, not yet started session of the user (e.g. a fearless series game). */
  session_id: z.uuid().optional(),
  /** The new session's title and the user's team name, in the user's language (defaults in English). */
  title: z.string().trim().min(1).max(120).optional(),
  team_name: z.string().trim().min(1).max(100).optional(),
  turn_seconds: z.number().int().min(10).max(300).default(30),
  bank_seconds: z.number().int().min(0).max(600).default(60),
  /** Practise inside a workspace (decision 029): its session is listed there; needs `edit_practice`. */
  workspace_id: z.uuid().optional(),
});
export type PracticeStartBody = z.input<typeof practiceStartBodySchema>;

export const practiceTakeawaySchema = z.object({
  key: z.enum(PRACTICE_TAKEAWAY_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const practiceReviewSchema = z.object({
  version: z.literal(1),
  user_side: sideSchema,
  opponent: z.object({ name: z.string(), games: z.number().int() }),
  win: z
    .object({
      user: z.number(),
      low: z.number(),
      high: z.number(),
      games: z.number().int(),
      basis: z.enum(["draft", "base_rate"]),
      sufficient: z.boolean(),
    })
    .nullable(),
  user_moves: z.array(
    z.object({
      step: z.number().int(),
      action: actionTypeSchema,
      champion_id: z.number().int(),
      rank: z.number().int().nullable(),
      best: z.object({ champion_id: z.number().int(), reasons: z.array(reasonSchema) }).nullable(),
    }),
  ),
  opponent_moves: z.array(
    z.object({
      step: z.number().int(),
      action: actionTypeSchema,
      champion_id: z.number().int(),
      rank: z.number().int().nullable(),
      likely: z.boolean(),
      history_games: z.number().int(),
    }),
  ),
  takeaways: z.array(practiceTakeawaySchema),
});
export type PracticeReview = z.infer<typeof practiceReviewSchema>;

/** A practice as anyone holding the session's public id sees it. */
export const practiceSchema = z.object({
  session_id: z.string(),
  room_id: z.string(),
  opponent_team: z.string(),
  user_side: sideSchema,
  style: opponentStyleSchema,
  review: practiceReviewSchema.nullable(),
  created_at: timestampSchema,
  completed_at: timestampSchema.nullable(),
});
export type Practice = z.infer<typeof practiceSchema>;

/**
 * `GET /api/practice/sessions/{id}/lookup/`: the practice of a session or null when the session
 * is not one (200 either way: a page asks it for every draft, and a plain draft is not an error).
 */
export const practiceLookupSchema = z.object({ practice: practiceSchema.nullable() });
export type PracticeLookup = z.infer<typeof practiceLookupSchema>;

/** The answer to starting (or resuming) a practice: the user's captain link is in it only. */
export const practiceStartSchema = z.object({
  practice: practiceSchema,
  /** `/app/room/{room_id}#{token}`: the user's captain seat. */
  path: z.string(),
});
export type PracticeStart = z.infer<typeof practiceStartSchema>;
