import { ROUTES } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MailX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { isApiRequestError } from "@/lib/api.ts";
import { logout, useAuth } from "@/lib/auth.ts";
import { setCurrentWorkspace } from "@/lib/current-workspace.ts";
import { errorMessage } from "@/lib/errors.ts";
import type { RedirectState } from "@/lib/redirect-target.ts";
import { workspaceKeys, workspacesApi } from "./api.ts";
import { formatDate } from "./format.ts";
import { WorkspaceMark } from "./WorkspaceMark.tsx";
import "./i18n-workspaces.d.ts";

/**
 * `/app/invite/:token`: what an invite offers. Signed out: register or sign in, then come back
 * here; signed in: join and land in the workspace. A revoked, expired or spent invite says so.
 */
export default function InvitePage() {
  const { t } = useTranslation("workspaces");
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { isAuthenticated, user } = useAuth();
  const query = useQuery({
    queryKey: workspaceKeys.invite(token),
    queryFn: () => workspacesApi.preview(token),
    retry: false,
  });
  // A member who opens an invite to their own team (a second link, one already used) is shown
  // the way in, not a join that can only fail.
  const mine = useQuery({
    queryKey: workspaceKeys.list(),
    queryFn: workspacesApi.list,
    enabled: isAuthenticated,
  });
  const membership = mine.data?.find((workspace) => workspace.id === query.data?.workspace.id);
  // An invite by username: only that account can accept it (the server answers anyone else "not found").
  const invitee = query.data?.invitee_username ?? null;
  const someoneElse = isAuthenticated && user !== null && invitee !== null && invitee !== user.username;
  const open = (workspaceId: string) => {
    // The member lands in the team (the account remembers it too, record 054).
    setCurrentWorkspace(workspaceId);
    void navigate(`/app/workspaces/${workspaceId}`, { replace: true });
  };
  const accept = useMutation({
    mutationFn: () => workspacesApi.accept(token),
    onSuccess: (workspace) => {
      // Away first: refetched here, the list would show the new member "already in" for a moment.
      open(workspace.id);
      void client.invalidateQueries({ queryKey: workspaceKeys.all });
    },
    onError: (error) => {
      // Joined meanwhile (another tab, another link): the member's list says so.
      if (isApiRequestError(error) && error.code === "already_member")
        void client.invalidateQueries({ queryKey: workspaceKeys.list() });
    },
  });
  const back: RedirectState = {
    from: { pathname: `/app/invite/${token}` },
    joining: query.data?.workspace.name,
  };

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 px-3 py-10">
      {query.isPending || (isAuthenticated && mine.isPending) ? (
        <div role="status" className="grid min-h-[30dvh] place-items-center text-muted">
          <Spinner size="lg" />
          <span className="sr-only">{t("invite.loading")}</span>
        </div>
      ) : query.isError ? (
        <ErrorState title={t("invite.invalidTitle")} message={t("invite.invalidText")} />
      ) : membership ? (
        <section className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-6 text-center">
          <WorkspaceMark tag={membership.tag} colour={membership.colour} size="lg" />
          <h1 className="text-xl font-bold text-fg">{t("invite.member.title", { name: membership.name })}</h1>
          <p className="text-sm text-muted">
            {t("invite.member.text", { role: t(`roles.${membership.role}`) })}
            {membership.role !== query.data.role &&
              ` ${t("invite.member.otherRole", { role: t(`roles.${query.data.role}`) })}`}
          </p>
          <Button onClick={() => open(membership.id)}>{t("invite.member.open")}</Button>
        </section>
      ) : query.data.state !== "valid" ? (
        <section className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-6 text-center">
          <MailX className="size-10 text-muted" aria-hidden />
          <h1 className="text-xl font-bold text-fg">{t(`invite.state.${query.data.state}.title`)}</h1>
          <p className="text-sm text-muted">
            {t(`invite.state.${query.data.state}.text`, { name: query.data.workspace.name })}
          </p>
          <Link className="font-semibold text-primary underline" to={ROUTES.dashboard}>
            {t("invite.home")}
          </Link>
        </section>
      ) : (
        <section className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface p-6 text-center">
          <WorkspaceMark tag={query.data.workspace.tag} colour={query.data.workspace.colour} size="lg" />
          <h1 className="text-xl font-bold text-fg">
            {t("invite.title", { name: query.data.workspace.name })}
          </h1>
          <p className="text-sm text-muted">
            {t("invite.text", {
              role: t(`roles.${query.data.role}`),
              date: formatDate(query.data.expires_at),
            })}
            {invitee && ` ${t("invite.forUser", { username: invitee })}`}
          </p>
          {someoneElse ? (
            <>
              <p role="note" className="text-sm font-semibold text-fg">
                {t("invite.notYou", { me: user.username, username: invitee })}
              </p>
              {/* Signed out, the page offers "Sign in" and comes back here (the invite's own state). */}
              <Button variant="outline" onClick={() => void logout()}>
                {t("invite.signOut")}
              </Button>
            </>
          ) : isAuthenticated ? (
            <Button onClick={() => accept.mutate()} loading={accept.isPending}>
              {t("invite.accept")}
            </Button>
          ) : (
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => void navigate(ROUTES.register, { state: back })}>
                {t("invite.register")}
              </Button>
              <Button variant="outline" onClick={() => void navigate(ROUTES.login, { state: back })}>
                {t("invite.login")}
              </Button>
            </div>
          )}
          {accept.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(accept.error)}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
