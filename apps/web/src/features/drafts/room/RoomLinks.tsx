import type { Room, RoomLink } from "@draftroom/contracts";
import { ChevronDown, Copy, Link2, RefreshCw, ShieldAlert } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { cn } from "@/lib/cn.ts";
import { currentCopy, roomLinkStore, roomsApi } from "../api/rooms.ts";
import { copyText } from "../utils/share.ts";

/** The three links every draft hands out, shown first; the rest are folded. */
const PROMINENT = ["blue_captain", "red_captain", "spectator"] as const;
const FOLDED = ["blue_team", "red_team", "organiser"] as const;

/** How the organiser's page makes a new link: the owner's account, or a quick room's organiser token. */
export interface LinkRotation {
  rotate: (linkId: string) => Promise<RoomLink>;
  /** False hides "New link" (a quick room's organiser link is not replaced from the room). */
  allowed?: (link: RoomLink) => boolean;
}

/**
 * The organiser's links in one compact panel (decision 026): blue captain, red captain and
 * spectator first, each with Copy and New link; the team links and the organiser's own link
 * (labelled, with a warning: it runs the room) folded under "More links". `actions` sits by the
 * title (copy all as a message).
 */
export function RoomLinks({
  roomId,
  links,
  ourTeam = null,
  rotation,
  actions,
}: {
  roomId: string;
  links: readonly RoomLink[];
  /** A workspace room's own team (decision 046): its captain signs in; the other team needs no account. */
  ourTeam?: Room["our_team"];
  rotation?: LinkRotation;
  actions?: ReactNode;
}) {
  const { t } = useTranslation("drafts");
  const { t: tRoom } = useTranslation("room");
  const merge = (list: readonly RoomLink[]) => {
    const stored = new Map(roomLinkStore.load(roomId).map((link) => [link.id, link]));
    return list.map((link) => {
      const copy = stored.get(link.id);
      return link.path || !currentCopy(copy, link) ? link : copy;
    });
  };
  const [known, setKnown] = useState(() => merge(links));
  // biome-ignore lint/correctness/useExhaustiveDependencies: merge reads the store for these links
  useEffect(() => setKnown(merge(links)), [links]);
  const [rotating, setRotating] = useState<string | null>(null);
  const rotate = rotation?.rotate ?? ((linkId: string) => roomsApi.rotateLink(roomId, linkId));

  const copy = async (link: RoomLink) => {
    const url = `${window.location.origin}${link.path}`;
    const name = t(`room.link.${link.kind}`);
    if (await copyText(url)) toast.success(t("room.copied", { link: name }));
    else toast.info(t("room.copyFailed", { url }), { duration: 10_000 });
  };
  const renew = async (link: RoomLink) => {
    setRotating(link.id);
    try {
      const fresh = await rotate(link.id);
      roomLinkStore.save(roomId, [fresh]);
      setKnown((list) => list.map((item) => (item.id === fresh.id ? fresh : item)));
      toast.success(tRoom("linksPanel.renewed", { link: t(`room.link.${link.kind}`) }));
    } catch {
      toast.error(tRoom("linksPanel.renewFailed"));
    } finally {
      setRotating(null);
    }
  };

  const card = (link: RoomLink) => {
    const organiser = link.kind === "organiser";
    const name = organiser ? tRoom("linksPanel.organiser") : t(`room.link.${link.kind}`);
    const url = link.path ? `${window.location.origin}${link.path}` : null;
    const canRotate = rotation?.allowed ? rotation.allowed(link) : true;
    // Captain and team links of a workspace room say whose they are.
    const whose =
      ourTeam === null || link.team === null || (link.role !== "captain" && link.role !== "member")
        ? null
        : link.team === ourTeam
          ? "ours"
          : "theirs";
    return (
      <li
        key={link.id}
        data-link-kind={link.kind}
        className={cn(
          "flex min-w-0 flex-col gap-1.5 rounded-xl border p-2.5",
          link.kind === "blue_captain" || link.kind === "blue_team"
            ? "border-team-blue/40 bg-team-blue-soft/40"
            : link.kind === "red_captain" || link.kind === "red_team"
              ? "border-team-red/40 bg-team-red-soft/40"
              : organiser
                ? "border-warning/60 bg-warning-soft/40"
                : "border-border bg-surface-2",
        )}
      >
        <span className="flex flex-wrap items-center gap-1.5 text-sm font-semibold text-fg">
          {name}
          {whose && (
            <Badge tone={whose === "ours" ? "primary" : "neutral"}>
              {tRoom(whose === "ours" ? "linksPanel.ours" : "linksPanel.theirs")}
            </Badge>
          )}
        </span>
        {whose && link.role === "captain" && (
          <p className="text-xs text-muted">
            {tRoom(whose === "ours" ? "linksPanel.oursCaptain" : "linksPanel.theirsCaptain")}
          </p>
        )}
        {organiser && (
          // The organiser's own link runs the room: labelled, and never to be handed out.
          <p className="flex items-start gap-1 text-xs font-medium text-fg">
            <ShieldAlert className="mt-px size-3.5 shrink-0 text-warning" aria-hidden />
            {t("room.linkOrganiserWarning")}
          </p>
        )}
        {url ? (
          <input
            readOnly
            value={url}
            aria-label={t(`room.link.${link.kind}`)}
            title={url}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full min-w-0 truncate rounded-md border border-border bg-surface px-2 py-1 font-mono text-xs text-fg"
          />
        ) : (
          <p className="text-xs text-muted">{t("room.linkHidden")}</p>
        )}
        <div className="flex flex-wrap gap-1.5">
          {url && (
            <Button
              size="sm"
              variant={organiser ? "outline" : "primary"}
              aria-label={t("room.copyLabel", { link: t(`room.link.${link.kind}`) })}
              onClick={() => void copy(link)}
              leftIcon={<Copy className="size-3.5" aria-hidden />}
            >
              {t("room.copy")}
            </Button>
          )}
          {canRotate && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={t("room.newLinkLabel", { link: t(`room.link.${link.kind}`) })}
              loading={rotating === link.id}
              onClick={() => void renew(link)}
              leftIcon={<RefreshCw className="size-3.5" aria-hidden />}
            >
              {t("room.newLink")}
            </Button>
          )}
        </div>
      </li>
    );
  };
  const ofKinds = (kinds: readonly RoomLink["kind"][]) =>
    kinds.flatMap((kind) => known.filter((link) => link.kind === kind));
  const prominent = ofKinds(PROMINENT);
  const folded = ofKinds(FOLDED);

  return (
    <section
      aria-labelledby="room-links-title"
      data-testid="room-links"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 dark:bg-surface/80"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="room-links-title" className="flex items-center gap-2 text-base font-bold text-fg">
            <Link2 className="size-4" aria-hidden />
            {t("room.linksTitle")}
          </h2>
          {/* In a workspace room our seats follow the members' roles: the one-line promise differs. */}
          <p className="mt-0.5 text-xs text-muted">
            {t(ourTeam === null ? "room.linksText" : "room.linksTextWorkspace")}
          </p>
        </div>
        {actions}
      </div>
      <ul className="grid gap-2 md:grid-cols-3">{prominent.map(card)}</ul>
      {folded.length > 0 && (
        <details className="group rounded-xl border border-border" data-testid="more-links">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold text-fg outline-offset-2 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary">
            <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
            {folded.some((link) => link.kind === "organiser")
              ? tRoom("linksPanel.moreWithOrganiser", { count: folded.length })
              : tRoom("linksPanel.more", { count: folded.length })}
          </summary>
          <ul className="grid gap-2 p-2 md:grid-cols-3">{folded.map(card)}</ul>
        </details>
      )}
    </section>
  );
}
