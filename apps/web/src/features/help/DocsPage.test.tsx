import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import DocsPage from "./DocsPage.tsx";
import FaqPage from "./FaqPage.tsx";

/** The team sections the guide must cover, in the order they follow the broadcast section. */
const TEAM_SECTIONS = {
  en: {
    series: "Series and fearless",
    workspaces: "Team workspaces and roles",
    pools: "Roster and champion pools",
    draftPlans: "Draft plans",
    scouting: "Scouting and practice",
    scrims: "Scrims",
    integrations: "Integrations: Riot, tournament codes, calendar and Discord",
  },
  es: {
    series: "Series y fearless",
    workspaces: "Espacios de equipo y roles",
    pools: "Plantilla y campeones de cada jugador",
    draftPlans: "Planes de draft",
    scouting: "Scouting y práctica",
    scrims: "Scrims",
    integrations: "Integraciones: Riot, códigos de torneo, calendario y Discord",
  },
} as const;

const ON_THIS_PAGE = { en: "On this page", es: "En esta página" } as const;

/** The page's index: each link's target id and text, in order. */
function indexLinks(language: "en" | "es") {
  const nav = screen.getByRole("navigation", { name: ON_THIS_PAGE[language] });
  return within(nav)
    .getAllByRole("link")
    .map((link) => ({ target: link.getAttribute("href") ?? "", text: link.textContent ?? "" }));
}

describe("the documentation page", () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage("en");
  });

  for (const language of ["en", "es"] as const) {
    it(`(${language}) links every index entry to a section whose heading says the same`, async () => {
      await i18n.changeLanguage(language);
      const { container } = renderInApp(<DocsPage />, { at: "/docs" });
      const links = indexLinks(language);
      const sections = [...container.querySelectorAll("article > section")];
      // One entry per section, in the page's order, and each entry points at its section.
      expect(links.map((link) => link.target)).toEqual(sections.map((section) => `#${section.id}`));
      for (const { target, text } of links) {
        const section = container.querySelector(target);
        expect(section, `${target} exists`).not.toBeNull();
        const heading = within(section as HTMLElement).getByRole("heading", { level: 2 });
        expect(heading).toHaveTextContent(text);
        expect(text.trim(), `${target} has a title`).not.toBe("");
        // A missing text would show its key ("docs.sections.series.p4") instead of a sentence.
        for (const paragraph of section!.querySelectorAll("p")) {
          expect(paragraph.textContent, `${target} paragraph`).not.toMatch(/^docs\.sections\./);
          expect(paragraph.textContent?.trim(), `${target} paragraph`).not.toBe("");
        }
      }
    });

    it(`(${language}) documents the team side after the live-room section`, async () => {
      await i18n.changeLanguage(language);
      renderInApp(<DocsPage />, { at: "/docs" });
      for (const [id, title] of Object.entries(TEAM_SECTIONS[language])) {
        const heading = screen.getByRole("heading", { level: 2, name: title });
        expect(heading.closest("section")?.id).toBe(id);
      }
      const order = indexLinks(language).map((link) => link.target.slice(1));
      const broadcast = order.indexOf("broadcast");
      expect(order.slice(broadcast + 1, broadcast + 8)).toEqual(Object.keys(TEAM_SECTIONS[language]));
      expect(order.slice(-3)).toEqual(["plans", "account", "reviews"]);
    });
  }

  it("no longer says the guide covers only sessions, the board and the account", async () => {
    renderInApp(<DocsPage />, { at: "/docs" });
    const subtitle = screen.getByText(/^A complete guide to Draftroom/);
    expect(subtitle).toHaveTextContent("scrims");
    expect(subtitle).toHaveTextContent("workspace");
  });
});

describe("the FAQ", () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage("en");
  });

  it("answers a coach's team questions in both languages", async () => {
    renderInApp(<FaqPage />, { at: "/faq" });
    for (const question of [
      "Who in my team can change things?",
      "What happens to our workspace when the plan ends?",
      "Can players enter scrim results?",
      "Do the suggestions know my players' champion pools?",
    ]) {
      expect(screen.getByRole("button", { name: question })).toBeVisible();
    }
    cleanup();
    await i18n.changeLanguage("es");
    renderInApp(<FaqPage />, { at: "/faq" });
    expect(screen.getByRole("button", { name: "¿Quién de mi equipo puede cambiar cosas?" })).toBeVisible();
    expect(
      screen.getByRole("button", { name: "¿Pueden los jugadores introducir los resultados de los scrims?" }),
    ).toBeVisible();
  });
});
