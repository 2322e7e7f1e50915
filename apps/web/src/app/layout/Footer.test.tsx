import "@/lib/i18n.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Footer } from "./Footer.tsx";

describe("the app's footer", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("dates the copyright with the current year, not the year it was written", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-01T12:00:00Z"));
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText("© 2031 Draftroom. All rights reserved.")).toBeVisible();
  });
});
