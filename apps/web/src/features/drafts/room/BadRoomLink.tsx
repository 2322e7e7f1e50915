import { useTranslation } from "react-i18next";
import { PageError } from "../components/PageStates.tsx";

/** A room link whose id is malformed or names no room: said at once, with no retry to offer. */
export function BadRoomLink() {
  const { t } = useTranslation("room");
  return <PageError title={t("badLink.title")} message={t("badLink.text")} />;
}
