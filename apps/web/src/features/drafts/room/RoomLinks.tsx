import type { RoomLink } from "@draftroom/contracts";
import { Copy, Link2, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { cn } from "@/lib/cn.ts";
import { roomLinkStore, roomsApi } from "../api/rooms.ts";
import { copyText } from "../utils/share.ts";

const KIND_ORDER = [
  "organiser",
  "blue_captain",
  "red_captain",
  "spectator",
  "blue_team",
  "red_team",
] as const;

/** The organiser's links (captains, spectators, each team's members), each with Copy and New link. */
export function RoomLinks({ roomId, links }: { roomId: string; links: readonly RoomLink[] }) {
  const { t } = useTranslation("drafts");
  const [known, setKnown] = useState(() => {
    const stored = new Map(roomLinkStore.load(roomId).map((link) => [link.id, link]));
    return links.map((link) => (link.path ? link : (stored.get(link.id) ?? link)));
  });
  const [rotating, setRotating] = useState<number | null>(null);
  const sorted = [...known].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));

  const copy = async (link: RoomLink) => {
    const url = `${window.location.origin}${link.path}`;
    const name = t(`room.link.${link.kind}`);
    if (await copyText(url)) toast.success(t("room.copied", { link: name }));
    else toast.info(t("room.copyFailed", { url }), { duration: 10_000 });
  };
  const rotate = async (link: RoomLink) => {
    setRotating(link.id);
    try {
      const fresh = await roomsApi.rotateLink(roomId, link.id);
      roomLinkStore.save(roomId, [fresh]);
      setKnown((list) => list.map((item) => (item.id === fresh.id ? fresh : item)));
    } catch {
      toast.error(t("room.createFailed"));
    } finally {
      setRotating(null);
    }
  };

  return (
    <section
      aria-labelledby="room-links-title"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 dark:bg-surface/80"
    >
      <div>
        <h2 id="room-links-title" className="flex items-center gap-2 text-base font-bold text-fg">
          <Link2 className="size-4" aria-hidden />
          {t("room.linksTitle")}
        </h2>
        <p className="mt-0.5 text-xs text-muted">{t("room.linksText")}</p>
      </div>
      <ul className="grid gap-2 md:grid-cols-3">
        {sorted.map((link) => {
          const name = t(`room.link.${link.kind}`);
          const url = link.path ? `${window.location.origin}${link.path}` : null;
          return (
            <li
              key={link.id}
              className={cn(
                "flex min-w-0 flex-col gap-1.5 rounded-xl border p-2.5",
                link.kind === "blue_captain" || link.kind === "blue_team"
                  ? "border-team-blue/40 bg-team-blue-soft/40"
                  : link.kind === "red_captain" || link.kind === "red_team"
                    ? "border-team-red/40 bg-team-red-soft/40"
                    : "border-border bg-surface-2",
              )}
            >
              <span className="text-sm font-semibold text-fg">{name}</span>
              {link.kind === "organiser" && (
                // The organiser's own link runs the room: labelled, and never to be handed out.
                <p className="text-xs font-medium text-warning">{t("room.linkOrganiserWarning")}</p>
              )}
              {url ? (
                <input
                  readOnly
                  value={url}
                  aria-label={name}
                  onFocus={(event) => event.currentTarget.select()}
                  className="w-full min-w-0 truncate rounded-md border border-border bg-surface px-2 py-1 font-mono text-xs text-fg"
                />
              ) : (
                <p className="text-xs text-muted">{t("room.linkHidden")}</p>
              )}
              <div className="flex gap-1.5">
                {url && (
                  <Button
                    size="sm"
                    variant="primary"
                    aria-label={t("room.copyLabel", { link: name })}
                    onClick={() => void copy(link)}
                    leftIcon={<Copy className="size-3.5" aria-hidden />}
                  >
                    {t("room.copy")}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t("room.newLinkLabel", { link: name })}
                  loading={rotating === link.id}
                  onClick={() => void rotate(link)}
                  leftIcon={<RefreshCw className="size-3.5" aria-hidden />}
                >
                  {t("room.newLink")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
