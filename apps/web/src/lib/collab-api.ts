import type {
  ActivityItemType,
  ActivityPage,
  Comment,
  CommentItemType,
  CommentList,
  ItemContext,
  MentionList,
  Workspace,
  WorkspaceChoice,
  WorkspaceMember,
} from "@draftroom/contracts";
import { isUuid } from "@draftroom/contracts";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api, isNotFound, requestById } from "./api.ts";

/**
 * Working together in a workspace, shared by the workspace screens, the header and the session
 * and series pages: activity, an item's workspace and last editor, comments, mentions, moving an
 * item. One fetcher per cache key.
 */
export const collabKeys = {
  workspaces: ["workspaces", "list"] as const,
  workspace: (workspaceId: string) => ["workspaces", "one", workspaceId] as const,
  /** Where the account lands (decision record 054); under "workspaces" so joining refetches it. */
  landing: ["workspaces", "current"] as const,
  members: (workspaceId: string) => ["workspaces", "members", workspaceId] as const,
  activity: (workspaceId: string) => ["collab", "activity", workspaceId] as const,
  context: (type: ActivityItemType, id: string) => ["collab", "context", type, id] as const,
  comments: (type: CommentItemType, id: string) => ["collab", "comments", type, id] as const,
  mentions: ["collab", "mentions"] as const,
};

/** Items with "Move to workspace": sessions, series and roster reviews. */
export type MovableItemType = "session" | "series" | "review";

const MOVE_PATHS: Record<MovableItemType, (id: string) => string> = {
  session: (id) => `/drafts/sessions/${id}/workspace/`,
  series: (id) => `/series/${id}/workspace/`,
  review: (id) => `/rosters/reviews/${id}/workspace/`,
};

export const collabApi = {
  workspaces: () => api.get<Workspace[]>("/workspaces/"),
  /** One workspace with the member's capabilities there; an id no workspace can have is not found. */
  workspace: (workspaceId: string) =>
    requestById(workspaceId, isUuid, () => api.get<Workspace>(`/workspaces/${workspaceId}/`)),
  landing: () => api.get<WorkspaceChoice>("/workspaces/current/"),
  chooseLanding: (workspaceId: string | null) =>
    api.put<WorkspaceChoice>("/workspaces/current/", { workspace_id: workspaceId }),
  members: (workspaceId: string) => api.get<WorkspaceMember[]>(`/workspaces/${workspaceId}/members/`),
  activity: (workspaceId: string, before?: string) =>
    api.get<ActivityPage>(`/workspaces/${workspaceId}/activity/`, before ? { query: { before } } : {}),
  context: (type: ActivityItemType, id: string) => api.get<ItemContext>(`/items/${type}/${id}/context/`),
  comments: (type: CommentItemType, id: string) =>
    api.get<CommentList>("/comments/", { query: { item_type: type, item_id: id } }),
  comment: (type: CommentItemType, id: string, body: string, parentId: string | null) =>
    api.post<Comment>("/comments/", { item_type: type, item_id: id, body, parent_id: parentId }),
  editComment: (commentId: string, body: string) => api.patch<Comment>(`/comments/${commentId}/`, { body }),
  deleteComment: (commentId: string) => api.delete<void>(`/comments/${commentId}/`),
  mentions: () => api.get<MentionList>("/mentions/"),
  readMentions: () => api.post<void>("/mentions/read/"),
  move: (type: MovableItemType, id: string, workspaceId: string | null) =>
    api.put<unknown>(MOVE_PATHS[type](id), { workspace_id: workspaceId }),
};

/** The signed-in member's @mentions in every workspace: the header's count, a workspace page's panel. */
export const mentionsQuery = queryOptions({ queryKey: collabKeys.mentions, queryFn: collabApi.mentions });

/** An item's comments (asked for once its context says it is in a workspace: a personal item has none). */
export const itemCommentsQuery = (type: CommentItemType, id: string) =>
  queryOptions({
    queryKey: collabKeys.comments(type, id),
    queryFn: () => collabApi.comments(type, id),
    retry: (count, error) => !isNotFound(error) && count < 2,
  });

/** A workspace's members (the mention list and names beside usernames). */
export const workspaceMembersQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: collabKeys.members(workspaceId),
    queryFn: () => collabApi.members(workspaceId),
  });

/** The member's workspaces with their capabilities (the header's list). */
export const workspacesQuery = queryOptions({
  queryKey: collabKeys.workspaces,
  queryFn: collabApi.workspaces,
});

/** One workspace (its page, its pools, its scrims and their analytics read the same entry). */
export const workspaceQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: collabKeys.workspace(workspaceId),
    queryFn: () => collabApi.workspace(workspaceId),
  });

/** Where the account lands (the workspace it chose, created or joined last): read once per visit. */
export const landingQuery = queryOptions({
  queryKey: collabKeys.landing,
  queryFn: collabApi.landing,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Where an item lives (its workspace, or none) and who last edited it. */
export const itemContextQuery = (type: ActivityItemType, id: string) =>
  queryOptions({ queryKey: collabKeys.context(type, id), queryFn: () => collabApi.context(type, id) });

/** A workspace's activity feed, newest first, a page at a time (the feed and a page load's ahead). */
export const activityQuery = (workspaceId: string) =>
  infiniteQueryOptions({
    queryKey: collabKeys.activity(workspaceId),
    queryFn: ({ pageParam }) => collabApi.activity(workspaceId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
