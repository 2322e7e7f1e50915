import {
  DRAFT_EXPORT_FORMAT,
  type DraftAction,
  type DraftExport,
  type DraftSession,
  EXPORT_VERSION,
  type ExportedAction,
  SERIES_EXPORT_FORMAT,
  type Series,
  type SeriesExport,
} from "@draftroom/contracts";

/**
 * The JSON export of a draft or a series (`format` + `version`, documented on the docs page).
 * Champions are written by key and name, so a file imports on any install whatever its ids.
 */

function exportedActions(actions: readonly DraftAction[]): ExportedAction[] {
  return [...actions]
    .sort((a, b) => a.phase_number - b.phase_number)
    .map((action) => ({
      step: action.phase_number,
      type: action.action_type,
      side: action.team_side,
      champion: action.champion ? { key: action.champion.champion_key, name: action.champion.name } : null,
      is_auto: action.is_auto,
    }));
}

export function draftExport(
  session: DraftSession,
  actions: readonly DraftAction[],
  now = new Date(),
): DraftExport {
  return {
    format: DRAFT_EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    draft: {
      title: session.title,
      description: session.description,
      league: session.league ? { id: session.league.id, name: session.league.name } : null,
      blue_team: { id: session.blue_team?.id ?? null, name: session.blue_team_name },
      red_team: { id: session.red_team?.id ?? null, name: session.red_team_name },
      settings: session.settings,
      draft_format: session.format,
      winner: session.winner,
      actions: exportedActions(actions),
    },
  };
}

export function seriesExport(series: Series, now = new Date()): SeriesExport {
  const champions = new Map(series.champions.map((champion) => [champion.id, champion]));
  return {
    format: SERIES_EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    series: {
      title: series.title,
      league: series.league ? { id: series.league.id, name: series.league.name } : null,
      team_a: series.team_a,
      team_b: series.team_b,
      best_of: series.best_of,
      rule: series.rule,
      disabled_champions: series.disabled_champions.flatMap((id) => {
        const champion = champions.get(id);
        return champion ? [{ key: champion.champion_key, name: champion.name }] : [];
      }),
      side_choice: series.side_choice,
      scrim_block: series.scrim_block,
      draft_format: series.format,
      settings: series.settings,
      score: { A: series.score.A, B: series.score.B },
      games: series.games.map((game) => ({
        number: game.number,
        blue_team: game.blue_team,
        winner: game.winner,
        actions: exportedActions(game.actions),
      })),
    },
  };
}

/** A file name for the download: `draft-t1-vs-gen-2026-11-24.json`. */
export function exportFileName(kind: "draft" | "series", title: string, date: Date = new Date()): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${kind}-${slug || kind}-${date.toISOString().slice(0, 10)}.json`;
}
