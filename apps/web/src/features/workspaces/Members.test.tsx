import "@/lib/i18n.ts";
import type { WorkspaceMember } from "@draftroom/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "@/test/render-in-app.tsx";
import { workspaceAs } from "@/test/workspace-fixtures.ts";
import { Members } from "./WorkspacePage.tsx";

const workspace = workspaceAs("owner");

const member = (user_id: number, username: string, role: WorkspaceMember["role"]): WorkspaceMember => ({
  user_id,
  username,
  name: null,
  role,
  status: "active",
  joined_at: "2026-11-20T10:00:00.000Z",
  last_seen_at: null,
});

describe("the workspace's members", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers an owner no suspend or remove on their own row (Leave is the way out), and both on others'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json([member(1, "ana", "owner"), member(2, "mika", "coach")])),
    );
    renderInApp(<Members workspace={workspace} manage userId={1} />);
    const rows = await screen.findAllByRole("listitem");
    const [own, other] = rows as [HTMLElement, HTMLElement];
    expect(own.textContent).toContain("ana(you)");
    expect(within(own).queryByText("Suspend")).toBeNull();
    expect(within(own).queryByText("Remove")).toBeNull();
    expect(other.textContent).not.toContain("(you)");
    expect(within(other).getByText("Suspend").closest("button")).not.toBeNull();
    expect(within(other).getByText("Remove").closest("button")).not.toBeNull();
  });
});
