import { ROUTES, type RoomQuickInfo } from "@draftroom/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Save, Zap } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isApiRequestError } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth.ts";
import { formatDate } from "@/lib/format.ts";
import { describeError } from "../utils/errors.ts";
import { quickRoomStore, quickRoomsApi } from "./api.ts";

/**
 * The organiser's panel of a quick room (made without an account): how long the room is kept and
 * "save to my account" (after signing in or registering from here, the room is claimed on
 * return). A full plan says so, links to the plans, and loses nothing. Its links, delay and seats
 * are the room's own organiser panels (decision 026).
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
