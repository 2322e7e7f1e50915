import { STORAGE_KEYS } from "@draftroom/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "@/test/workspace-fixtures.ts";
import { adoptLanding, chooseWorkspace, currentWorkspace, setCurrentWorkspace } from "./current-workspace.ts";

const A = "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c001";
const B = "0b7c7a4e-7f1e-4f0e-9a53-3f4f3bb1c002";
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("where a member lands: the account's choice, this browser's as its first paint", () => {
  afterEach(() => {
    setCurrentWorkspace(null);
    vi.unstubAllGlobals();
  });

  it("follows the account's choice over this browser's (a workspace joined on another device)", () => {
    setCurrentWorkspace(A);
    adoptLanding({ workspace_id: B, chosen: true });
    expect(currentWorkspace()).toBe(B);
    expect(window.localStorage.getItem(STORAGE_KEYS.currentWorkspace)).toBe(B);
    adoptLanding({ workspace_id: null, chosen: true });
    expect(currentWorkspace()).toBeNull();
  });

  it("keeps this browser's choice for an account that never chose, and tells the account", async () => {
    const requests = stubApi([[/^PUT \/api\/workspaces\/current\/$/, { workspace_id: A, chosen: true }]]);
    setCurrentWorkspace(A);
    adoptLanding({ workspace_id: null, chosen: false });
    await settle();
    expect(currentWorkspace()).toBe(A);
    expect(requests).toEqual(["PUT /api/workspaces/current/"]);
  });

  it("switches at once and remembers the switch on the account", async () => {
    const bodies: unknown[] = [];
    stubApi([
      [
        /^PUT \/api\/workspaces\/current\/$/,
        (_url: URL, init: RequestInit | undefined) => {
          bodies.push(JSON.parse(String(init?.body)));
          return { workspace_id: B, chosen: true };
        },
      ],
    ]);
    const saved = chooseWorkspace(B);
    expect(currentWorkspace()).toBe(B);
    expect(await saved).toEqual({ workspace_id: B, chosen: true });
    expect(bodies).toEqual([{ workspace_id: B }]);
  });
});
