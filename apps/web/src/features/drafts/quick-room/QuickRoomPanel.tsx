import { ROUTES, type RoomQuickInfo } from "@draftroom/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Copy, Save, Zap } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isApiRequestError } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";
import { formatDate } from "@/lib/format.ts";
import { describeError } from "../utils/errors.ts";
import { copyText } from "../utils/share.ts";
import { quickRoomStore, quickRoomsApi } from "./api.ts";

type LinkKind = "organiser" | "blue_captain" | "red_captain" | "spectator" | "blue_team" | "red_team";

/**
 * The organiser's panel of a quick room (made without an account): every link to hand out, how
 * long the room is kept, and "save to my account" (after signing in or registering from here,
 * the room is claimed on return). A full plan says so, links to the plans, and loses nothing.
 */
export function QuickRoomPanel({
  roomId,
  quick,
  organiserToken,
}: {
  roomId: string;
  quick: RoomQuickInfo;
  organiserToken: string;
}) {
  const { t, i18n } = useTranslation("drafts");
  const auth = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [claimed, setClaimed] = useState(quick.claimed);
  const stored = quickRoomStore.load(roomId);
  const claim = useMutation({
    mutationFn: () => quickRoomsApi.claim(roomId, organiserToken),
    onSuccess: () => {
      quickRoomStore.clearClaim();
      setClaimed(true);
      toast.success(t("quickRoom.claimed"));
      void queryClient.invalidateQueries();
    },
    onError: () => quickRoomStore.clearClaim(),
  });
  // Back from signing in or registering: save the room once, as asked.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || claimed || !auth.isAuthenticated) return;
    if (quickRoomStore.pendingClaim(roomId) !== organiserToken) return;
    asked.current = true;
    claim.mutate();
  }, [auth.isAuthenticated, claimed, roomId, organiserToken, claim]);

  const links: { kind: LinkKind; path: string }[] = stored
    ? [
        { kind: "organiser", path: stored.organiserPath },
        ...stored.links.flatMap((link) => (link.path ? [{ kind: link.kind, path: link.path }] : [])),
      ]
    : [];
  const copy = async (kind: LinkKind, path: string) => {
    const url = `${window.location.origin}${path}`;
    const name = t(`quickRoom.link.${kind}`);
    if (await copyText(url)) toast.success(t("room.copied", { link: name }));
    else toast.info(t("room.copyFailed", { url }), { duration: 10_000 });
  };
  const expires = quick.expires_at ? formatDate(quick.expires_at, i18n.language) : null;
  const planFull = isApiRequestError(claim.error) && claim.error.code === "plan_limit";
  const authState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };

  return (
    <section
      aria-labelledby="quick-room-title"
      data-testid="quick-room-panel"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 dark:bg-surface/80"
    >
      <div>
        <h2 id="quick-room-title" className="flex items-center gap-2 text-base font-bold text-fg">
          <Zap className="size-4" aria-hidden />
          {t("quickRoom.panelTitle")}
        </h2>
        <p className="mt-0.5 text-xs text-muted">
          {claimed ? t("quickRoom.savedText") : t("quickRoom.keptUntil", { date: expires ?? "" })}
        </p>
      </div>

      {links.length > 0 ? (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
          {links.map((link) => {
            const name = t(`quickRoom.link.${link.kind}`);
            const url = `${window.location.origin}${link.path}`;
            return (
              <li
                key={link.kind}
                className={cn(
                  // A phone shows name and Copy on one row; the address itself from 640 px.
                  "flex min-w-0 flex-row items-center gap-1.5 rounded-xl border p-2.5 sm:flex-col sm:items-stretch",
                  link.kind === "blue_captain"
                    ? "border-team-blue/40 bg-team-blue-soft/40"
                    : link.kind === "red_captain"
                      ? "border-team-red/40 bg-team-red-soft/40"
                      : "border-border bg-surface-2",
                )}
              >
                <span className="min-w-0 flex-1 text-sm font-semibold text-fg">{name}</span>
                <input
                  readOnly
                  value={url}
                  aria-label={name}
                  onFocus={(event) => event.currentTarget.select()}
                  className="hidden w-full min-w-0 truncate rounded-md border border-border bg-surface px-2 py-1 font-mono text-xs text-fg sm:block"
                />
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void copy(link.kind, link.path)}
                  leftIcon={<Copy className="size-3.5" aria-hidden />}
                  aria-label={t("quickRoom.copyLink", { link: name })}
                >
                  {t("room.copy")}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t("quickRoom.linksElsewhere")}</p>
      )}
      {links.length > 0 && <p className="text-xs text-muted">{t("quickRoom.organiserNote")}</p>}

      <div className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3" aria-live="polite">
        {claimed ? (
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-fg">
            <CheckCircle2 className="size-4 text-success" aria-hidden />
            {t("quickRoom.savedTitle")}
            <Link to={ROUTES.draftList} className="font-semibold text-primary underline underline-offset-2">
              {t("quickRoom.openSessions")}
            </Link>
          </p>
        ) : auth.isAuthenticated ? (
          <>
            <p className="text-sm text-fg">{t("quickRoom.saveText")}</p>
            <div>
              <Button
                size="sm"
                onClick={() => claim.mutate()}
                loading={claim.isPending}
                leftIcon={<Save className="size-4" aria-hidden />}
              >
                {t("quickRoom.save")}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-fg">{t("quickRoom.signInText")}</p>
            <div className="flex flex-wrap gap-2">
              <Link
                to={ROUTES.register}
                state={authState}
                onClick={() => quickRoomStore.requestClaim(roomId, organiserToken)}
                className={buttonClasses("primary", "sm")}
              >
                {t("quickRoom.register")}
              </Link>
              <Link
                to={ROUTES.login}
                state={authState}
                onClick={() => quickRoomStore.requestClaim(roomId, organiserToken)}
                className={buttonClasses("outline", "sm")}
              >
                {t("quickRoom.signIn")}
              </Link>
            </div>
          </>
        )}
        {claim.error && !claimed && (
          <div role="alert" className="text-sm font-medium text-danger">
            {planFull ? (
              <p>
                {t("quickRoom.planFull", { date: expires ?? "" })}{" "}
                <Link to={ROUTES.subscriptions} className="font-semibold underline underline-offset-2">
                  {t("quickRoom.seePlans")}
                </Link>
              </p>
            ) : (
              <p>{describeError(claim.error) ?? t("quickRoom.saveFailed")}</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
