import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import scouting from "@/locales/en/scouting.json";
import esScouting from "@/locales/es/scouting.json";
import { OwnTeamSourceToggle } from "./OwnTeamSource.tsx";

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: "en",
    resources: { en: { scouting }, es: { scouting: esScouting } },
    ns: ["scouting"],
    defaultNS: "scouting",
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage("en");
});

describe("our own team's report: official games or our scrims", () => {
  it("names both sources, marks the chosen one, and switches", () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18next}>
        <OwnTeamSourceToggle value="official" onChange={onChange} />
      </I18nextProvider>,
    );
    expect(screen.getByRole("group", { name: "Which games" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Official games" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Our scrims" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText(/never added together/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Our scrims" }));
    expect(onChange).toHaveBeenCalledWith("scrims");
  });

  it("speaks Spanish", async () => {
    await i18next.changeLanguage("es");
    render(
      <I18nextProvider i18n={i18next}>
        <OwnTeamSourceToggle value="scrims" onChange={() => {}} />
      </I18nextProvider>,
    );
    expect(screen.getByRole("button", { name: "Nuestros scrims" })).toHaveAttribute("aria-pressed", "true");
  });
});
