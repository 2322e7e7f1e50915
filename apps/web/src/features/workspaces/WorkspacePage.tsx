import {
  type DraftSession,
  ROUTES,
  WORKSPACE_ROLES,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceRole,
} from "@draftroom/contracts";
import { formatStepCount } from "@draftroom/draft";
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ClipboardList, Copy, Link2, Plug, Swords, Users } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { isNotFound } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth.ts";
import { copyText } from "@/lib/clipboard.ts";
import { chooseWorkspace } from "@/lib/current-workspace.ts";
import { errorMessage } from "@/lib/errors.ts";
import { formatRelativeTime } from "@/lib/format.ts";
import { ActivityFeed } from "./ActivityFeed.tsx";
import { inviteLink, type WorkspaceSessions, workspaceKeys, workspaceQueries, workspacesApi } from "./api.ts";
import { BillingSection } from "./Billing.tsx";
import { DeleteWorkspace } from "./DeleteWorkspace.tsx";
import { ExportButton } from "./ExportButton.tsx";
import { FirstSteps } from "./FirstSteps.tsx";
import { formatDate } from "./format.ts";
import { LeagueTeamSetting } from "./LeagueTeamSetting.tsx";
import { LeaveButton } from "./LeaveButton.tsx";
import { MentionsPanel } from "./MentionsPanel.tsx";
import { ReadOnlyBanner } from "./ReadOnlyBanner.tsx";
import { ScrimAgenda } from "./ScrimAgenda.tsx";
import { SetUpSteps } from "./SetUpSteps.tsx";
import { WorkspaceMark } from "./WorkspaceMark.tsx";
import { WorkspacePlans } from "./WorkspacePlans.tsx";
import "./i18n-workspaces.d.ts";
import { mayIn } from "@/lib/workspace-access.ts";

/** `/app/workspaces/:id`: a workspace's seats, members and invites; owners manage them. */
export default function WorkspacePage() {
  const { t } = useTranslation("workspaces");
  const { workspaceId = "" } = useParams();
  const query = useQuery(workspaceQueries.one(workspaceId));

  if (query.isPending) {
    return (
      <div role="status" className="grid min-h-[40dvh] place-items-center text-muted">
        <Spinner size="lg" />
        <span className="sr-only">{t("page.loading")}</span>
      </div>
    );
  }
  if (query.isError) {
    const missing = isNotFound(query.error);
    return (
      <div className="mx-auto w-full max-w-3xl px-3 py-6">
        <ErrorState
          title={missing ? t("page.notFound") : t("page.errorTitle")}
          message={missing ? t("page.notFoundText") : errorMessage(query.error)}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
      </div>
    );
  }
  return <WorkspaceView workspace={query.data} />;
}

/** The loaded page. */
function WorkspaceView({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const userId = useAuth().user?.id;
  const manage = mayIn(workspace, "manage_members");
  const sessions = useWorkspaceSessions(workspace.id);
  const inProgress = sessions.data?.results.find((session) => session.status === "in_progress");
  const nextDraft = inProgress ? { title: inProgress.title, to: ROUTES.draftSession(inProgress.id) } : null;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-3 py-4 sm:px-5 lg:py-6">
      <header className="flex flex-wrap items-center gap-3">
        <WorkspaceMark tag={workspace.tag} colour={workspace.colour} size="md" />
        {/* The whole name, wrapped when long: the actions move below it before it is cut. */}
        <div className="min-w-0 flex-1 basis-64">
          <h1 className="break-words text-2xl font-bold tracking-tight text-fg">{workspace.name}</h1>
          <p className="flex flex-wrap gap-1.5 text-xs">
            <Badge tone="primary">{t("yourRole", { role: t(`roles.${workspace.role}`) })}</Badge>
            {workspace.read_only && <Badge tone="warning">{t("readOnly")}</Badge>}
          </p>
        </div>
        {/* On a phone the actions take their own row, so the name keeps the width it needs. */}
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <ExportButton workspace={workspace} />
          <LeaveButton workspace={workspace} userId={userId} />
        </div>
      </header>
      {workspace.read_only && <ReadOnlyBanner workspace={workspace} userId={userId} />}
      {/* The work first (a player's next step, the scrims, drafts, plans), then the people, then settings. */}
      <FirstSteps workspace={workspace} nextDraft={nextDraft} />
      <SetUpSteps workspace={workspace} />
      <nav aria-label={t("quickLinks")} className="flex flex-wrap gap-2">
        <Link to={`/app/workspaces/${workspace.id}/pools`} className={quickLink}>
          <Users className="size-4" aria-hidden />
          {t("pools.link")}
        </Link>
        <Link to={`${ROUTES.draftPlans}?workspace=${workspace.id}`} className={quickLink}>
          <ClipboardList className="size-4" aria-hidden />
          {t("plans.link")}
        </Link>
        <Link to={ROUTES.scrims(workspace.id)} className={quickLink}>
          <Swords className="size-4" aria-hidden />
          {t("scrimsLink")}
        </Link>
        <Link to={`/app/workspaces/${workspace.id}/integrations`} className={quickLink}>
          <Plug className="size-4" aria-hidden />
          {t("integrations.link")}
        </Link>
      </nav>
      <ScrimAgenda workspace={workspace} />
      <Items sessions={sessions} workspaceId={workspace.id} />
      <WorkspacePlans workspace={workspace} />
      <MentionsPanel workspaceId={workspace.id} />
      <Members workspace={workspace} manage={manage} userId={userId} />
      {manage && <Invites workspace={workspace} />}
      <ActivityFeed workspaceId={workspace.id} />
      <LeagueTeamSetting workspace={workspace} />
      <Seats workspace={workspace} />
      {/* Every member reads who pays and what the team's plan gives them here; owners also hand the bill over. */}
      <BillingSection workspace={workspace} userId={userId} />
      {mayIn(workspace, "manage_workspace") && <DeleteWorkspace workspace={workspace} />}
    </div>
  );
}

function Seats({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const { seats } = workspace;
  return (
    <section aria-labelledby="ws-seats" className="rounded-2xl border border-border bg-surface p-4">
      <h2 id="ws-seats" className="text-lg font-bold text-fg">
        {t("seats.title")}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted">{t("seats.staff")}</dt>
          <dd className="font-semibold tabular-nums text-fg">
            {seats.staff_used} / {seats.staff_limit}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t("seats.roster")}</dt>
          <dd className="font-semibold tabular-nums text-fg">
            {seats.roster_used} / {seats.roster_limit}
          </dd>
        </div>
      </dl>
    </section>
  );
}

const quickLink =
  "flex w-fit items-center gap-2 rounded-xl border border-border bg-surface px-4 py-2 text-sm font-semibold text-fg hover:bg-surface-2";

function useWorkspaceSessions(workspaceId: string): UseQueryResult<WorkspaceSessions> {
  return useQuery(workspaceQueries.sessions(workspaceId));
}

function Items({
  sessions,
  workspaceId,
}: {
  sessions: UseQueryResult<WorkspaceSessions>;
  workspaceId: string;
}) {
  const { t } = useTranslation("workspaces");
  return (
    <section aria-labelledby="ws-items" className="rounded-2xl border border-border bg-surface p-4">
      <h2 id="ws-items" className="text-lg font-bold text-fg">
        {t("items.title")}
      </h2>
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(sessions.error)}
        </p>
      ) : sessions.data.count === 0 ? (
        <p className="mt-1 text-sm text-muted">{t("items.empty")}</p>
      ) : (
        <>
          <ul className="mt-2 flex flex-col gap-1">
            {sessions.data.results.map((session) => (
              <li key={session.id} className="flex flex-col">
                <Link
                  className="w-fit text-sm font-semibold text-primary underline"
                  to={ROUTES.draftSession(session.id)}
                >
                  {session.title}
                </Link>
                <SessionLine session={session} />
              </li>
            ))}
          </ul>
          {sessions.data.count > sessions.data.results.length && (
            <p className="mt-3 flex flex-wrap items-baseline gap-x-2 text-sm text-muted">
              {t("items.more", { shown: sessions.data.results.length, count: sessions.data.count })}
              {/* The drafts list shows the space the header has chosen: this workspace's, then. */}
              <Link
                to={ROUTES.dashboard}
                onClick={() => void chooseWorkspace(workspaceId)}
                className="font-semibold text-primary underline"
              >
                {t("items.all")}
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** Under a draft's title: who plays, where the draft stands, and when it last moved. */
function SessionLine({ session }: { session: DraftSession }) {
  const { t, i18n } = useTranslation("workspaces");
  // The board's phase names: a startup namespace, so the page loads no drafts catalogue for them.
  const { t: tBoard } = useTranslation("board");
  const state =
    session.status === "complete"
      ? session.winner
        ? t("items.won", { team: session.winner === "BLUE" ? session.blue_team_name : session.red_team_name })
        : tBoard("stage.phase.complete")
      : t("items.inProgress", {
          phase: tBoard(`stage.phase.${session.current_phase as 1 | 2 | 3 | 4}`),
          count: session.current_step,
          total: formatStepCount(session.format),
        });
  return (
    <span className="text-muted text-xs">
      {t("items.line", {
        blue: session.blue_team_name,
        red: session.red_team_name,
        state,
        when: formatRelativeTime(session.updated_at, i18n.language),
      })}
    </span>
  );
}

export function Members({
  workspace,
  manage,
  userId,
}: {
  workspace: Workspace;
  manage: boolean;
  userId: number | undefined;
}) {
  const { t } = useTranslation("workspaces");
  const client = useQueryClient();
  const query = useQuery(workspaceQueries.members(workspace.id));
  const refresh = () => client.invalidateQueries({ queryKey: ["workspaces"] });
  const change = useMutation({
    mutationFn: ({
      member,
      body,
    }: {
      member: WorkspaceMember;
      body: { role?: WorkspaceRole; status?: "active" | "suspended" };
    }) => workspacesApi.updateMember(workspace.id, member.user_id, body),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (member: WorkspaceMember) => workspacesApi.removeMember(workspace.id, member.user_id),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <section aria-labelledby="ws-members" className="rounded-2xl border border-border bg-surface p-4">
      <h2 id="ws-members" className="text-lg font-bold text-fg">
        {t("members.title")}
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(query.error)}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {query.data.map((member) => (
            <li key={member.user_id} className="flex flex-wrap items-center gap-2 py-2">
              {/* A phone gives the name its own line; the controls wrap below it. */}
              <span className="min-w-0 basis-full sm:basis-auto sm:flex-1">
                <span className="block truncate font-semibold text-fg">
                  {member.name ?? member.username}
                  {member.name && (
                    <span className="ml-1.5 font-normal text-muted text-xs">@{member.username}</span>
                  )}
                  {member.user_id === userId && (
                    <span className="ml-1.5 text-xs font-normal text-muted">{t("members.you")}</span>
                  )}
                </span>
                <span className="block text-xs text-muted">
                  {member.last_seen_at
                    ? t("members.lastSeen", { date: formatDate(member.last_seen_at) })
                    : t("members.neverSeen")}
                </span>
              </span>
              {member.status === "suspended" && <Badge tone="danger">{t("members.suspended")}</Badge>}
              {manage ? (
                <>
                  <label className="sr-only" htmlFor={`role-${member.user_id}`}>
                    {t("members.roleOf", { name: member.username })}
                  </label>
                  <NativeSelect
                    id={`role-${member.user_id}`}
                    className="w-32"
                    value={member.role}
                    onChange={(e) =>
                      change.mutate({ member, body: { role: e.target.value as WorkspaceRole } })
                    }
                  >
                    {WORKSPACE_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`roles.${role}`)}
                      </option>
                    ))}
                  </NativeSelect>
                  {/* Leaving is its own button (it checks the bill): no suspend or remove of oneself. */}
                  {member.user_id !== userId && (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() =>
                          change.mutate({
                            member,
                            body: { status: member.status === "active" ? "suspended" : "active" },
                          })
                        }
                      >
                        {member.status === "active" ? t("members.suspend") : t("members.reactivate")}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => {
                          if (window.confirm(t("members.removeConfirm", { name: member.username })))
                            remove.mutate(member);
                        }}
                      >
                        {t("members.remove")}
                      </Button>
                    </>
                  )}
                </>
              ) : (
                <Badge tone="neutral">{t(`roles.${member.role}`)}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Invites and role changes are the owners': the others are told so where they would be. */}
      <AccessNote workspace={workspace} capability="manage_members" className="mt-2" />
    </section>
  );
}

function Invites({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const client = useQueryClient();
  const query = useQuery(workspaceQueries.invites(workspace.id));
  const [role, setRole] = useState<WorkspaceRole>("player");
  const [multi, setMulti] = useState(false);
  const [username, setUsername] = useState("");
  const [label, setLabel] = useState("");
  const refresh = () => client.invalidateQueries({ queryKey: workspaceKeys.invites(workspace.id) });
  const create = useMutation({
    mutationFn: () =>
      workspacesApi.createInvite(workspace.id, {
        role,
        max_uses: multi ? null : 1,
        ...(username.trim() ? { username: username.trim() } : {}),
        ...(label.trim() ? { label: label.trim() } : {}),
      }),
    onSuccess: async (invite) => {
      setUsername("");
      setLabel("");
      await refresh();
      if (!invite.invitee_username) {
        const copied = await copyText(inviteLink(invite.id));
        if (copied) toast.success(t("invites.copied"));
      } else {
        toast.success(t("invites.sent", { name: invite.invitee_username }));
      }
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => workspacesApi.revokeInvite(workspace.id, id),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section
      aria-labelledby="ws-invites"
      className="scroll-mt-20 rounded-2xl border border-border bg-surface p-4"
    >
      <h2 id="ws-invites" className="text-lg font-bold text-fg">
        {t("invites.title")}
      </h2>
      <form onSubmit={submit} className="mt-2 grid gap-3 sm:grid-cols-[10rem_1fr_1fr] sm:items-end">
        <Field label={t("invites.role")}>
          {(control) => (
            <NativeSelect
              {...control}
              value={role}
              onChange={(e) => setRole(e.target.value as WorkspaceRole)}
            >
              {WORKSPACE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {t(`roles.${option}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("invites.username")} hint={t("invites.usernameHint")}>
          {(control) => <Input {...control} value={username} onChange={(e) => setUsername(e.target.value)} />}
        </Field>
        <Field label={t("invites.forWhom")} hint={t("invites.forWhomHint")}>
          {(control) => (
            <Input {...control} value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="checkbox" checked={multi} onChange={(e) => setMulti(e.target.checked)} />
            {t("invites.multi")}
          </label>
          <Button
            type="submit"
            loading={create.isPending}
            leftIcon={<Link2 className="size-4" aria-hidden />}
          >
            {username.trim() ? t("invites.invite") : t("invites.createLink")}
          </Button>
        </div>
        {create.isError && (
          <p role="alert" className="text-sm text-danger sm:col-span-3">
            {errorMessage(create.error)}
          </p>
        )}
      </form>
      <h3 className="mt-4 text-sm font-semibold text-fg">{t("invites.pending")}</h3>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(query.error)}
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted">{t("invites.none")}</p>
      ) : (
        <ul className="mt-1 divide-y divide-border">
          {query.data.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
              <Badge tone="primary">{t(`roles.${invite.role}`)}</Badge>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="break-words font-semibold text-fg">
                  {invite.label || invite.invitee_username
                    ? t("invites.pendingFor", {
                        name: [invite.label, invite.invitee_username && `@${invite.invitee_username}`]
                          .filter(Boolean)
                          .join(" · "),
                      })
                    : t("invites.pendingUnnamed")}
                </span>
                <span className="text-muted text-xs">
                  {invite.invitee_username
                    ? t("invites.singleUse")
                    : invite.max_uses === null
                      ? t("invites.multiUse")
                      : t("invites.singleUse")}
                  {" · "}
                  {t("invites.expires", { date: formatDate(invite.expires_at) })}
                </span>
              </span>
              {!invite.invitee_username && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("invites.copy")}
                  leftIcon={<Copy className="size-4" aria-hidden />}
                  onClick={async () => {
                    if (await copyText(inviteLink(invite.id))) toast.success(t("invites.copied"));
                  }}
                >
                  <span data-invite-link={inviteLink(invite.id)} className="sr-only sm:not-sr-only">
                    {t("invites.copy")}
                  </span>
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => revoke.mutate(invite.id)}>
                {t("invites.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
