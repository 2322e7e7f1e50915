import type { Side } from "@draftroom/draft";
import { Ban, Hourglass, Pause, Swords, Undo2, Volume2, VolumeX } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import {
  bannerSide,
  type ClockTone,
  clockText,
  clockTone,
  RED_SECONDS,
  type TurnHeadline,
} from "./turn-state.ts";
import "./turn-banner.css";

export interface TurnBannerProps {
  headline: TurnHeadline;
  /** The step on the clock (its side colours the banner). */
  next: { side: Side; type: "PICK" | "BAN"; index: number } | null;
  names: Record<Side, string>;
  /** The turn's full length in ms (0: untimed), said when a turn starts. */
  turnMs: number;
  /** Ms left on the running clock (turn, then bank); null when untimed or not running. */
  msLeft: number | null;
  onBank: boolean;
  paused: boolean;
  sound: boolean;
  onSound: (on: boolean) => void;
  /** Shown under the headline (the phone's compact strip of picks and bans). */
  strip?: ReactNode;
}

const toneText: Record<ClockTone, string> = {
  calm: "text-fg",
  amber: "text-[hsl(32_90%_30%)] dark:text-warning",
  red: "text-[hsl(354_72%_38%)] dark:text-danger",
};

/**
 * Across the full width of the room, whose turn it is said to this seat ("Your pick", "Fnatic is
 * banning", who decides a correction) in the acting team's colour, with the clock turning amber
 * then red (pulsing, unless reduced motion) in the last 10 s, and a sound toggle. Sticky at the top
 * on a phone, with the picks and bans beneath it. Screen readers hear the turn start and 10 s left.
 */
export function TurnBanner({
  headline,
  next,
  names,
  turnMs,
  msLeft,
  onBank,
  paused,
  sound,
  onSound,
  strip,
}: TurnBannerProps) {
  const { t } = useTranslation("room");
  const side = bannerSide(headline, next);
  const yours = headline.kind === "yours";
  const tone = clockTone(msLeft, paused);
  const text = headlineText(headline, names, t);
  const Icon =
    headline.kind === "correction"
      ? Undo2
      : headline.kind === "paused"
        ? Pause
        : headline.kind === "resuming" || headline.kind === "lobby"
          ? Hourglass
          : next?.type === "BAN"
            ? Ban
            : Swords;

  // Announced once per turn and once at 10 s left (not every second).
  const [announcement, setAnnouncement] = useState("");
  const spoken = useRef<string>("");
  const seconds = msLeft === null ? null : Math.ceil(Math.max(0, msLeft) / 1000);
  const turnKey = `${headline.kind}:${next?.index ?? "-"}`;
  useEffect(() => {
    if (spoken.current === turnKey) return;
    spoken.current = turnKey;
    const timed = turnMs > 0 && (headline.kind === "yours" || headline.kind === "theirs");
    setAnnouncement(timed ? t("announce.turn", { text, count: Math.round(turnMs / 1000) }) : text);
  }, [turnKey, text, turnMs, headline.kind, t]);
  const lastTen = seconds !== null && seconds <= RED_SECONDS && seconds > 0 && !paused;
  useEffect(() => {
    if (lastTen && headline.kind === "yours") setAnnouncement(t("announce.tenLeft"));
  }, [lastTen, headline.kind, t]);

  return (
    <section
      aria-label={t("banner.label")}
      data-testid="turn-banner"
      data-turn={headline.kind}
      data-tone={tone}
      className={cn(
        "sticky top-[65px] z-30 -mx-3 flex flex-col gap-2 border-b-4 px-3 py-2 shadow-sm sm:-mx-5 sm:px-5 lg:static lg:mx-0 lg:rounded-2xl lg:border-b-0 lg:border-l-8 lg:py-3",
        side === null
          ? "border-border bg-surface-2"
          : yours
            ? side === "BLUE"
              ? "border-team-blue bg-team-blue text-white dark:text-[hsl(220_45%_8%)]"
              : "border-team-red bg-team-red text-white dark:text-[hsl(220_45%_8%)]"
            : side === "BLUE"
              ? "border-team-blue bg-team-blue-soft text-fg"
              : "border-team-red bg-team-red-soft text-fg",
      )}
    >
      <div className="flex items-center gap-3">
        <Icon aria-hidden className="size-6 shrink-0 lg:size-7" />
        <h2
          className="min-w-0 flex-1 font-display text-lg leading-tight font-extrabold tracking-tight sm:text-xl lg:text-2xl"
          data-testid="turn-headline"
        >
          {text}
        </h2>
        {msLeft !== null && (
          <div
            role="timer"
            aria-label={t("banner.clock", { time: clockText(msLeft) })}
            data-testid="turn-clock"
            data-remaining-ms={Math.round(msLeft)}
            data-tone={tone}
            className={cn(
              "flex shrink-0 flex-col items-center rounded-xl bg-surface px-2.5 py-1",
              tone === "red" && "turn-clock-red",
            )}
          >
            <span
              className={cn(
                "font-display text-2xl leading-none font-extrabold tabular-nums lg:text-3xl",
                toneText[tone],
              )}
            >
              {clockText(msLeft)}
            </span>
            {onBank && (
              <span className="text-[10px] font-bold tracking-wide text-muted uppercase">
                {t("banner.bank")}
              </span>
            )}
          </div>
        )}
        <button
          type="button"
          onClick={() => onSound(!sound)}
          aria-pressed={sound}
          aria-label={t("banner.sound")}
          title={t("banner.sound")}
          data-testid="turn-sound"
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-surface text-fg outline-offset-2 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary"
        >
          {sound ? (
            <Volume2 aria-hidden className="size-5" />
          ) : (
            <VolumeX aria-hidden className="size-5 text-muted" />
          )}
        </button>
      </div>
      {strip}
      <p className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="turn-announcement">
        {announcement}
      </p>
    </section>
  );
}

type RoomT = ReturnType<typeof useTranslation<"room">>["t"];

/** The banner's sentence for a headline. */
export function headlineText(headline: TurnHeadline, names: Record<Side, string>, t: RoomT): string {
  switch (headline.kind) {
    case "lobby":
      return t("turn.lobby");
    case "complete":
      return t("turn.complete");
    case "paused":
      return t("turn.paused");
    case "resuming":
      return t("turn.resuming", { count: headline.seconds });
    case "yours":
      return t(headline.action === "BAN" ? "turn.yoursBan" : "turn.yoursPick");
    case "your_team":
      return t(headline.action === "BAN" ? "turn.yourTeamBan" : "turn.yourTeamPick");
    case "theirs":
      return t(headline.action === "BAN" ? "turn.theirsBan" : "turn.theirsPick", {
        team: names[headline.side],
      });
    case "correction": {
      const asker = names[headline.asker];
      const other = names[headline.asker === "BLUE" ? "RED" : "BLUE"];
      if (headline.decider === "you") return t("turn.correctionYou", { team: asker });
      if (headline.decider === "other_team") return t("turn.correctionWaiting", { other });
      return t("turn.correctionOthers", { team: asker, other });
    }
  }
}

/** The tab title for a headline and the time left ("Your pick - 0:12"). */
export function turnTitle(
  headline: TurnHeadline,
  names: Record<Side, string>,
  msLeft: number | null,
  t: RoomT,
): string | null {
  if (headline.kind === "lobby" || headline.kind === "complete") return null;
  const text = headlineText(headline, names, t);
  return msLeft === null ? text : t("title", { text, time: clockText(msLeft) });
}
