import type { DraftAction, DraftFormatSpecBody, DraftSession, Series } from "@draftroom/contracts";
import {
  type BoardSlot,
  buildBoardView,
  buildFormat,
  fromActions,
  type Side,
  sortActions,
} from "@draftroom/draft";

/** The translations the summaries need (the `share` namespace's `text.*` keys). */
export type SummaryTranslate = (key: string, options?: Record<string, unknown>) => string;

interface Named {
  id: number;
  name: string;
}

/** Both teams' slots of a saved draft, through the board view model every screen uses. */
function boardOf(actions: readonly DraftAction[], format: DraftFormatSpecBody, names: Record<Side, string>) {
  const champions = new Map<number, Named>();
  for (const action of actions) if (action.champion) champions.set(action.champion.id, action.champion);
  try {
    const state = fromActions(sortActions(actions), { format: buildFormat(format) });
    return buildBoardView<Named>({
      state,
      names,
      champion: (id) => champions.get(id),
      fallback: (id) => ({ id, name: `#${id}` }),
    });
  } catch {
    return null;
  }
}

function slotNames(slots: readonly BoardSlot<Named>[], t: SummaryTranslate): string {
  const taken = slots.filter((slot) => slot.state === "filled" || slot.state === "skipped");
  if (taken.length === 0) return t("text.none");
  return taken
    .map((slot) => (slot.state === "skipped" ? t("text.skipped") : (slot.champion?.name ?? "?")))
    .join(", ");
}

/**
 * A draft as a few lines for a chat:
 *
 * @example
 * // T1 vs Gen.G — Final draft
 * // Blue (T1) bans: Vi, Azir, no ban, …; picks: Aatrox, Ahri, …
 * // Red (Gen.G) bans: …; picks: …
 * // T1 won
 */
export function draftSummaryText(
  session: DraftSession,
  actions: readonly DraftAction[],
  t: SummaryTranslate,
): string {
  const blue = session.blue_team_name;
  const red = session.red_team_name;
  const view = boardOf(actions, session.format, { BLUE: blue, RED: red });
  const phase = !view || view.complete ? t("text.phase.complete") : t(`text.phase.${view.phase}`);
  const lines = [`${t("text.versus", { blue, red })} — ${phase}`];
  if (view) {
    for (const team of [view.blue, view.red]) {
      const label = t(team.side === "BLUE" ? "text.blueTeam" : "text.redTeam", { team: team.name });
      lines.push(
        t("text.line", { team: label, bans: slotNames(team.bans, t), picks: slotNames(team.picks, t) }),
      );
    }
  }
  if (session.winner) lines.push(t("text.won", { team: session.winner === "BLUE" ? blue : red }));
  return lines.join("\n");
}

/**
 * A series as a few lines for a chat: the score, then each game's picks by team.
 *
 * @example
 * // Finals prep — T1 2–1 Gen.G
 * // Game 1 (T1 won): T1 picks: …; Gen.G picks: …
 */
export function seriesSummaryText(series: Series, t: SummaryTranslate): string {
  const names = { A: series.team_a.name, B: series.team_b.name };
  const lines = [`${series.title} — ${names.A} ${series.score.A}–${series.score.B} ${names.B}`];
  for (const game of series.games) {
    const redTeam = game.blue_team === "A" ? "B" : "A";
    const view = boardOf(game.actions, series.format, { BLUE: names[game.blue_team], RED: names[redTeam] });
    const head = game.winner
      ? t("text.gameWon", { n: game.number, team: names[game.winner] })
      : t("text.game", { n: game.number });
    if (!view) {
      lines.push(head);
      continue;
    }
    const byTeam = { [game.blue_team]: view.blue, [redTeam]: view.red } as Record<
      "A" | "B",
      typeof view.blue
    >;
    const picks = (["A", "B"] as const)
      .map((team) => t("text.teamPicks", { team: names[team], picks: slotNames(byTeam[team].picks, t) }))
      .join("; ");
    lines.push(`${head}: ${picks}`);
  }
  return lines.join("\n");
}
