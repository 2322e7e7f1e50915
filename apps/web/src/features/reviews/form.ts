import {
  type PLAYER_STATUSES,
  type POSITIONS,
  type REVIEW_STATUSES,
  type Review,
  type ReviewWriteBody,
  VALIDATION_MESSAGES_EN,
  type ValidationKey,
  validationKeyOf,
} from "@draftroom/contracts";
import { loadSchemas } from "@/lib/schemas.ts";

export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];
export type Position = (typeof POSITIONS)[number];

export interface PlayerDraft {
  key: string;
  name: string;
  position: Position;
  status: PlayerStatus;
}

export interface ReviewFormValues {
  league_id: number | null;
  team_id: number | null;
  season: string;
  title: string;
  description: string;
  review_text: string;
  status: ReviewStatus;
  players: PlayerDraft[];
}

/** Field path (e.g. `title`, `players.0.name`) -> validation key or a raw server message. */
export type FormErrors = Record<string, string>;

let playerSeq = 0;
export function newPlayer(): PlayerDraft {
  playerSeq += 1;
  return { key: `p${playerSeq}`, name: "", position: "top", status: "rumor" };
}

export function emptyValues(): ReviewFormValues {
  return {
    league_id: null,
    team_id: null,
    season: "",
    title: "",
    description: "",
    review_text: "",
    status: "rumor",
    players: [],
  };
}

export function valuesFromReview(review: Review): ReviewFormValues {
  return {
    league_id: review.league.id,
    team_id: review.team.id,
    season: review.season,
    title: review.title,
    description: review.description,
    review_text: review.review_text,
    status: review.status,
    players: review.players.map((player) => ({ ...newPlayer(), ...player })),
  };
}

export function toBody(values: ReviewFormValues): ReviewWriteBody {
  return {
    league_id: values.league_id ?? undefined,
    team_id: values.team_id ?? undefined,
    season: values.season,
    title: values.title,
    description: values.description,
    review_text: values.review_text,
    status: values.status,
    players: values.players.map(({ name, position, status }) => ({ name, position, status })),
  } as ReviewWriteBody;
}

const FIELD_ORDER = ["league_id", "season", "team_id", "title", "description", "review_text", "status"];

/**
 * Client-side check with the same schema the server uses (loaded on first use); keys are
 * validation keys. Rejects when the schema cannot be loaded.
 */
export async function validate(values: ReviewFormValues): Promise<FormErrors> {
  const { reviewWriteBodySchema } = await loadSchemas();
  const result = reviewWriteBodySchema.safeParse(toBody(values));
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    if (!(path in errors))
      errors[path] = issue.message in VALIDATION_MESSAGES_EN ? issue.message : "invalidValue";
  }
  return sortErrors(errors);
}

function sortErrors(errors: FormErrors): FormErrors {
  const rank = (path: string) => {
    const index = FIELD_ORDER.indexOf(path);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b)));
}

/** Server field errors arrive in English; map them back to keys when we know them. */
export function fromServerFields(fields: Record<string, string>): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    errors[path] = validationKeyOf(message) ?? message;
  }
  return errors;
}

export function isValidationKey(value: string): value is ValidationKey {
  return value in VALIDATION_MESSAGES_EN;
}
