import {
  apiErrorSchema,
  billingOfferBodySchema,
  inviteCreateBodySchema,
  inviteParamsSchema,
  invitePreviewListSchema,
  invitePreviewSchema,
  memberUpdateBodySchema,
  ownershipTransferBodySchema,
  poolRecordsSchema,
  poolReplaceBodySchema,
  prioritiesBodySchema,
  rosterPlayerBodySchema,
  rosterPlayerParamsSchema,
  rosterPlayerPatchSchema,
  rosterPlayerSchema,
  rosterSchema,
  sessionParamsSchema,
  sessionPlayersSchema,
  workspaceChoiceBodySchema,
  workspaceChoiceSchema,
  workspaceCreateBodySchema,
  workspaceInviteListSchema,
  workspaceInviteParamsSchema,
  workspaceInviteSchema,
  workspaceListSchema,
  workspaceMemberListSchema,
  workspaceMemberParamsSchema,
  workspaceMemberSchema,
  workspaceParamsSchema,
  workspacePrioritiesSchema,
  workspaceSchema,
  workspaceUpdateBodySchema,
} from "@draftroom/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authenticate, requireUser } from "../../auth-context.ts";
import { acceptBill, offerBill, withdrawBillOffer } from "./billing.ts";
import { chooseWorkspace, chosenWorkspace } from "./choice.ts";
import { deleteWorkspace } from "./deletion.ts";
import {
  acceptInvite,
  createInvite,
  leaveWorkspace,
  listPendingInvites,
  myInvites,
  previewInvite,
  removeMember,
  revokeInvite,
  transferOwnership,
  updateMember,
} from "./members.ts";
import { getWorkspacePriorities, rosterRecords, setWorkspacePriorities } from "./priorities.ts";
import { addPlayer, editPlayer, getRoster, removePlayer, rosterNamesOfSession, setPool } from "./roster.ts";
import { createWorkspace, getWorkspace, listMembers, listWorkspaces, updateWorkspace } from "./service.ts";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...errors, 409: apiErrorSchema };

/**
 * Team workspaces. Every handler only parses and answers; the service checks the caller's role
 * (`requireWorkspaceRole`): a workspace the caller is not a member of is a 404.
 */
const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/workspaces/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "The caller's workspaces (active memberships), with role, capabilities and seats",
        response: { 200: workspaceListSchema, ...errors },
      },
    },
    async (request) => listWorkspaces(app.db, requireUser(request).id),
  );

  app.get(
    "/workspaces/current/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary:
          "Where the caller lands: the space last chosen, created or joined (null: the personal space; chosen false: never chose)",
        response: { 200: workspaceChoiceSchema, ...errors },
      },
    },
    async (request) => chosenWorkspace(app.db, requireUser(request).id),
  );

  app.put(
    "/workspaces/current/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Remember the space the caller switched to (404 for a workspace they cannot read)",
        body: workspaceChoiceBodySchema,
        response: { 200: workspaceChoiceSchema, ...errors },
      },
    },
    async (request) => chooseWorkspace(app.db, requireUser(request).id, request.body.workspace_id),
  );

  app.post(
    "/workspaces/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary:
          "Create a workspace billed to the caller, its first owner (403 workspace_limit past the plan)",
        body: workspaceCreateBodySchema,
        response: { 201: workspaceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorkspace(app.db, requireUser(request).id, request.body)),
  );

  app.get(
    "/workspaces/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "A workspace the caller belongs to (404 otherwise)",
        params: workspaceParamsSchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    async (request) => getWorkspace(app.db, requireUser(request).id, request.params.id),
  );

  app.patch(
    "/workspaces/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Rename, retag, recolour or relink a workspace (owners)",
        params: workspaceParamsSchema,
        body: workspaceUpdateBodySchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    async (request) => updateWorkspace(app.db, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/workspaces/:id/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary:
          "Delete a workspace (owners): sessions, series and plans return to their creators; reviews, roster, pools, priorities, comments, invites and the feed are deleted; members' live sockets close",
        params: workspaceParamsSchema,
        response: { 204: z.null().describe("Deleted"), ...errors },
      },
    },
    async (request, reply) => {
      await deleteWorkspace(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/workspaces/:id/members/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Members with role, status and last seen",
        params: workspaceParamsSchema,
        response: { 200: workspaceMemberListSchema, ...errors },
      },
    },
    async (request) => listMembers(app.db, requireUser(request).id, request.params.id),
  );

  app.patch(
    "/workspaces/:id/members/:userId/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Change a member's role or suspend/reactivate them (owners; staff roles take a seat)",
        params: workspaceMemberParamsSchema,
        body: memberUpdateBodySchema,
        response: { 200: workspaceMemberSchema, ...writeErrors },
      },
    },
    async (request) =>
      updateMember(app.db, requireUser(request).id, request.params.id, request.params.userId, request.body),
  );

  app.delete(
    "/workspaces/:id/members/:userId/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Remove a member (owners); their live sockets close",
        params: workspaceMemberParamsSchema,
        response: { 204: z.null().describe("Removed"), ...writeErrors },
      },
    },
    async (request, reply) => {
      await removeMember(app.db, requireUser(request).id, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/workspaces/:id/leave/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary:
          "Leave the workspace (409 last_owner for its only owner; 409 billing_owner_leaving for the owner who pays, until another owner accepts the bill)",
        params: workspaceParamsSchema,
        response: { 204: z.null().describe("Left"), ...writeErrors },
      },
    },
    async (request, reply) => {
      await leaveWorkspace(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/workspaces/:id/transfer/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Make another member an owner and the workspace's billing owner",
        params: workspaceParamsSchema,
        body: ownershipTransferBodySchema,
        response: { 200: workspaceSchema, ...writeErrors },
      },
    },
    async (request) =>
      transferOwnership(app.db, requireUser(request).id, request.params.id, request.body.user_id),
  );

  app.post(
    "/workspaces/:id/billing/offer/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Offer the workspace's bill to another active owner (the billing owner only)",
        params: workspaceParamsSchema,
        body: billingOfferBodySchema,
        response: { 200: workspaceSchema, ...writeErrors },
      },
    },
    async (request) => offerBill(app.db, requireUser(request).id, request.params.id, request.body.user_id),
  );

  app.delete(
    "/workspaces/:id/billing/offer/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Withdraw the bill's offer (the billing owner) or decline it (the offered owner)",
        params: workspaceParamsSchema,
        response: { 204: z.null().describe("No offer any more"), ...errors },
      },
    },
    async (request, reply) => {
      await withdrawBillOffer(app.db, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/workspaces/:id/billing/accept/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary:
          "Accept the bill offered to the caller: the workspace is billed to their plan (403 when it does not cover the workspace)",
        params: workspaceParamsSchema,
        response: { 200: workspaceSchema, ...writeErrors },
      },
    },
    async (request) => acceptBill(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/workspaces/:id/invites/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Pending invites (owners)",
        params: workspaceParamsSchema,
        response: { 200: workspaceInviteListSchema, ...errors },
      },
    },
    async (request) => listPendingInvites(app.db, requireUser(request).id, request.params.id),
  );

  app.post(
    "/workspaces/:id/invites/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Create an invite link or an invite by username (owners; 429 past the hourly limit)",
        params: workspaceParamsSchema,
        body: inviteCreateBodySchema,
        response: { 201: workspaceInviteSchema, ...writeErrors, 429: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createInvite(app.db, requireUser(request).id, request.params.id, request.body)),
  );

  app.delete(
    "/workspaces/:id/invites/:inviteId/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Revoke an invite (owners)",
        params: workspaceInviteParamsSchema,
        response: { 204: z.null().describe("Revoked"), ...errors },
      },
    },
    async (request, reply) => {
      await revokeInvite(app.db, requireUser(request).id, request.params.id, request.params.inviteId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/invites/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Invites by username addressed to the caller, still valid",
        response: { 200: invitePreviewListSchema, ...errors },
      },
    },
    async (request) => myInvites(app.db, requireUser(request).id),
  );

  app.get(
    "/invites/:token/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["workspaces"],
        summary: "What an invite link offers and whether it is still valid (anyone with the link)",
        params: inviteParamsSchema,
        response: { 200: invitePreviewSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => previewInvite(app.db, request.params.token),
  );

  app.post(
    "/invites/:token/accept/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Join the workspace (410 invite_expired, invite_revoked or invite_used; 403 seats full)",
        params: inviteParamsSchema,
        response: { 200: workspaceSchema, ...writeErrors, 410: apiErrorSchema },
      },
    },
    async (request) => acceptInvite(app.db, requireUser(request).id, request.params.token),
  );

  app.get(
    "/workspaces/:id/roster/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Roster and each player's champion pool",
        params: workspaceParamsSchema,
        response: { 200: rosterSchema, ...errors },
      },
    },
    async (request) => getRoster(app.db, requireUser(request).id, request.params.id),
  );

  app.post(
    "/workspaces/:id/roster/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Add a player (coaches and owners)",
        params: workspaceParamsSchema,
        body: rosterPlayerBodySchema,
        response: { 201: rosterPlayerSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addPlayer(app.db, requireUser(request).id, request.params.id, request.body)),
  );

  app.patch(
    "/workspaces/:id/roster/:playerId/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Change a player's name, positions, status or linked account (coaches and owners)",
        params: rosterPlayerParamsSchema,
        body: rosterPlayerPatchSchema,
        response: { 200: rosterPlayerSchema, ...writeErrors },
      },
    },
    async (request) =>
      editPlayer(app.db, requireUser(request).id, request.params.id, request.params.playerId, request.body),
  );

  app.delete(
    "/workspaces/:id/roster/:playerId/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Remove a player and their pool (coaches and owners)",
        params: rosterPlayerParamsSchema,
        response: { 204: z.null().describe("Removed"), ...writeErrors },
      },
    },
    async (request, reply) => {
      await removePlayer(app.db, requireUser(request).id, request.params.id, request.params.playerId);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/workspaces/:id/roster/:playerId/pool/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Replace a player's champion pool (the player themself, coaches and owners)",
        params: rosterPlayerParamsSchema,
        body: poolReplaceBodySchema,
        response: { 200: rosterPlayerSchema, ...writeErrors },
      },
    },
    async (request) =>
      setPool(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.params.playerId,
        request.body.entries,
      ),
  );

  app.get(
    "/workspaces/:id/roster/records/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Each rostered player's games and wins per champion in the imported pro games (by name)",
        params: workspaceParamsSchema,
        response: { 200: poolRecordsSchema, ...errors },
      },
    },
    async (request) => rosterRecords(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    "/drafts/sessions/:id/public/players/",
    {
      config: { allowInvalidToken: true },
      schema: {
        tags: ["drafts", "workspaces"],
        summary:
          "The roster's player names of the draft's teams (the overlay's and image's names; public like the draft)",
        params: sessionParamsSchema,
        response: { 200: sessionPlayersSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => rosterNamesOfSession(app.db, request.params.id),
  );

  app.get(
    "/workspaces/:id/priorities/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "The team priorities: set by coaches, or derived from the players' pools (derived: true)",
        params: workspaceParamsSchema,
        response: { 200: workspacePrioritiesSchema, ...errors },
      },
    },
    async (request) => getWorkspacePriorities(app.db, requireUser(request).id, request.params.id),
  );

  app.put(
    "/workspaces/:id/priorities/",
    {
      onRequest: authenticate,
      schema: {
        tags: ["workspaces"],
        summary: "Replace the team priorities (coaches, analysts, owners); [] returns to the derived ones",
        params: workspaceParamsSchema,
        body: prioritiesBodySchema,
        response: { 200: workspacePrioritiesSchema, ...writeErrors },
      },
    },
    async (request) =>
      setWorkspacePriorities(app.db, requireUser(request).id, request.params.id, request.body.priorities),
  );
};

export default workspaceRoutes;
