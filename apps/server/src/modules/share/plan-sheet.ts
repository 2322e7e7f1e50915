import type { Champion, DraftPlanContentData, Language } from "@draftroom/contracts";
import { POSITIONS } from "@draftroom/contracts/constants";
import { CARD_FONT } from "./fonts.ts";

/**
 * A draft plan as a one-page printable sheet (decision 027): A4 portrait at 150 dpi, black on
 * white whatever the theme asks (it is meant for paper), with bans, first picks, flex picks, the
 * branch tree (indented, capped with "+N more") and a small card per position. Plain data like
 * the other cards, so the renderer's cache keys on it and the render threads draw it.
 */

export const PLAN_SHEET_SIZE = { width: 1240, height: 1754 } as const;
/** Branch lines that fit under the rest of the sheet; the others are counted. */
const BRANCH_LINES = 22;

/** satori's element shape (as card-layout.ts's `SheetElement`). */
interface SheetElement {
  type: string;
  key: null;
  props: {
    style?: Record<string, string | number>;
    children?: SheetElement | string | (SheetElement | string)[];
  };
}

export interface PlanSheetCard {
  readonly kind: "plan";
  readonly title: string;
  /** "Blue side · vs Weibo · Game 2 of 3 (fearless)". */
  readonly subtitle: string;
  readonly winCondition: string;
  readonly bans: readonly { readonly phase: 1 | 2; readonly name: string; readonly reason: string }[];
  readonly firstPicks: readonly { readonly name: string; readonly note: string }[];
  readonly flex: readonly { readonly name: string; readonly positions: string; readonly note: string }[];
  readonly branches: readonly { readonly depth: number; readonly when: string; readonly answer: string }[];
  readonly moreBranches: number;
  readonly positions: readonly { readonly label: string; readonly note: string }[];
  readonly labels: {
    readonly bans: string;
    readonly phase: string;
    readonly firstPicks: string;
    readonly flex: string;
    readonly branches: string;
    readonly winCondition: string;
    readonly more: string;
    readonly answer: string;
  };
}

const WORDS: Record<Language, Record<string, string>> = {
  en: {
    us: "we",
    them: "they",
    either: "anyone",
    picked: "pick",
    banned: "ban",
    first_pick: "first-pick",
    position: "have a",
    any_of: "take at least",
    of: "of",
    and: "and",
    always: "always",
    PICK: "pick",
    BAN: "ban",
    blue: "Blue side",
    red: "Red side",
    both: "Either side",
    vs: "vs",
    game: "Game",
    fearless: "fearless",
    phase: "Phase",
    bans: "Bans",
    firstPicks: "First picks",
    flex: "Flex picks",
    branches: "If they… we…",
    winCondition: "Win condition",
    more: "more branches",
    answer: "then",
    top: "Top",
    jungle: "Jungle",
    mid: "Mid",
    bot: "Bot",
    support: "Support",
  },
  es: {
    us: "nosotros",
    them: "ellos",
    either: "cualquiera",
    picked: "eligen",
    banned: "banean",
    first_pick: "first pick",
    position: "tienen",
    any_of: "toman al menos",
    of: "de",
    and: "y",
    always: "siempre",
    PICK: "pick",
    BAN: "ban",
    blue: "Lado azul",
    red: "Lado rojo",
    both: "Cualquier lado",
    vs: "vs",
    game: "Partida",
    fearless: "fearless",
    phase: "Fase",
    bans: "Bans",
    firstPicks: "Primeros picks",
    flex: "Picks flex",
    branches: "Si ellos… nosotros…",
    winCondition: "Condición de victoria",
    more: "ramas más",
    answer: "entonces",
    top: "Top",
    jungle: "Jungla",
    mid: "Medio",
    bot: "Tirador",
    support: "Soporte",
  },
};

type Branch = DraftPlanContentData["branches"][number];

/** The sheet's data from a plan's content, in one language. */
export function planSheetCard(
  content: DraftPlanContentData,
  champions: readonly Pick<Champion, "id" | "name">[],
  language: Language,
): PlanSheetCard {
  const w = WORDS[language];
  const names = new Map(champions.map((c) => [c.id, c.name]));
  const name = (id: number) => names.get(id) ?? `#${id}`;
  const word = (key: string) => w[key] ?? key;
  const condition = (c: Branch["conditions"][number]): string => {
    switch (c.type) {
      case "position":
        return `${word(c.team)} ${word("position")} ${word(c.position)}`;
      case "any_of":
        return `${word(c.team)} ${word("any_of")} ${c.count} ${word("of")} ${c.champion_ids.map(name).join(", ")}`;
      default:
        return `${word(c.team)} ${word(c.type)} ${name(c.champion_id)}`;
    }
  };
  const lines: PlanSheetCard["branches"][number][] = [];
  const walk = (branches: readonly Branch[], depth: number) => {
    for (const b of branches) {
      const when = b.conditions.map(condition).join(` ${word("and")} `) || word("always");
      const answer = b.answer
        .map((a) => `${word(a.action)} ${name(a.champion_id)}${a.note ? ` (${a.note})` : ""}`)
        .join(", ");
      lines.push({ depth, when: b.label ? `${b.label}: ${when}` : when, answer });
      walk(b.children, depth + 1);
    }
  };
  walk(content.branches, 0);
  const series = content.series
    ? `${word("game")} ${content.series.game}/${content.series.best_of}${content.series.fearless ? ` (${word("fearless")})` : ""}`
    : null;
  const side = content.side === "BLUE" ? word("blue") : content.side === "RED" ? word("red") : word("both");
  return {
    kind: "plan",
    title: content.name,
    subtitle: [side, content.opponent_team ? `${word("vs")} ${content.opponent_team}` : null, series]
      .filter(Boolean)
      .join("  ·  "),
    winCondition: content.win_condition,
    bans: content.bans.map((b) => ({ phase: b.phase, name: name(b.champion_id), reason: b.reason })),
    firstPicks: content.first_picks.map((p) => ({ name: name(p.champion_id), note: p.note })),
    flex: content.flex_picks.map((p) => ({
      name: name(p.champion_id),
      positions: p.positions.map(word).join(" / "),
      note: p.note,
    })),
    branches: lines.slice(0, BRANCH_LINES),
    moreBranches: Math.max(0, lines.length - BRANCH_LINES),
    positions: POSITIONS.map((p) => ({ label: word(p), note: content.position_notes[p] ?? "" })),
    labels: {
      bans: word("bans"),
      phase: word("phase"),
      firstPicks: word("firstPicks"),
      flex: word("flex"),
      branches: word("branches"),
      winCondition: word("winCondition"),
      more: word("more"),
      answer: word("answer"),
    },
  };
}

function el(
  type: string,
  style: Record<string, string | number>,
  children?: SheetElement | string | (SheetElement | string)[],
): SheetElement {
  return { type, key: null, props: children === undefined ? { style } : { style, children } };
}

const INK = "#111111";
const MUTED = "#555555";
const RULE = "#bbbbbb";

const text = (value: string, style: Record<string, string | number> = {}) =>
  el("div", { display: "flex", fontSize: 22, color: INK, ...style }, value);

const heading = (value: string) =>
  text(value, {
    fontSize: 24,
    fontWeight: 800,
    textTransform: "uppercase",
    letterSpacing: 1,
    borderBottom: `2px solid ${INK}`,
    paddingBottom: 4,
    marginBottom: 6,
  });

const item = (main: string, note: string) =>
  el("div", { display: "flex", flexDirection: "column", marginBottom: 4 }, [
    text(main, { fontWeight: 700 }),
    ...(note ? [text(note, { fontSize: 18, color: MUTED })] : []),
  ]);

const column = (children: SheetElement[]) =>
  el("div", { display: "flex", flexDirection: "column", flex: 1, gap: 4 }, children);

/** The satori tree of a plan sheet (always on white: it is meant for paper). */
export function planSheetElement(card: PlanSheetCard): SheetElement {
  const pad = 60;
  const header = el("div", { display: "flex", flexDirection: "column", gap: 6 }, [
    text(card.title, { fontSize: 44, fontWeight: 800 }),
    text(card.subtitle, { fontSize: 24, color: MUTED }),
    ...(card.winCondition
      ? [text(`${card.labels.winCondition}: ${card.winCondition}`, { fontSize: 24, fontWeight: 700 })]
      : []),
  ]);
  const bans = column([
    heading(card.labels.bans),
    ...card.bans.map((b) => item(`${b.name}  (${card.labels.phase} ${b.phase})`, b.reason)),
  ]);
  const picks = column([
    heading(card.labels.firstPicks),
    ...card.firstPicks.map((p, i) => item(`${i + 1}. ${p.name}`, p.note)),
    heading(card.labels.flex),
    ...card.flex.map((p) => item(`${p.name} (${p.positions})`, p.note)),
  ]);
  const branches = el("div", { display: "flex", flexDirection: "column", gap: 6 }, [
    heading(card.labels.branches),
    ...card.branches.map((b) =>
      el(
        "div",
        {
          display: "flex",
          flexDirection: "column",
          marginLeft: b.depth * 32,
          paddingLeft: 10,
          borderLeft: `4px solid ${b.depth === 0 ? INK : RULE}`,
        },
        [
          text(b.when, { fontWeight: 700, fontSize: 20 }),
          text(`${card.labels.answer} ${b.answer}`, { fontSize: 20 }),
        ],
      ),
    ),
    ...(card.moreBranches > 0 ? [text(`+${card.moreBranches} ${card.labels.more}`, { color: MUTED })] : []),
  ]);
  const cards = el(
    "div",
    { display: "flex", gap: 12 },
    card.positions.map((p) =>
      el(
        "div",
        {
          display: "flex",
          flexDirection: "column",
          flex: 1,
          height: 220,
          border: `2px solid ${INK}`,
          borderRadius: 10,
          padding: 10,
          overflow: "hidden",
        },
        [text(p.label, { fontWeight: 800 }), text(p.note, { fontSize: 18 })],
      ),
    ),
  );
  return el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      width: PLAN_SHEET_SIZE.width - 2 * pad,
      height: PLAN_SHEET_SIZE.height - 2 * pad,
      padding: pad,
      backgroundColor: "#ffffff",
      color: INK,
      fontFamily: CARD_FONT,
    },
    [
      el("div", { display: "flex", flexDirection: "column", gap: 24, overflow: "hidden" }, [
        header,
        el("div", { display: "flex", gap: 32 }, [bans, picks]),
        branches,
      ]),
      cards,
    ],
  );
}
