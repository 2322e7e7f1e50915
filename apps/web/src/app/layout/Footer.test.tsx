import "@/lib/i18n.ts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import i18n from "@/lib/i18n.ts";
import { renderInApp } from "@/test/render-in-app.tsx";
import { Footer } from "./Footer.tsx";

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await i18n.changeLanguage("en");
});

it("names the current year, in either language", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2027-03-01T12:00:00Z"));
  renderInApp(<Footer />);
  expect(screen.getByText("© 2027 Draftroom. All rights reserved.")).toBeVisible();
  cleanup();
  await i18n.changeLanguage("es");
  renderInApp(<Footer />);
  expect(screen.getByText("© 2027 Draftroom. Todos los derechos reservados.")).toBeVisible();
});
