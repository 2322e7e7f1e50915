import type { ScrimFigure, ScrimLedgerRow } from "@draftroom/contracts";

/** "7-2 (78%)", or "–" for a figure with no counted game (never a 0% from nothing). */
export function recordText(figure: Pick<ScrimFigure, "wins" | "losses" | "win_rate">): string {
  if (figure.win_rate === null) return "–";
  return `${figure.wins}-${figure.losses} (${Math.round(figure.win_rate * 100)}%)`;
}

/** Win rate as a whole percentage for a chart bar; 0 when unknown (the bar's label says "–"). */
export function percent(figure: Pick<ScrimFigure, "win_rate">): number {
  return figure.win_rate === null ? 0 : Math.round(figure.win_rate * 100);
}

/** The start of a period that ends now: 7, 30 or 90 days back; "all" has no start. */
export const PERIODS = ["7", "30", "90", "all"] as const;
export type Period = (typeof PERIODS)[number];
export function periodStart(period: Period, now: number): string | undefined {
  if (period === "all") return undefined;
  return new Date(now - Number(period) * 86_400_000).toISOString().slice(0, 10);
}

const CSV_COLUMNS = [
  "starts_at",
  "kind",
  "scrim_title",
  "opponent_name",
  "game_number",
  "status",
  "patch",
  "our_side",
  "winner",
  "duration_seconds",
  "we_first_picked",
  "plan_name",
  "branch_label",
  "verdict",
  "tags",
  "our_picks",
  "their_picks",
  "our_bans",
  "their_bans",
  "result_source",
] as const;

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break, and with a leading
 * apostrophe when a spreadsheet would run it as a formula (a title starting with "=").
 */
function cell(value: unknown): string {
  let text = Array.isArray(value) ? value.join(" ") : value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The ledger as CSV, champion ids replaced by names. */
export function ledgerCsv(rows: readonly ScrimLedgerRow[], championName: (id: number) => string): string {
  const names = (ids: number[]) => ids.map(championName);
  const lines = rows.map((row) =>
    CSV_COLUMNS.map((column) => {
      const value = row[column];
      if (column === "our_picks" || column === "their_picks" || column === "our_bans" || column === "their_bans") {
        return cell(names(value as number[]));
      }
      return cell(value);
    }).join(","),
  );
  return `${[CSV_COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
}
