import type { Side } from "@draftroom/draft";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import type { ChampionBoard } from "@/components/draft-board/types.ts";
import { isNotFound } from "@/lib/api.ts";
import { cn } from "@/lib/cn.ts";
import { seriesApi, seriesKeys } from "@/lib/series-api.ts";
import { draftKeys, draftsApi } from "../api/drafts.ts";
import { roomKeys, roomsApi } from "../api/rooms.ts";
import { usePhaseLabel } from "../components/PhaseChip.tsx";
import { useTeamNames } from "../hooks/useTeamNames.ts";
import { formatSeconds } from "../room/RoomClockDisplay.tsx";
import { boardFromDraft, roomCountdown } from "../room/room-state.ts";
import { useRoomConnection, useServerNow } from "../room/useRoomConnection.ts";
import { championBoard } from "../utils/board.ts";

/** After the socket gave up (server unreachable), the next attempt. */
const RETRY_LIVE_MS = 5000;

type OverlayLayout = "full" | "bans" | "picks";
type BoardTeam = ChampionBoard["blue"];

/**
 * The broadcast overlay (`/overlay/{public id}?theme=light|dark&layout=full|bans|picks`): a
 * 1920×1080 transparent page for a streaming program's browser source. It follows the draft
 * through the public view's spectator seat, so it shows what the public view shows, with the
 * room's spectator delay. No controls, no scroll bars, no app header.
 */
export default function OverlayPage() {
  const { sessionId = "" } = useParams();
  const [params] = useSearchParams();
  const { t } = useTranslation("drafts");
  const phaseLabel = usePhaseLabel();
  const theme = params.get("theme") === "dark" ? "dark" : "light";
  const layoutParam = params.get("layout");
  const layout: OverlayLayout = layoutParam === "bans" || layoutParam === "picks" ? layoutParam : "full";
  useOverlayDocument(theme);

  const watch = useQuery({
    queryKey: roomKeys.watch(sessionId),
    queryFn: () => roomsApi.watch(sessionId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !isNotFound(error) && count < 20,
  });
  const roomId = watch.data?.room_id ?? "";
  const { connection, state } = useRoomConnection(roomId, roomId ? { watch: sessionId } : null);
  useEffect(() => {
    if (!connection || state?.failure !== "unreachable") return;
    const id = setTimeout(() => connection.retry(), RETRY_LIVE_MS);
    return () => clearTimeout(id);
  }, [connection, state?.failure]);
  const champions = useQuery({
    queryKey: draftKeys.champions,
    queryFn: draftsApi.listChampions,
    staleTime: 5 * 60_000,
  });
  const snapshot = state?.room?.snapshot ?? null;
  const session = snapshot?.session;
  const seriesId = session?.series?.id ?? "";
  const series = useQuery({
    queryKey: seriesKeys.public(seriesId),
    queryFn: () => seriesApi.getPublic(seriesId),
    enabled: seriesId !== "",
    // The score changes when a game's winner is recorded, between games.
    refetchInterval: 30_000,
  });
  // The roster's player names where the draft's workspace knows them (decision 029).
  const players = useQuery({
    queryKey: draftKeys.publicPlayers(sessionId),
    queryFn: () => draftsApi.publicPlayers(sessionId),
    staleTime: 60_000,
  });
  const championsById = useMemo(
    () => new Map((champions.data ?? []).map((c) => [c.id, c])),
    [champions.data],
  );
  const names = useTeamNames(session);
  // The folded room (room-state.ts applies each event with `applyRoomEvent`): no replay here.
  const roomState = state?.room?.state ?? null;
  const timed = snapshot !== null && snapshot.clock.turn_ms > 0;
  const serverNow = useServerNow(state?.offset ?? 0, timed && snapshot?.clock.status !== "complete");
  const countdown = roomState && timed ? roomCountdown(roomState, serverNow) : null;
  // The folded room's draft (one fold step per event): a clock tick or a hover replays nothing.
  const draft = roomState?.draft ?? null;
  const actions = snapshot?.actions ?? null;
  const view = useMemo(() => {
    if (!draft || !actions) return null;
    return championBoard(boardFromDraft(draft, actions), names, championsById, { hover: null });
  }, [draft, actions, names, championsById]);

  const notFound = isNotFound(watch.error);
  const failed = notFound || state?.failure === "invalid_link" || state?.failure === "room_not_found";

  // Series score by side: the game's blue team is team A or B of the series.
  const game = series.data?.games.find((item) => item.number === session?.series?.game_number);
  const score: Record<Side, number> | null =
    series.data && game
      ? {
          BLUE: series.data.score[game.blue_team],
          RED: series.data.score[game.blue_team === "A" ? "B" : "A"],
        }
      : null;

  return (
    <main
      data-testid="overlay"
      data-layout={layout}
      data-theme={theme}
      aria-label={t("overlay.label")}
      className={cn(
        "relative h-[1080px] w-[1920px] overflow-hidden bg-transparent font-sans",
        theme === "dark" ? "text-white" : "text-slate-950",
      )}
    >
      <h1 className="sr-only">{session ? `${t("overlay.label")}: ${session.title}` : t("overlay.label")}</h1>
      {failed ? (
        <p
          className={cn(
            panel(theme),
            "absolute left-1/2 top-10 -translate-x-1/2 px-8 py-4 text-3xl font-bold",
          )}
        >
          {t("overlay.notFound")}
        </p>
      ) : !view || !snapshot ? (
        <p className="sr-only" role="status">
          {t("public.loading")}
        </p>
      ) : (
        <>
          <header
            className={cn(
              panel(theme),
              "absolute left-1/2 top-6 flex -translate-x-1/2 items-stretch overflow-hidden",
            )}
          >
            <TeamName
              side="BLUE"
              name={names.BLUE}
              players={players.data?.BLUE ?? []}
              score={score?.BLUE ?? null}
              theme={theme}
            />
            <div className="flex w-[280px] flex-col items-center justify-center px-4 py-2 text-center">
              <span
                className="text-lg font-semibold uppercase tracking-wider opacity-80"
                data-testid="overlay-phase"
              >
                {view.complete ? t("overlay.complete") : phaseLabel(view.phase)}
              </span>
              <span
                className="text-6xl font-black tabular-nums leading-none"
                data-testid="overlay-timer"
                role="timer"
              >
                {countdown && !view.complete
                  ? formatSeconds(
                      countdown.turn_ms_left > 0 ? countdown.turn_ms_left : countdown.bank_ms_left,
                    )
                  : "—"}
              </span>
              {countdown?.paused && <span className="text-base font-bold uppercase">{t("room.paused")}</span>}
            </div>
            <TeamName
              side="RED"
              name={names.RED}
              players={players.data?.RED ?? []}
              score={score?.RED ?? null}
              theme={theme}
            />
          </header>
          {layout !== "bans" && (
            <>
              <Picks team={view.blue} side="BLUE" theme={theme} next={view.next?.index ?? null} />
              <Picks team={view.red} side="RED" theme={theme} next={view.next?.index ?? null} />
            </>
          )}
          {layout !== "picks" && (
            <div
              className={cn(
                "absolute inset-x-6 flex justify-between",
                layout === "bans" ? "top-[190px]" : "bottom-6",
              )}
            >
              <Bans
                team={view.blue}
                side="BLUE"
                theme={theme}
                label={t("overlay.bans", { team: names.BLUE })}
              />
              <Bans team={view.red} side="RED" theme={theme} label={t("overlay.bans", { team: names.RED })} />
            </div>
          )}
        </>
      )}
    </main>
  );
}

const panel = (theme: "light" | "dark") =>
  theme === "dark" ? "rounded-2xl bg-slate-950/85 shadow-2xl" : "rounded-2xl bg-white/90 shadow-2xl";

/** The page itself is transparent and never scrolls (the browser source is exactly 1920×1080). */
function useOverlayDocument(theme: "light" | "dark") {
  useEffect(() => {
    const html = document.documentElement;
    const body = document.body;
    const before = {
      htmlBg: html.style.background,
      bodyBg: body.style.background,
      overflow: html.style.overflow,
      dark: html.classList.contains("dark"),
    };
    html.style.background = "transparent";
    body.style.background = "transparent";
    html.style.overflow = "hidden";
    body.style.overflow = "hidden";
    html.classList.toggle("dark", theme === "dark");
    return () => {
      html.style.background = before.htmlBg;
      body.style.background = before.bodyBg;
      html.style.overflow = before.overflow;
      body.style.overflow = "";
      html.classList.toggle("dark", before.dark);
    };
  }, [theme]);
}

function TeamName({
  side,
  name,
  players,
  score,
  theme,
}: {
  side: Side;
  name: string;
  players: readonly string[];
  score: number | null;
  theme: "light" | "dark";
}) {
  const { t } = useTranslation("drafts");
  return (
    <div
      className={cn(
        "flex w-[560px] items-center gap-4 px-6 py-3",
        side === "BLUE" ? "flex-row" : "flex-row-reverse text-right",
        side === "BLUE"
          ? theme === "dark"
            ? "bg-sky-800/80"
            : "bg-sky-200"
          : theme === "dark"
            ? "bg-rose-800/80"
            : "bg-rose-200",
      )}
    >
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-4xl font-black" data-testid={`overlay-team-${side.toLowerCase()}`}>
          {name}
        </span>
        {players.length > 0 && (
          <span
            className="truncate text-lg font-semibold opacity-80"
            data-testid={`overlay-players-${side.toLowerCase()}`}
          >
            {players.join(" · ")}
          </span>
        )}
      </span>
      {score !== null && (
        <span
          className="text-5xl font-black tabular-nums"
          data-testid={`overlay-score-${side.toLowerCase()}`}
        >
          <span aria-hidden>{score}</span>
          <span className="sr-only">{t("overlay.score", { team: name, count: score })}</span>
        </span>
      )}
    </div>
  );
}

function Picks({
  team,
  side,
  theme,
  next,
}: {
  team: BoardTeam;
  side: Side;
  theme: "light" | "dark";
  next: number | null;
}) {
  const { t } = useTranslation("drafts");
  return (
    <ol
      aria-label={t("overlay.picks", { team: team.name })}
      data-testid={`overlay-picks-${side.toLowerCase()}`}
      className={cn("absolute top-[180px] flex flex-col gap-3", side === "BLUE" ? "left-6" : "right-6")}
    >
      {team.picks.map((slot) => {
        const champion = slot.state === "filled" ? slot.champion : null;
        return (
          <li
            key={slot.step}
            data-state={slot.state}
            className={cn(
              panel(theme),
              "flex h-[132px] w-[420px] items-center gap-4 p-3",
              side === "RED" && "flex-row-reverse text-right",
              slot.step === next && (side === "BLUE" ? "ring-4 ring-sky-500" : "ring-4 ring-rose-500"),
            )}
          >
            {champion ? (
              <ChampionImage name={champion.name} src={champion.icon_url} size={108} eager decorative />
            ) : (
              <span
                aria-hidden
                className="size-[108px] shrink-0 rounded-xl border-2 border-dashed border-current opacity-30"
              />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate text-3xl font-extrabold">
                {champion ? champion.name : t("overlay.pickN", { n: slot.index + 1 })}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Bans({
  team,
  side,
  theme,
  label,
}: {
  team: BoardTeam;
  side: Side;
  theme: "light" | "dark";
  label: string;
}) {
  return (
    <ol
      aria-label={label}
      data-testid={`overlay-bans-${side.toLowerCase()}`}
      className={cn(panel(theme), "flex gap-3 p-3", side === "RED" && "flex-row-reverse")}
    >
      {team.bans.map((slot) => {
        const champion = slot.state === "filled" ? slot.champion : null;
        return (
          <li key={slot.step} data-state={slot.state} className="flex w-[96px] flex-col items-center gap-1">
            {champion ? (
              <ChampionImage name={champion.name} src={champion.icon_url} size={80} muted eager decorative />
            ) : (
              <span
                aria-hidden
                className="size-20 rounded-lg border-2 border-dashed border-current opacity-30"
              />
            )}
            <span className="w-full truncate text-center text-base font-semibold">
              {champion ? champion.name : "—"}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
