import type { RoomLink } from "@draftroom/contracts";
import { ClipboardCopy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { currentCopy, roomLinkStore } from "../api/rooms.ts";
import { copyText } from "../utils/share.ts";
import { linksMessage } from "./links-message.ts";

/** One click copies every link to hand out as one message (captains, spectators, team links). */
export function CopyAllLinks({
  roomId,
  title,
  links,
  names,
}: {
  roomId: string;
  title: string;
  links: readonly RoomLink[];
  names: { BLUE: string; RED: string };
}) {
  const { t } = useTranslation("drafts");
  const { t: tRoom } = useTranslation("room");
  const copy = async () => {
    // A link rotated on this device since the page loaded has its token in the tab's store.
    const stored = new Map(roomLinkStore.load(roomId).map((link) => [link.id, link]));
    const known = links.map((link) => {
      const copy = stored.get(link.id);
      return currentCopy(copy, link) ? copy : link;
    });
    const label = (kind: RoomLink["kind"]) =>
      kind === "blue_captain"
        ? `${t("room.link.blue_captain")} (${names.BLUE})`
        : kind === "red_captain"
          ? `${t("room.link.red_captain")} (${names.RED})`
          : t(`room.link.${kind}`);
    // Tokens are shown only when a link is made: none known on this device, nothing to copy.
    if (!known.some((link) => link.path !== null)) {
      toast.info(t("room.linkHidden"));
      return;
    }
    const message = linksMessage(title, known, window.location.origin, label);
    if (await copyText(message)) toast.success(tRoom("links.copiedAll"));
    else toast.info(message, { duration: 15_000 });
  };
  return (
    <Button
      size="sm"
      variant="primary"
      className="self-start"
      onClick={() => void copy()}
      leftIcon={<ClipboardCopy className="size-4" aria-hidden />}
      data-testid="copy-all-links"
    >
      {tRoom("links.copyAll")}
    </Button>
  );
}
