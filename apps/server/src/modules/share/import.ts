import {
  DRAFT_EXPORT_FORMAT,
  type DraftExport,
  draftExportSchema,
  EXPORT_VERSION,
  SERIES_EXPORT_FORMAT,
} from "@draftroom/contracts";
import {
  applyAction,
  buildFormat,
  createDraft,
  type DraftActionInput,
  type DraftState,
} from "@draftroom/draft";
import { AppError } from "../../errors.ts";

/**
 * Reads an exported draft back: the file's shape (Zod schema from packages/contracts), the
 * champions by key, then the draft rules through the engine, collecting every problem with its
 * place in the file. Nothing is stored unless the whole file is valid.
 */

/** Problems reported at most: a very broken file needs no thousand lines. */
const MAX_PROBLEMS = 50;

const RULE_MESSAGES: Record<string, string> = {
  wrong_turn: "This is not the next step of the draft.",
  wrong_side: "This step belongs to the other team.",
  wrong_type: "This step is a different action (ban or pick).",
  champion_used: "This champion was already picked or banned.",
  champion_locked: "This champion is locked in this draft.",
  unknown_champion: "This champion is not in the champion pool.",
  draft_complete: "The draft is already complete at this step.",
  skip_not_allowed: "Only bans can be skipped.",
};

export interface ImportedDraft {
  readonly file: DraftExport["draft"];
  /** The actions in step order, with this install's champion ids. */
  readonly actions: readonly (DraftActionInput & { is_auto: boolean })[];
  readonly state: DraftState;
}

function invalid(problems: Record<string, string>): AppError {
  const count = Object.keys(problems).length;
  const detail = `The file cannot be imported: ${count} ${count === 1 ? "problem" : "problems"}.`;
  return new AppError(400, "import_invalid", detail, problems);
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "file" : path.map(String).join(".");
}

/** What is wrong with the top of the file, in words a person can act on. */
function formatProblem(body: unknown): Record<string, string> | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { file: "The file is not a Draftroom export (a JSON object is expected)." };
  }
  const { format, version } = body as { format?: unknown; version?: unknown };
  if (format === SERIES_EXPORT_FORMAT) {
    return { format: "This is a series export: only a draft export can become a new session." };
  }
  if (format !== DRAFT_EXPORT_FORMAT) {
    return { format: `Expected "${DRAFT_EXPORT_FORMAT}": this is not a Draftroom draft export.` };
  }
  if (typeof version === "number" && version > EXPORT_VERSION) {
    return {
      version: `Version ${version} comes from a newer Draftroom; this one reads version ${EXPORT_VERSION}.`,
    };
  }
  return null;
}

/**
 * Validates an export against the schema, this install's champions and the draft rules.
 * Throws `import_invalid` (400) with one `fields` entry per problem.
 *
 * @example
 * const imported = validateDraftImport(body, new Map([["Ahri", 103]]));
 * imported.state.actions.length; // the steps the file plays
 */
export function validateDraftImport(
  body: unknown,
  championIdsByKey: ReadonlyMap<string, number>,
): ImportedDraft {
  const top = formatProblem(body);
  if (top) throw invalid(top);
  const parsed = draftExportSchema.safeParse(body);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues.slice(0, MAX_PROBLEMS)) {
      problems[pathOf(issue.path)] ??= issue.message;
    }
    throw invalid(problems);
  }
  const file = parsed.data.draft;
  const problems: Record<string, string> = {};
  const byKey = new Map([...championIdsByKey].map(([key, id]) => [key.toLowerCase(), id]));

  const actions = [...file.actions]
    .map((action, position) => ({ action, position }))
    .sort((a, b) => a.action.step - b.action.step);
  const inputs: (DraftActionInput & { is_auto: boolean })[] = [];
  for (const { action, position } of actions) {
    let championId: number | null = null;
    if (action.champion) {
      const found = byKey.get(action.champion.key.toLowerCase());
      if (found === undefined) {
        problems[`draft.actions.${position}.champion.key`] = `Unknown champion "${action.champion.key}".`;
        continue;
      }
      championId = found;
    }
    inputs.push({
      phase_number: action.step,
      action_type: action.type,
      team_side: action.side,
      champion_id: championId,
      is_auto: action.is_auto,
    });
  }

  let state = createDraft({ format: buildFormat(file.draft_format), championIds: [...byKey.values()] });
  if (Object.keys(problems).length === 0) {
    for (const [index, input] of inputs.entries()) {
      const result = applyAction(state, input);
      if (!result.ok) {
        const position = actions[index]?.position ?? index;
        problems[`draft.actions.${position}`] =
          RULE_MESSAGES[result.code] ?? "This step breaks the draft rules.";
        // Later steps build on this one: checking them against a broken draft would only mislead.
        break;
      }
      state = result.state;
    }
  }
  const complete = state.actions.length === state.format.steps.length;
  if (file.winner !== null && !complete) {
    problems["draft.winner"] = "A winner can only be recorded for a complete draft.";
  }
  if (Object.keys(problems).length > 0) throw invalid(problems);
  return { file, actions: inputs, state };
}
