import { Link2Off } from "lucide-react";
import { useTranslation } from "react-i18next";

/** A room link whose id is malformed or names no room: said at once, with no retry to offer. */
export function BadRoomLink() {
  const { t } = useTranslation("room");
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-3 px-4 py-16 text-center">
      <Link2Off aria-hidden className="size-10 text-muted" />
      <h1 className="font-display text-2xl font-extrabold text-fg">{t("badLink.title")}</h1>
      <p className="max-w-prose text-muted">{t("badLink.text")}</p>
    </div>
  );
}
