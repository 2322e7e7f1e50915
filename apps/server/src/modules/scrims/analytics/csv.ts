import type { ScrimLedgerRow } from "@draftroom/contracts";
import { POSITIONS } from "@draftroom/draft";
import Papa from "papaparse";

/**
 * The ledger as a spreadsheet (decision record 056): one line per game, the columns a staff kept
 * by hand, champions by name. papaparse writes it (quoting, line breaks inside notes) and escapes
 * a cell that a spreadsheet would run as a formula (a typed opponent name "=HYPERLINK(…)").
 * Numbers stay numbers, so a negative gold difference is not mistaken for a formula.
 */

const FIGURE_COLUMNS = [
  "kills_us",
  "kills_them",
  "gold_diff_at_15",
  "first_blood",
  "first_tower",
  "first_dragon",
  "first_herald",
  "dragons_us",
  "dragons_them",
  "barons_us",
  "barons_them",
] as const;

const PLAYER_COLUMNS = ["player", "champion", "kills", "deaths", "assists", "gold_at_15"] as const;

export const LEDGER_CSV_COLUMNS: readonly string[] = [
  "date",
  "time_zone",
  "kind",
  "scrim",
  "opponent",
  "game",
  "status",
  "patch",
  "our_side",
  "winner",
  "duration_seconds",
  "we_first_picked",
  "first_selection",
  "our_picks",
  "their_picks",
  "our_bans",
  "their_bans",
  "plan",
  "branch",
  "verdict",
  "tags",
  ...FIGURE_COLUMNS,
  ...POSITIONS.flatMap((position) => PLAYER_COLUMNS.map((column) => `${position}_${column}`)),
  "result_source",
];

type Cell = string | number | null;

export function ledgerCsv(
  rows: readonly ScrimLedgerRow[],
  championNames: ReadonlyMap<number, string>,
): string {
  const names = (ids: readonly number[]) => ids.map((id) => championNames.get(id) ?? `#${id}`).join(" / ");
  const data: Cell[][] = rows.map((row) => {
    const lines = new Map(row.players.map((line) => [line.position, line]));
    return [
      row.starts_at,
      row.time_zone,
      row.kind,
      row.scrim_title,
      row.opponent_name,
      row.game_number,
      row.status,
      row.patch,
      row.our_side,
      row.winner,
      row.duration_seconds,
      row.we_first_picked === null ? null : row.we_first_picked ? "yes" : "no",
      row.first_selection ? `${row.first_selection.by} ${row.first_selection.choice}` : null,
      names(row.our_picks),
      names(row.their_picks),
      names(row.our_bans),
      names(row.their_bans),
      row.plan_id ? (row.plan_name ?? "") : null,
      row.plan_id ? (row.branch_label ?? "root") : null,
      row.verdict,
      row.tags.join("; "),
      ...FIGURE_COLUMNS.map((column) => row.figures[column] ?? null),
      ...POSITIONS.flatMap((position) => {
        const line = lines.get(position);
        if (!line) return PLAYER_COLUMNS.map(() => null);
        return [
          line.name,
          line.champion_id === null ? null : (championNames.get(line.champion_id) ?? `#${line.champion_id}`),
          line.kills,
          line.deaths,
          line.assists,
          line.gold_at_15,
        ];
      }),
      row.result_source,
    ];
  });
  // A byte order mark so a spreadsheet opens accented names ("Señor") as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: [...LEDGER_CSV_COLUMNS], data }, { escapeFormulae: true, newline: "\r\n" })}\r\n`;
}
