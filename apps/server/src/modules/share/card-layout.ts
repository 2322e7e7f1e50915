import type { ImageTheme } from "@draftroom/contracts";
import type { Card, CardSlot, CardTeam, DraftCard, SeriesCard, SeriesCardGame } from "./card-model.ts";
import { CARD_FONT } from "./fonts.ts";
import { type CardLabels, cardDate } from "./labels.ts";
import { planSheetElement } from "./plan-sheet.ts";
import { monogram, monogramHue, type PortraitStore } from "./portraits.ts";

/**
 * Lays a card out as the element tree satori draws (`{type, props: {style, children}}`, no
 * React needed). Sizes are written for the 1200×630 social card and scaled by `unit` for the
 * 1920×1080 stream image; the extra height of the stream image goes to the space between rows.
 */

/** The element shape satori reads (React's `{type, props, key}`, without React). */
export interface CardElement {
  type: string;
  key: null;
  props: {
    style?: Record<string, string | number>;
    children?: CardChild | CardChild[];
    src?: string;
    width?: number;
    height?: number;
  };
}
type CardChild = CardElement | string;

interface Palette {
  background: string;
  panel: string;
  border: string;
  text: string;
  muted: string;
  blue: string;
  red: string;
  win: string;
  empty: string;
}

const PALETTES: Record<ImageTheme, Palette> = {
  dark: {
    background: "#0b1120",
    panel: "#131c31",
    border: "#26324a",
    text: "#f1f5f9",
    muted: "#94a3b8",
    blue: "#4f8df7",
    red: "#f05252",
    win: "#facc15",
    empty: "#1c2740",
  },
  light: {
    background: "#f4f6fb",
    panel: "#ffffff",
    border: "#d7deea",
    text: "#0f172a",
    muted: "#526078",
    blue: "#1d5fd6",
    red: "#c81e1e",
    win: "#a16207",
    empty: "#e8edf5",
  },
};

export interface LayoutOptions {
  width: number;
  height: number;
  theme: ImageTheme;
  labels: CardLabels;
  language: "en" | "es";
  portraits: PortraitStore;
}

function el(
  type: string,
  style: Record<string, string | number>,
  children?: CardChild | CardChild[],
): CardElement {
  return { type, key: null, props: children === undefined ? { style } : { style, children } };
}

class Layout {
  readonly c: Palette;
  readonly u: number;

  constructor(readonly options: LayoutOptions) {
    this.c = PALETTES[options.theme];
    this.u = options.width / 1200;
  }

  px(n: number): number {
    return Math.round(n * this.u);
  }

  /**
   * A team's roster names (top to support) in one line under its name, taken out of the flow so
   * nothing beside the name moves; nothing when the roster is unknown. `extra` sizes and aligns it.
   */
  playerNames(
    players: readonly string[],
    align: "left" | "right",
    extra: Record<string, string | number> = {},
  ): CardElement[] {
    if (players.length === 0) return [];
    return [
      el(
        "div",
        {
          display: "flex",
          position: "absolute",
          top: "100%",
          ...(align === "left" ? { left: 0 } : { right: 0 }),
          fontSize: this.px(15),
          fontWeight: 600,
          color: this.c.muted,
          ...extra,
          overflow: "hidden",
          whiteSpace: "nowrap",
        },
        players.join(" · "),
      ),
    ];
  }

  sideColor(side: "BLUE" | "RED"): string {
    return side === "BLUE" ? this.c.blue : this.c.red;
  }

  /** A square portrait, or the monogram on the champion's hue; greyed for a ban. */
  tile(slot: CardSlot, size: number, banned: boolean, accent: string): CardElement {
    const s = this.px(size);
    const base = {
      display: "flex",
      width: s,
      height: s,
      borderRadius: this.px(size / 8),
      alignItems: "center",
      justifyContent: "center",
      overflow: "hidden",
      flexShrink: 0,
    };
    if (slot.state === "empty" || slot.state === "next" || !slot.champion) {
      const next = slot.state === "next";
      const border = Math.max(1, this.px(2));
      return el(
        "div",
        {
          ...base,
          // The border is drawn outside the box (content-box): the tile keeps its size.
          width: s - 2 * border,
          height: s - 2 * border,
          backgroundColor: this.c.empty,
          border: `${border}px ${next ? "solid" : "dashed"} ${next ? accent : this.c.border}`,
          color: this.c.muted,
          fontSize: this.px(size * 0.36),
          fontWeight: 700,
        },
        slot.state === "skipped" ? "–" : "",
      );
    }
    const { name, key } = slot.champion;
    const src = key ? this.options.portraits.portrait(key) : null;
    if (src) {
      return el("div", { ...base, opacity: banned ? 0.45 : 1 }, [
        { type: "img", key: null, props: { src, width: s, height: s, style: { width: s, height: s } } },
      ]);
    }
    const hue = monogramHue(name);
    const dark = this.options.theme === "dark";
    const saturation = banned ? 8 : 45;
    return el(
      "div",
      {
        ...base,
        backgroundColor: `hsl(${hue}, ${saturation}%, ${dark ? 30 : 82}%)`,
        color: `hsl(${hue}, ${saturation}%, ${dark ? 88 : 22}%)`,
        fontSize: this.px(size * 0.38),
        fontWeight: 800,
        opacity: banned ? 0.7 : 1,
      },
      monogram(name),
    );
  }

  slotName(slot: CardSlot, fallback: string): string {
    if (slot.state === "skipped") return this.options.labels.skipped;
    return slot.champion?.name ?? fallback;
  }

  teamBlock(team: CardTeam, winner: boolean, align: "left" | "right"): CardElement {
    const { c, px } = { c: this.c, px: (n: number) => this.px(n) };
    const accent = this.sideColor(team.side);
    const row = align === "left" ? "row" : "row-reverse";
    const label = team.side === "BLUE" ? this.options.labels.blueSide : this.options.labels.redSide;
    const title = el("div", { display: "flex", flexDirection: row, alignItems: "center", gap: px(12) }, [
      el("div", {
        display: "flex",
        width: px(8),
        height: px(40),
        borderRadius: px(4),
        backgroundColor: accent,
      }),
      el(
        "div",
        {
          display: "flex",
          flexDirection: "column",
          alignItems: align === "left" ? "flex-start" : "flex-end",
          position: "relative",
        },
        [
          el(
            "div",
            {
              display: "flex",
              fontSize: px(14),
              color: accent,
              fontWeight: 700,
              textTransform: "uppercase",
              letterSpacing: px(1),
            },
            label,
          ),
          el(
            "div",
            {
              display: "flex",
              fontSize: px(32),
              fontWeight: 800,
              color: c.text,
              maxWidth: px(420),
              overflow: "hidden",
              whiteSpace: "nowrap",
              textOverflow: "ellipsis",
            },
            team.name,
          ),
          // The roster's player names (a workspace's team), top to support; under the name without
          // moving the picks: both sides' slots stay level.
          ...this.playerNames(team.players, align, {
            width: px(480),
            justifyContent: align === "left" ? "flex-start" : "flex-end",
          }),
        ],
      ),
      ...(winner
        ? [
            el(
              "div",
              {
                display: "flex",
                padding: `${px(4)}px ${px(10)}px`,
                borderRadius: px(999),
                border: `${Math.max(1, px(2))}px solid ${c.win}`,
                color: c.win,
                fontSize: px(15),
                fontWeight: 800,
              },
              this.options.labels.won,
            ),
          ]
        : []),
    ]);
    const picks = el(
      "div",
      // Picks and bans read left to right in draft order on both sides.
      { display: "flex", flexDirection: "row", gap: px(7) },
      team.picks.map((slot, index) =>
        el(
          "div",
          { display: "flex", flexDirection: "column", alignItems: "center", width: px(96), gap: px(6) },
          [
            this.tile(slot, 96, false, accent),
            el(
              "div",
              {
                display: "flex",
                justifyContent: "center",
                textAlign: "center",
                fontSize: px(15),
                lineHeight: 1.15,
                fontWeight: 700,
                color: slot.champion ? c.text : c.muted,
                width: px(96),
                height: px(36),
                overflow: "hidden",
              },
              this.slotName(slot, `${index + 1}`),
            ),
          ],
        ),
      ),
    );
    const bans = el("div", { display: "flex", flexDirection: "row", alignItems: "center", gap: px(8) }, [
      el(
        "div",
        {
          display: "flex",
          fontSize: px(13),
          fontWeight: 700,
          color: c.muted,
          textTransform: "uppercase",
          letterSpacing: px(1),
          width: px(44),
        },
        this.options.labels.bans,
      ),
      ...team.bans.map((slot) =>
        el(
          "div",
          { display: "flex", flexDirection: "column", alignItems: "center", width: px(76), gap: px(3) },
          [
            this.tile(slot, 44, true, accent),
            el(
              "div",
              {
                display: "flex",
                fontSize: px(12),
                color: c.muted,
                maxWidth: px(76),
                overflow: "hidden",
                whiteSpace: "nowrap",
              },
              this.slotName(slot, ""),
            ),
          ],
        ),
      ),
    ]);
    return el(
      "div",
      {
        display: "flex",
        flexDirection: "column",
        alignItems: align === "left" ? "flex-start" : "flex-end",
        justifyContent: "space-evenly",
        gap: px(14),
        flex: 1,
        padding: px(22),
        backgroundColor: c.panel,
        border: `${Math.max(1, px(1))}px solid ${c.border}`,
        borderRadius: px(16),
      },
      [title, picks, bans],
    );
  }

  header(kicker: string, title: string, status: string, statusColor: string): CardElement {
    const { c } = this;
    return el(
      "div",
      { display: "flex", justifyContent: "space-between", alignItems: "flex-end", gap: this.px(24) },
      [
        el("div", { display: "flex", flexDirection: "column", gap: this.px(4), maxWidth: this.px(820) }, [
          el("div", { display: "flex", fontSize: this.px(17), color: c.muted, fontWeight: 700 }, kicker),
          el(
            "div",
            {
              display: "flex",
              fontSize: this.px(30),
              color: c.text,
              fontWeight: 800,
              overflow: "hidden",
              whiteSpace: "nowrap",
              textOverflow: "ellipsis",
              maxWidth: this.px(820),
            },
            title,
          ),
        ]),
        el(
          "div",
          {
            display: "flex",
            padding: `${this.px(8)}px ${this.px(16)}px`,
            borderRadius: this.px(999),
            backgroundColor: c.panel,
            border: `${Math.max(1, this.px(2))}px solid ${statusColor}`,
            color: statusColor,
            fontSize: this.px(18),
            fontWeight: 800,
            whiteSpace: "nowrap",
          },
          status,
        ),
      ],
    );
  }

  footer(left: string): CardElement {
    return el(
      "div",
      {
        display: "flex",
        justifyContent: "space-between",
        fontSize: this.px(15),
        color: this.c.muted,
        fontWeight: 700,
      },
      [
        el("div", { display: "flex" }, left),
        el("div", { display: "flex", color: this.c.text }, this.options.labels.footer),
      ],
    );
  }

  root(children: CardElement[]): CardElement {
    return el(
      "div",
      {
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        // satori sizes boxes without their padding (content-box): the padding comes off here.
        width: this.options.width - 2 * this.px(36),
        height: this.options.height - 2 * this.px(36),
        padding: this.px(36),
        backgroundColor: this.c.background,
        color: this.c.text,
        fontFamily: CARD_FONT,
      },
      children,
    );
  }

  kicker(league: string | null, date: string, extra?: string): string {
    return [league, cardDate(date, this.options.language), extra].filter(Boolean).join("  ·  ");
  }

  draft(card: DraftCard): CardElement {
    const { labels } = this.options;
    const status = card.complete ? labels.complete : labels.phase[card.phase];
    const header = this.header(
      this.kicker(card.league, card.date),
      card.title,
      status,
      card.complete ? this.c.win : this.c.blue,
    );
    const teams = el(
      "div",
      { display: "flex", gap: this.px(20), flexGrow: 1, margin: `${this.px(22)}px 0` },
      [
        this.teamBlock(card.blue, card.winner === "BLUE", "left"),
        this.teamBlock(card.red, card.winner === "RED", "right"),
      ],
    );
    const footer = this.footer(
      card.series ? `${labels.game(card.series.game)}  ·  ${card.series.title}` : "",
    );
    return this.root([header, teams, footer]);
  }

  gameTeam(team: CardTeam, align: "left" | "right"): CardElement {
    const px = (n: number) => this.px(n);
    const accent = this.sideColor(team.side);
    const bar = el("div", {
      display: "flex",
      width: px(6),
      flexShrink: 0,
      height: px(40),
      borderRadius: px(3),
      backgroundColor: accent,
    });
    const picks = team.picks.map((slot) => this.tile(slot, 40, false, accent));
    const bans = team.bans.map((slot) => this.tile(slot, 24, true, accent));
    const gap = el("div", { display: "flex", width: px(10), flexShrink: 0 });
    // Picks and bans read left to right in draft order; the side bar sits on the outer edge.
    const children = align === "left" ? [bar, ...picks, gap, ...bans] : [...bans, gap, ...picks, bar];
    // A fixed width keeps both teams' columns aligned from game to game.
    return el(
      "div",
      {
        display: "flex",
        alignItems: "center",
        justifyContent: align === "left" ? "flex-start" : "flex-end",
        gap: px(6),
        width: px(404),
        flexShrink: 0,
      },
      children,
    );
  }

  gameRow(game: SeriesCardGame): CardElement {
    const { c, options } = this;
    const px = (n: number) => this.px(n);
    const teamA = game.blueTeam === "A" ? game.blue : game.red;
    const teamB = game.blueTeam === "A" ? game.red : game.blue;
    const result = game.winner
      ? `${options.labels.won}: ${game.winner === "A" ? teamA.name : teamB.name}`
      : game.complete
        ? "–"
        : options.labels.inProgress;
    return el(
      "div",
      {
        display: "flex",
        alignItems: "center",
        gap: px(12),
        padding: `${px(6)}px ${px(14)}px`,
        backgroundColor: c.panel,
        border: `${Math.max(1, px(1))}px solid ${c.border}`,
        borderRadius: px(12),
      },
      [
        el(
          "div",
          { display: "flex", width: px(92), flexShrink: 0, fontSize: px(16), fontWeight: 800, color: c.text },
          options.labels.game(game.number),
        ),
        this.gameTeam(teamA, "left"),
        el(
          "div",
          {
            display: "flex",
            width: px(150),
            flexShrink: 0,
            justifyContent: "center",
            fontSize: px(14),
            fontWeight: 700,
            color: game.winner ? c.win : c.muted,
            overflow: "hidden",
            whiteSpace: "nowrap",
          },
          result,
        ),
        this.gameTeam(teamB, "right"),
      ],
    );
  }

  series(card: SeriesCard): CardElement {
    const { c, options } = this;
    const px = (n: number) => this.px(n);
    const status = card.complete ? options.labels.complete : options.labels.inProgress;
    const header = this.header(
      this.kicker(card.league, card.date, options.labels.bestOf(card.bestOf)),
      card.title,
      status,
      card.complete ? c.win : c.blue,
    );
    // The roster's player names (a workspace's team): the same in every game, read off the first.
    const first = card.games[0];
    const playersOf = (team: "A" | "B"): readonly string[] =>
      first ? (first.blueTeam === team ? first.blue : first.red).players : [];
    const name = (text: string, won: boolean, align: "left" | "right", players: readonly string[]) =>
      el(
        "div",
        {
          display: "flex",
          flex: 1,
          minWidth: 0,
          position: "relative",
          flexDirection: "column",
          alignItems: align === "left" ? "flex-start" : "flex-end",
        },
        [
          el(
            "div",
            {
              display: "flex",
              fontSize: px(36),
              fontWeight: 800,
              color: won ? c.win : c.text,
              overflow: "hidden",
              whiteSpace: "nowrap",
            },
            text,
          ),
          // Under the name without moving it: both teams' names stay level with the score.
          ...this.playerNames(players, align),
        ],
      );
    const score = el("div", { display: "flex", alignItems: "center", gap: px(20) }, [
      name(card.teamA, card.winner === "A", "left", playersOf("A")),
      el(
        "div",
        { display: "flex", fontSize: px(48), fontWeight: 800, color: c.text, letterSpacing: px(2) },
        `${card.score.A} – ${card.score.B}`,
      ),
      name(card.teamB, card.winner === "B", "right", playersOf("B")),
    ]);
    const games =
      card.games.length > 0
        ? card.games.map((game) => this.gameRow(game))
        : [el("div", { display: "flex", fontSize: px(18), color: c.muted }, options.labels.notPlayed)];
    const list = el(
      "div",
      { display: "flex", flexDirection: "column", gap: px(card.games.length > 5 ? 5 : 8) },
      games,
    );
    return this.root([header, score, list, this.footer("")]);
  }
}

/** The satori element tree of a card. */
export function cardElement(card: Card, options: LayoutOptions): CardElement {
  if (card.kind === "plan") return planSheetElement(card);
  const layout = new Layout(options);
  return card.kind === "draft" ? layout.draft(card) : layout.series(card);
}
