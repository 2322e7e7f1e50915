import { describe, expect, it } from "vitest";
import {
  can,
  isStaffRole,
  WORKSPACE_CAPABILITIES,
  WORKSPACE_PLAN_LIMITS,
  WORKSPACE_ROLES,
} from "./workspaces.ts";

describe("workspace roles", () => {
  it("grants exactly this table (changing a cell must change this test)", () => {
    const table = Object.fromEntries(
      WORKSPACE_ROLES.map((role) => [
        role,
        WORKSPACE_CAPABILITIES.filter((capability) => can(role, capability)),
      ]),
    );
    expect(table).toEqual({
      owner: [...WORKSPACE_CAPABILITIES],
      coach: WORKSPACE_CAPABILITIES.filter((c) => c !== "manage_members" && c !== "manage_workspace"),
      analyst: WORKSPACE_CAPABILITIES.filter(
        (c) =>
          c !== "manage_members" && c !== "manage_workspace" && c !== "edit_roster" && c !== "move_items",
      ),
      player: ["read", "comment", "take_captain_seat", "edit_own_pool", "enter_results"],
      viewer: ["read"],
    });
  });

  it("counts owner, coach and analyst as staff seats", () => {
    expect(WORKSPACE_ROLES.filter(isStaffRole)).toEqual(["owner", "coach", "analyst"]);
  });

  it("gives Plus one workspace with two staff and Pro five staff in several workspaces", () => {
    expect(WORKSPACE_PLAN_LIMITS.plus).toMatchObject({ max_workspaces: 1, staff_seats: 2 });
    expect(WORKSPACE_PLAN_LIMITS.pro.staff_seats).toBe(5);
    expect(WORKSPACE_PLAN_LIMITS.pro.max_workspaces).toBeGreaterThan(1);
    expect(WORKSPACE_PLAN_LIMITS.community.max_workspaces).toBe(0);
  });
});
