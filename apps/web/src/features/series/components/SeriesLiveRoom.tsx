import { ROUTES, type Room, type RoomLink, type Series } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Radio } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RoomTimerFields, useRoomTimers } from "@/components/room/RoomTimerFields.tsx";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { isNotFound } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { errorMessage } from "@/lib/errors.ts";
import { seriesApi, seriesKeys, seriesTeamName } from "@/lib/series-api.ts";

// The room page reads the same key (drafts feature, `roomLinkStore`) to show the links too.
const LINKS_KEY = (roomId: string) => `draftroom.room-links.${roomId}`;

/**
 * The organiser's copy of the links with their tokens (the server keeps only hashes), kept in this
 * tab's session storage so a reload still shows them.
 */
const linkStore = {
  save(roomId: string, links: readonly RoomLink[]) {
    try {
      sessionStorage.setItem(LINKS_KEY(roomId), JSON.stringify(links.filter((link) => link.path)));
    } catch {
      // Storage full or disabled: the links stay on screen until the page is left.
    }
  },
  load(roomId: string): RoomLink[] {
    try {
      const raw = sessionStorage.getItem(LINKS_KEY(roomId));
      return raw ? (JSON.parse(raw) as RoomLink[]) : [];
    } catch {
      return [];
    }
  },
};

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The series' live room, when it has one (null on 404). */
export function useSeriesRoom(seriesId: string) {
  return useQuery({
    queryKey: seriesKeys.room(seriesId),
    queryFn: () =>
      seriesApi.room(seriesId).catch((error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      }),
  });
}

/**
 * "Live room" on the series page: one room for the whole series. Captain links belong to a team,
 * not a side, so each team keeps its link while sides change between games; the spectator link
 * follows the series from game to game.
 */
export function SeriesLiveRoom({ series }: { series: Series }) {
  const { t } = useTranslation("series");
  const queryClient = useQueryClient();
  const room = useSeriesRoom(series.id);
  const timers = useRoomTimers();
  const [submitted, setSubmitted] = useState(false);
  const open = useMutation({
    mutationFn: () =>
      seriesApi.openRoom(series.id, { turn_seconds: timers.turnSeconds, bank_seconds: timers.bankSeconds }),
    onSuccess: (created: Room) => {
      linkStore.save(created.id, created.links);
      queryClient.setQueryData(seriesKeys.room(series.id), created);
      toast.success(t("liveRoom.created"));
    },
    onError: (error) => toast.error(errorMessage(error, t("liveRoom.createFailed"))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (timers.valid && !open.isPending) open.mutate();
  };

  return (
    <section
      aria-labelledby="series-live-room"
      data-testid="series-live-room"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 shadow-card dark:bg-surface/80"
    >
      <div>
        <h2 id="series-live-room" className="flex items-center gap-2 text-base font-bold text-fg">
          <Radio className="size-4" aria-hidden />
          {t("liveRoom.title")}
        </h2>
        <p className="mt-0.5 text-sm text-muted">{t("liveRoom.text")}</p>
      </div>
      {room.isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner size="sm" />
          {t("liveRoom.loading")}
        </div>
      ) : room.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
          {t("liveRoom.loadFailed")}
          <Button size="sm" variant="outline" onClick={() => void room.refetch()}>
            {t("liveRoom.retry")}
          </Button>
        </div>
      ) : room.data ? (
        <SeriesRoomLinks series={series} room={room.data} />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <RoomTimerFields
            timers={timers}
            submitted={submitted}
            fieldClassName="sm:w-40"
            labels={{
              turn: t("liveRoom.turnSeconds"),
              turnRange: t("liveRoom.turnRange"),
              bank: t("liveRoom.bankSeconds"),
              bankRange: t("liveRoom.bankRange"),
            }}
          />
          <Button type="submit" loading={open.isPending} leftIcon={<Radio className="size-4" aria-hidden />}>
            {t("liveRoom.create")}
          </Button>
        </form>
      )}
    </section>
  );
}

function SeriesRoomLinks({ series, room }: { series: Series; room: Room }) {
  const { t } = useTranslation("series");
  const stored = new Map(linkStore.load(room.id).map((link) => [link.id, link]));
  const links = room.links
    .filter((link) => link.revoked_at === null)
    .map((link) => (link.path ? link : (stored.get(link.id) ?? link)))
    .sort((a, b) => order(a) - order(b));
  // Every link says what it is: a team's captain, a team's members, the organiser, a spectator.
  const label = (link: RoomLink) =>
    link.role === "captain" && link.team
      ? t("liveRoom.captainOf", { team: seriesTeamName(series, link.team) })
      : link.role === "member" && link.team
        ? t("liveRoom.teamOf", { team: seriesTeamName(series, link.team) })
        : link.kind === "organiser"
          ? t("liveRoom.organiser")
          : t("liveRoom.spectator");
  const copy = async (link: RoomLink) => {
    const url = `${window.location.origin}${link.path}`;
    if (await copyText(url)) toast.success(t("liveRoom.copied", { link: label(link) }));
    else toast.info(url, { duration: 10_000 });
  };
  return (
    <>
      <ul className="grid gap-2 md:grid-cols-3">
        {links.map((link) => (
          <li
            key={link.id}
            className={cn(
              "flex min-w-0 flex-col gap-1.5 rounded-xl border p-2.5",
              link.team === "A"
                ? "border-primary/40 bg-primary-soft/30"
                : link.team === "B"
                  ? "border-accent/40 bg-surface-2"
                  : "border-border bg-surface-2",
            )}
          >
            <span className="text-sm font-semibold text-fg">{label(link)}</span>
            {link.kind === "organiser" && (
              <p className="text-xs font-medium text-warning">{t("liveRoom.organiserWarning")}</p>
            )}
            {link.path ? (
              <>
                <input
                  readOnly
                  value={`${window.location.origin}${link.path}`}
                  aria-label={label(link)}
                  onFocus={(event) => event.currentTarget.select()}
                  className="w-full min-w-0 truncate rounded-md border border-border bg-surface px-2 py-1 font-mono text-xs text-fg"
                />
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void copy(link)}
                  leftIcon={<Copy className="size-3.5" aria-hidden />}
                  aria-label={t("liveRoom.copy", { link: label(link) })}
                >
                  {t("liveRoom.copyShort")}
                </Button>
              </>
            ) : (
              <p className="text-xs text-muted">{t("liveRoom.linkHidden")}</p>
            )}
          </li>
        ))}
      </ul>
      <Link to={ROUTES.room(room.id)} className={buttonClasses("primary", "sm", "self-start")}>
        <Radio className="size-4" aria-hidden />
        {t("liveRoom.open")}
      </Link>
    </>
  );
}

function order(link: RoomLink): number {
  if (link.kind === "organiser") return -1;
  return link.role === "captain" ? (link.team === "A" ? 0 : 1) : 2;
}
