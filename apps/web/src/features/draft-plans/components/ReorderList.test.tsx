import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import draftPlans from "@/locales/en/draftPlans.json";
import esDraftPlans from "@/locales/es/draftPlans.json";
import { IssueList } from "./IssueList.tsx";
import { move, ReorderList } from "./ReorderList.tsx";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { draftPlans }, es: { draftPlans: esDraftPlans } },
    ns: ["draftPlans"],
    defaultNS: "draftPlans",
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

const renderList = (items: string[], onChange: (items: string[]) => void) =>
  render(
    <I18nextProvider i18n={i18next}>
      <ReorderList
        label="Bans"
        items={items}
        onChange={onChange}
        name={(x) => x}
        render={(x) => <span>{x}</span>}
      />
    </I18nextProvider>,
  );

describe("ReorderList", () => {
  it("moves an item", () => {
    expect(move(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(move(["a", "b"], 0, 5)).toEqual(["a", "b"]);
  });

  it("reorders with its buttons (keyboard) and removes, named for screen readers", () => {
    const onChange = vi.fn();
    renderList(["Azir", "Kalista", "Rell"], onChange);
    expect((screen.getByRole("button", { name: "Move Azir up" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Move Azir down" }));
    expect(onChange).toHaveBeenLastCalledWith(["Kalista", "Azir", "Rell"]);
    fireEvent.click(screen.getByRole("button", { name: "Remove Kalista" }));
    expect(onChange).toHaveBeenLastCalledWith(["Azir", "Rell"]);
    expect(screen.getByRole("list", { name: "Bans" }).children).toHaveLength(3);
  });

  it("reorders by drag and drop", () => {
    const onChange = vi.fn();
    renderList(["Azir", "Kalista", "Rell"], onChange);
    const items = screen.getAllByRole("listitem");
    fireEvent.dragStart(items[2]!);
    fireEvent.drop(items[0]!);
    expect(onChange).toHaveBeenLastCalledWith(["Rell", "Azir", "Kalista"]);
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    renderList(["Azir"], () => {});
    expect(screen.getByRole("button", { name: "Quitar Azir" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });
});

describe("IssueList", () => {
  it("names the problem, the champion and why a branch never matches", () => {
    render(
      <I18nextProvider i18n={i18next}>
        <IssueList
          names={(id) => (id === 268 ? "Azir" : String(id))}
          issues={[
            { code: "pick_banned_by_plan", path: "first_picks.0", champion_id: 268 },
            { code: "branch_never_matches", path: "branches.1", branch_id: "b", reason: "shadowed" },
          ]}
        />
      </I18nextProvider>,
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("This pick is banned earlier by the plan itself: Azir"),
      expect.stringContaining("This branch can never match (an earlier branch always matches first)"),
    ]);
  });
});
