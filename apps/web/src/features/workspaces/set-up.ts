import { STORAGE_KEYS, type Workspace, type WorkspaceCapability } from "@draftroom/contracts";
import { storage } from "@/lib/storage.ts";
import { mayIn } from "@/lib/workspace-access.ts";

/**
 * The staff's set-up steps in a workspace (SetUpSteps.tsx draws them), apart from the card so that a
 * page load's ahead (workspace.ahead.ts) asks for what the card reads without loading the card.
 */
export type StepKey = "invite" | "roster" | "plan" | "scrim";

/** Who may take each step: a step the member cannot take is not theirs to be shown. */
const STEP_CAPABILITY: Record<StepKey, WorkspaceCapability> = {
  invite: "manage_members",
  roster: "edit_roster",
  plan: "edit_plans",
  scrim: "edit_scrims",
};

/** The steps this member may take in `workspace`, or none once they hid the card there. */
export function setUpStepsOf(workspace: Workspace): StepKey[] {
  if (hiddenSetUps().includes(workspace.id)) return [];
  return (Object.keys(STEP_CAPABILITY) as StepKey[]).filter((step) =>
    mayIn(workspace, STEP_CAPABILITY[step]),
  );
}

/** The workspaces whose card this browser's member hid. */
export function hiddenSetUps(): string[] {
  try {
    const value: unknown = JSON.parse(storage.get(STORAGE_KEYS.setUpHidden) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Hides the card in `workspaceId` for this browser's member. */
export function hideSetUp(workspaceId: string): void {
  storage.set(STORAGE_KEYS.setUpHidden, JSON.stringify([...hiddenSetUps(), workspaceId]));
}
