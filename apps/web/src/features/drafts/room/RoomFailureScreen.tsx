import { useTranslation } from "react-i18next";
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
  return (
    <PageError
      title={t(`room.failure.${failure}.title`)}
      message={t(`room.failure.${failure}.text`)}
      onRetry={onRetry}
    />
  );
}
