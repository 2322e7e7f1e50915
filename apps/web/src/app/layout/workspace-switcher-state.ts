import type { Workspace } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "@/lib/auth.ts";
import { landingQuery, mentionsQuery, workspacesQuery } from "@/lib/collab-api.ts";
import { adoptLanding, setCurrentWorkspace, useCurrentWorkspace } from "@/lib/current-workspace.ts";

/**
 * What the header's workspace switcher shows: the signed-in user's workspaces, the current one
 * (null: the personal space; a workspace the user left falls back to it) and unread mentions.
 * The current space follows the account's landing answer whenever it is read: on load, and after
 * joining or creating a workspace (decision record 054).
 */
export function useWorkspaceSwitcher(): {
  workspaces: Workspace[];
  current: Workspace | null;
  unread: number;
} {
  const { isAuthenticated } = useAuth();
  const currentId = useCurrentWorkspace();
  const workspaces = useQuery({
    ...workspacesQuery,
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
  const mentions = useQuery({
    ...mentionsQuery,
    enabled: isAuthenticated && (workspaces.data?.length ?? 0) > 0,
    refetchInterval: 60_000,
  });
  const landing = useQuery({ ...landingQuery, enabled: isAuthenticated });
  useEffect(() => {
    if (landing.data) adoptLanding(landing.data);
  }, [landing.data]);
  const list = workspaces.data ?? [];
  const current = list.find((workspace) => workspace.id === currentId) ?? null;
  useEffect(() => {
    if (workspaces.isSuccess && currentId && !current) setCurrentWorkspace(null);
  }, [workspaces.isSuccess, currentId, current]);
  return { workspaces: list, current, unread: mentions.data?.unread ?? 0 };
}
