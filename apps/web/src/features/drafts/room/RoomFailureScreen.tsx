import { ROUTES } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { useReturnHere } from "@/lib/redirect-target.ts";
import { PageError } from "../components/PageStates.tsx";
import type { RoomFailure } from "./connection.ts";

/** Why the room cannot be shown (a bad token, a taken seat, …), with a retry when one helps. */
export function RoomFailureScreen({
  failure,
  onRetry,
}: {
  failure: RoomFailure | "no_token";
  onRetry?: () => void;
}) {
  const { t } = useTranslation("drafts");
  if (failure === "no_token") return <NoTokenScreen />;
  return (
    <PageError
      title={t(`room.failure.${failure}.title`)}
      message={t(`room.failure.${failure}.text`)}
      onRetry={onRetry}
    />
  );
}

/**
 * A room opened signed out without a link's code: either a link cut short, or a member opening
 * their team's room (a reminder's link holds no code, decision 086), who only needs to sign in.
 * Both ways out are offered, and signing in comes back to this room.
 */
function NoTokenScreen() {
  const { t } = useTranslation("drafts");
  const back = useReturnHere();
  return (
    <PageError
      title={t("room.failure.no_token.title")}
      message={`${t("room.failure.no_token.text")} ${t("room.failure.no_token.member")}`}
      action={
        <span className="flex flex-wrap justify-center gap-2">
          <Link to={ROUTES.login} state={back} className={buttonClasses("primary", "md")}>
            {t("room.failure.no_token.signIn")}
          </Link>
          <Link to={ROUTES.register} state={back} className={buttonClasses("outline", "md")}>
            {t("room.failure.no_token.register")}
          </Link>
        </span>
      }
    />
  );
}
