import type {
  Champion,
  DraftSession,
  InviteCreateBody,
  InvitePreview,
  MemberUpdateBody,
  PoolEntry,
  PoolRecord,
  PriorityEntry,
  RosterPlayer,
  RosterPlayerBody,
  ScrimAgenda,
  Workspace,
  WorkspaceCreateBody,
  WorkspaceInvite,
  WorkspaceMember,
  WorkspacePriorities,
} from "@draftroom/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api.ts";
import { collabKeys, workspaceQuery } from "@/lib/collab-api.ts";

/** Workspaces API: one fetcher per resource under one cache key each. */
export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: () => ["workspaces", "list"] as const,
  one: collabKeys.workspace,
  members: (id: string) => ["workspaces", "members", id] as const,
  invites: (id: string) => ["workspaces", "invites", id] as const,
  invite: (token: string) => ["workspaces", "invite", token] as const,
  mine: () => ["workspaces", "my-invites"] as const,
  roster: (id: string) => ["workspaces", "roster", id] as const,
  /** Under the scrim ledger's list key, so planning or deleting a scrim refreshes it too. */
  hasScrims: (id: string) => ["scrims", "list", id, "any"] as const,
  scrimAgenda: (id: string) => ["scrims", "list", id, "agenda"] as const,
  records: (id: string) => ["workspaces", "records", id] as const,
  priorities: (id: string) => ["workspaces", "priorities", id] as const,
  champions: ["workspaces", "champions"] as const,
};

export const workspacesApi = {
  list: () => api.get<Workspace[]>("/workspaces/"),
  create: (body: Partial<WorkspaceCreateBody>) => api.post<Workspace>("/workspaces/", body),
  update: (id: string, body: Partial<WorkspaceCreateBody>) =>
    api.patch<Workspace>(`/workspaces/${id}/`, body),
  members: (id: string) => api.get<WorkspaceMember[]>(`/workspaces/${id}/members/`),
  updateMember: (id: string, userId: number, body: MemberUpdateBody) =>
    api.patch<WorkspaceMember>(`/workspaces/${id}/members/${userId}/`, body),
  removeMember: (id: string, userId: number) => api.delete(`/workspaces/${id}/members/${userId}/`),
  leave: (id: string) => api.post<void>(`/workspaces/${id}/leave/`),
  offerBill: (id: string, userId: number) =>
    api.post<Workspace>(`/workspaces/${id}/billing/offer/`, { user_id: userId }),
  withdrawBillOffer: (id: string) => api.delete(`/workspaces/${id}/billing/offer/`),
  acceptBill: (id: string) => api.post<Workspace>(`/workspaces/${id}/billing/accept/`),
  remove: (id: string) => api.delete(`/workspaces/${id}/`),
  invites: (id: string) => api.get<WorkspaceInvite[]>(`/workspaces/${id}/invites/`),
  createInvite: (id: string, body: Partial<InviteCreateBody>) =>
    api.post<WorkspaceInvite>(`/workspaces/${id}/invites/`, body),
  revokeInvite: (id: string, inviteId: string) => api.delete(`/workspaces/${id}/invites/${inviteId}/`),
  preview: (token: string) => api.get<InvitePreview>(`/invites/${token}/`),
  accept: (token: string) => api.post<Workspace>(`/invites/${token}/accept/`),
  roster: (id: string) => api.get<RosterPlayer[]>(`/workspaces/${id}/roster/`),
  /** Whether the workspace has planned any scrim yet (the ledger's first page). */
  hasScrims: (id: string) =>
    api.get<{ results: unknown[] }>(`/workspaces/${id}/scrims/`).then((page) => page.results.length > 0),
  scrimAgenda: (id: string) => api.get<ScrimAgenda>(`/workspaces/${id}/scrims/agenda/`),
  addPlayer: (id: string, body: Partial<RosterPlayerBody>) =>
    api.post<RosterPlayer>(`/workspaces/${id}/roster/`, body),
  editPlayer: (id: string, playerId: string, body: Partial<RosterPlayerBody>) =>
    api.patch<RosterPlayer>(`/workspaces/${id}/roster/${playerId}/`, body),
  removePlayer: (id: string, playerId: string) => api.delete(`/workspaces/${id}/roster/${playerId}/`),
  setPool: (id: string, playerId: string, entries: PoolEntry[]) =>
    api.put<RosterPlayer>(`/workspaces/${id}/roster/${playerId}/pool/`, { entries }),
  records: (id: string) => api.get<PoolRecord[]>(`/workspaces/${id}/roster/records/`),
  priorities: (id: string) => api.get<WorkspacePriorities>(`/workspaces/${id}/priorities/`),
  setPriorities: (id: string, priorities: PriorityEntry[]) =>
    api.put<WorkspacePriorities>(`/workspaces/${id}/priorities/`, { priorities }),
  champions: () =>
    api
      .get<Champion[] | { results: Champion[] }>("/drafts/champions/")
      .then((answer) => (Array.isArray(answer) ? answer : answer.results)),
};

/** The absolute invite link an owner copies. */
export function inviteLink(token: string): string {
  return `${window.location.origin}/app/invite/${token}`;
}

/** The workspace's drafts (the sessions list's first page), as its items section lists them. */
export type WorkspaceSessions = { count: number; results: DraftSession[] };

/**
 * The workspace page's and the pools page's queries, one definition for their sections and for the
 * page loads that ask for them ahead (workspace.ahead.ts, pools.ahead.ts).
 */
export const workspaceQueries = {
  sessions: (id: string) =>
    queryOptions({
      queryKey: ["drafts", "sessions", "workspace", id],
      queryFn: () => api.get<WorkspaceSessions>(`/drafts/sessions/?workspace=${id}`),
    }),
  one: workspaceQuery,
  members: (id: string) =>
    queryOptions({ queryKey: workspaceKeys.members(id), queryFn: () => workspacesApi.members(id) }),
  invites: (id: string) =>
    queryOptions({ queryKey: workspaceKeys.invites(id), queryFn: () => workspacesApi.invites(id) }),
  roster: (id: string) =>
    queryOptions({ queryKey: workspaceKeys.roster(id), queryFn: () => workspacesApi.roster(id) }),
  records: (id: string) =>
    queryOptions({ queryKey: workspaceKeys.records(id), queryFn: () => workspacesApi.records(id) }),
  hasScrims: (id: string) =>
    queryOptions({ queryKey: workspaceKeys.hasScrims(id), queryFn: () => workspacesApi.hasScrims(id) }),
  scrimAgenda: (id: string) =>
    queryOptions({ queryKey: workspaceKeys.scrimAgenda(id), queryFn: () => workspacesApi.scrimAgenda(id) }),
  priorities: (id: string) =>
    queryOptions({ queryKey: workspaceKeys.priorities(id), queryFn: () => workspacesApi.priorities(id) }),
  champions: queryOptions({
    queryKey: workspaceKeys.champions,
    queryFn: () => workspacesApi.champions(),
    staleTime: 5 * 60_000,
  }),
};
