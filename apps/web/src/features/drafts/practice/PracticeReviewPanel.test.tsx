import type { Champion, Practice } from "@draftroom/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import drafts from "@/locales/en/drafts.json";
import practice from "@/locales/en/practice.json";
import esDrafts from "@/locales/es/drafts.json";
import esPractice from "@/locales/es/practice.json";
import { renderInApp, testQueryClient } from "@/test/render-in-app.tsx";
import { PracticeReviewPanel } from "./PracticeReviewPanel.tsx";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { drafts, practice }, es: { drafts: esDrafts, practice: esPractice } },
    ns: ["drafts", "practice"],
    defaultNS: "drafts",
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

const champion = (id: number, name: string) => ({ id, name, champion_key: name, icon_url: "" }) as Champion;
const champions = new Map([champion(1, "Ahri"), champion(2, "Zed"), champion(3, "Vi")].map((c) => [c.id, c]));

const PRACTICE: Practice = {
  session_id: "s",
  room_id: "r",
  opponent_team: "T1",
  user_side: "RED",
  style: "balanced",
  created_at: "2026-11-25T00:00:00Z",
  completed_at: "2026-11-25T00:10:00Z",
  review: {
    version: 1,
    user_side: "RED",
    opponent: { name: "T1", games: 12 },
    win: { user: 0.46, low: 0.38, high: 0.55, games: 400, basis: "draft", sufficient: true },
    user_moves: [
      { step: 1, action: "BAN", champion_id: 1, rank: 1, best: null },
      {
        step: 7,
        action: "PICK",
        champion_id: 2,
        rank: 14,
        best: {
          champion_id: 3,
          reasons: [{ key: "recommend.reason.presence", params: { times: 3, count: 5 } }],
        },
      },
    ],
    opponent_moves: [
      { step: 0, action: "BAN", champion_id: 3, rank: 2, likely: true, history_games: 7 },
      { step: 6, action: "PICK", champion_id: 1, rank: 40, likely: false, history_games: 0 },
    ],
    takeaways: [
      { key: "practice.takeaway.agreement", params: { top: 1, count: 2, rank: 3 } },
      {
        key: "practice.takeaway.gap",
        params: { step: 8, chosen: "Zed", champion: "Vi", champion_id: 3, rank: 14 },
      },
      {
        key: "practice.takeaway.surprise",
        params: { team: "T1", champion: "Ahri", champion_id: 1, count: 1 },
      },
    ],
  },
};

function renderPanel(value: Practice) {
  return renderInApp(<PracticeReviewPanel practice={value} champions={champions} />, {
    client: testQueryClient({ enabled: false }),
  });
}

describe("PracticeReviewPanel", () => {
  it("shows the win estimate from the user's side, three take-aways, the ranks and the surprises", () => {
    renderPanel(PRACTICE);
    expect(screen.getByTestId("practice-win").textContent).toBe(
      "Your composition: 46% to win (90% range 38–55%), theirs 54%, from 400 games.",
    );
    const takeaways = within(screen.getByTestId("practice-takeaways")).getAllByRole("listitem");
    expect(takeaways.map((item) => item.textContent)).toEqual([
      "1 of your 2 picks and bans were in the model's top 3 at that moment.",
      "Step 8: the model preferred Vi to your Zed (yours ranked #14).",
      "T1 picked Ahri, which it had not picked in its 12 games: prepare an answer to it.",
    ]);
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain("The model's first choice too");
    expect(rows[2]!.textContent).toContain("#14");
    expect(rows[2]!.textContent).toContain("Picked or banned in 3 of 5 games");
    // A phone reads the same moves as cards (the table is hidden below the tablet width).
    const cards = within(screen.getByTestId("practice-moves-list")).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain("The model's first choice too");
    expect(cards[0]!.textContent).not.toContain("Model's first choice");
    expect(cards[1]!.textContent).toContain("Pick · step 8");
    expect(cards[1]!.textContent).toContain("Model rank:#14");
    expect(cards[1]!.textContent).toContain("Model's first choiceVi");
    expect(screen.getByRole("heading", { name: "Surprises from T1" }).parentElement!.textContent).toContain(
      "Ahri",
    );
  });

  it("lists only true statements about the opponent, even from a review stored before they were fixed", () => {
    const review = PRACTICE.review!;
    renderPanel({
      ...PRACTICE,
      review: {
        ...review,
        opponent_moves: [
          // Stored as "likely" by an older review, yet never picked: a surprise, not "its history".
          { step: 6, action: "PICK", champion_id: 1, rank: 2, likely: true, history_games: 0 },
          // Picked once: in its history, so never a surprise.
          { step: 9, action: "PICK", champion_id: 2, rank: 30, likely: false, history_games: 1 },
        ],
        takeaways: [
          ...review.takeaways.slice(0, 2),
          {
            key: "practice.takeaway.surprise_pick",
            params: { team: "T1", champion: "Ahri", champion_id: 1, count: 1, games: 12 },
          },
        ],
      },
    });
    const expected = screen.getByRole("heading", { name: "T1 did what its history suggests" }).parentElement!;
    expect(expected.textContent).toContain("Zed");
    expect(expected.textContent).toContain("picked in 1 of its games");
    expect(expected.textContent).not.toContain("Ahri");
    expect(expected.textContent).not.toContain("0 of its games");
    const surprises = screen.getByRole("heading", { name: "Surprises from T1" }).parentElement!;
    expect(surprises.textContent).toContain("Ahrinever picked in its 12 games");
    expect(surprises.textContent).not.toContain("Zed");
    const takeaways = within(screen.getByTestId("practice-takeaways")).getAllByRole("listitem");
    expect(takeaways[2]!.textContent).toBe(
      "T1 picked Ahri, which it had not picked in its 12 games: prepare an answer to it.",
    );
  });

  it("speaks Spanish, and says when the review is still being prepared", async () => {
    await i18next.changeLanguage("es");
    renderPanel(PRACTICE);
    expect(screen.getByRole("heading", { name: "Análisis de la práctica" })).toBeVisible();
    expect(screen.getByText("Paso 8: el modelo prefería Vi a tu Zed (la tuya era la n.º 14).")).toBeVisible();
    cleanup();
    // A reason's decimal reads as a Spanish reader writes it; its count still picks the plural.
    const review = PRACTICE.review!;
    const contested = { key: "recommend.reason.contested", params: { presence: 73.1, games: 52, count: 52 } };
    const [ban, pick] = review.user_moves as [(typeof review.user_moves)[0], (typeof review.user_moves)[0]];
    renderPanel({
      ...PRACTICE,
      review: { ...review, user_moves: [ban, { ...pick, best: { champion_id: 3, reasons: [contested] } }] },
    });
    expect(
      screen.getAllByText("Disputado: 73,1 % de presencia en picks o bans en 52 partidas").length,
    ).toBeGreaterThan(0);
    cleanup();
    renderPanel({ ...PRACTICE, review: null });
    expect(screen.getByRole("status").textContent).toContain("Preparando el análisis…");
  });
});
