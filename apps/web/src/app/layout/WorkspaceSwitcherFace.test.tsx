import "@/lib/i18n.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { workspaceAs } from "@/test/workspace-fixtures.ts";
import { SwitcherFace } from "./WorkspaceSwitcherFace.tsx";

describe("the workspace switcher's face", () => {
  afterEach(cleanup);

  it("names the current workspace at every width (no breakpoint hides the name)", () => {
    render(
      <button type="button">
        <SwitcherFace current={workspaceAs("player")} unread={0} />
      </button>,
    );
    const name = screen.getByText("T1 Academy");
    // Tailwind's responsive hiding would be a class such as max-2xl:hidden or sm:hidden.
    expect(name.className).not.toMatch(/(^|\s)(\w+:)*hidden/);
    expect(name).toHaveAttribute("title", "T1 Academy");
    expect(screen.queryByText("T1A")).toBeNull();
  });

  it("says Personal for the personal space", () => {
    render(
      <button type="button">
        <SwitcherFace current={null} unread={2} />
      </button>,
    );
    expect(screen.getByText("Personal space")).toBeVisible();
    expect(screen.getByText("2")).toBeVisible();
  });
});
