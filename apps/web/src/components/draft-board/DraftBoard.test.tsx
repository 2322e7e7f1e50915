import { buildBoardView, DRAFT_SEQUENCE, fromActions } from "@draftroom/draft";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import board from "@/locales/en/board.json";
import { DraftBoard, type DraftBoardProps } from "./DraftBoard.tsx";
import type { BoardChampion, ChampionBoard } from "./types.ts";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: { board } },
    ns: ["board"],
    interpolation: { escapeValue: false },
  });
});

const champion = (id: number, name: string): BoardChampion => ({ id, name, icon_url: "" });
const ahri = champion(103, "Ahri");
const azir = champion(268, "Azir");
const jax = champion(24, "Jax");
const viChampion = champion(254, "Vi");

const pool = new Map([ahri, azir, jax, viChampion].map((c) => [c.id, c]));
/** The board after `ids` were played in sequence order (Azir's ban leaves Red banning). */
function boardOf(ids: number[]): ChampionBoard {
  const actions = ids.map((id, i) => ({
    phase_number: i,
    action_type: DRAFT_SEQUENCE[i]!.type,
    team_side: DRAFT_SEQUENCE[i]!.side,
    champion_id: id,
  }));
  return buildBoardView({
    state: fromActions(actions),
    names: { BLUE: "Blue Team", RED: "Red Team" },
    champion: (id) => pool.get(id) ?? { id, name: `#${id}`, icon_url: "" },
  });
}

function renderBoard(props: Partial<DraftBoardProps> = {}) {
  const all: DraftBoardProps = {
    board: boardOf([azir.id]),
    otherChampions: [jax, viChampion],
    ...props,
  };
  return render(
    <I18nextProvider i18n={i18n}>
      <DraftBoard {...all} />
    </I18nextProvider>,
  );
}

describe("DraftBoard", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows placeholders for empty slots and names filled ones", () => {
    renderBoard();
    expect(screen.getAllByText("Pick 1: empty")).toHaveLength(2);
    // Blue's first ban is Azir; Red's first ban is still open.
    expect(screen.getAllByText("Ban 1: Azir")).toHaveLength(1);
    expect(screen.getAllByText("Ban 1: empty")).toHaveLength(1);
    expect(screen.getAllByText("Ban 2: empty")).toHaveLength(2);
  });

  it("on the opponent's turn says so, without recommendations, and lists every champion", () => {
    renderBoard({ championsRecommendation: { reason: "Deny their mid", champions: [ahri] } });
    expect(screen.getByRole("status").textContent).toBe("Red is banning...");
    expect(screen.queryByText(/Deny their mid/)).toBeNull();
    const list = screen.getByRole("region", { name: "All champions (2)" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });

  it("on the user's turn shows the reason and highlights the first recommendation", () => {
    const { container } = renderBoard({
      board: boardOf([azir.id, 1, 2, 3, 4, 5]),
      championsRecommendation: { reason: "Deny their mid", champions: [ahri, viChampion] },
    });
    expect(screen.getByText("Deny their mid")).toBeVisible();
    const highlighted = container.querySelectorAll("[data-highlighted]");
    expect(highlighted).toHaveLength(1);
    expect(highlighted[0]?.parentElement?.textContent).toContain("Ahri");
  });

  it("shows the completion panel when no phase is left", () => {
    renderBoard({ board: boardOf(Array.from({ length: 20 }, (_, i) => i + 1)), startPlanHref: "#pricing" });
    // The board's heading and the completion panel both say so; no turn is announced any more.
    expect(screen.getAllByText("Draft Complete!")).toHaveLength(2);
    expect(screen.queryByText(/is (banning|picking)/)).toBeNull();
    expect(screen.getByRole("link", { name: "Start my plan" }).getAttribute("href")).toBe("#pricing");
    expect(screen.getByText("Team composition analysis")).toBeVisible();
  });

  it("makes filled slots clickable only with onSlotClick", () => {
    const onSlotClick = vi.fn();
    const { unmount } = renderBoard();
    expect(screen.queryByRole("button", { name: /Modify the draft/ })).toBeNull();
    unmount();
    renderBoard({ onSlotClick });
    fireEvent.click(screen.getByRole("button", { name: /Modify the draft from Azir/ }));
    expect(onSlotClick).toHaveBeenCalledWith(
      expect.objectContaining({ step: 0, side: "BLUE", type: "BAN", index: 0, champion: azir }),
    );
  });

  it("ignores Next while loading or disabled, and auto-advances from the ring", () => {
    vi.useFakeTimers();
    const onNext = vi.fn();
    const { rerender } = renderBoard({ onNext, nextLoading: true, autoAdvanceDelay: 2000 });
    fireEvent.click(screen.getByRole("button", { name: /Loading/ }));
    act(() => vi.advanceTimersByTime(5000));
    expect(onNext).not.toHaveBeenCalled();

    rerender(
      <I18nextProvider i18n={i18n}>
        <DraftBoard
          board={boardOf([azir.id])}
          otherChampions={[jax]}
          onNext={onNext}
          autoAdvanceDelay={2000}
        />
      </I18nextProvider>,
    );
    act(() => vi.advanceTimersByTime(2000));
    act(() => vi.advanceTimersByTime(50));
    expect(onNext).toHaveBeenCalledTimes(1);
  });
});
