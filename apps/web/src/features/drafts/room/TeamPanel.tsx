import type { Champion, ErrorCode, TeamMessage } from "@draftroom/contracts";
import { TEAM_CHAT_MAX_CHARS, teamChatText } from "@draftroom/draft";
import { Lock, MessageSquare, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { cn } from "@/lib/cn.ts";
import { translateKey } from "../utils/errors.ts";
import { RoomCommandError } from "./connection.ts";
import type { TeamChannelState } from "./team-state.ts";

type TeamSend = (message: { type: "team_chat"; text: string }) => Promise<void>;

/** Who said it: the member's name, or the captain's seat. */
function authorOf(message: TeamMessage, captainLabel: string): string {
  return message.role === "captain" ? captainLabel : message.name;
}

/**
 * The team's private chat (captain and members of one team; nobody else receives it): the recent
 * messages, with suggestions shown inline, and a box to write. New messages are announced politely.
 */
export function TeamChat({
  channel,
  teamName,
  captainLabel,
  championsById,
  send,
  className,
}: {
  channel: TeamChannelState;
  teamName: string;
  captainLabel: string;
  championsById: ReadonlyMap<number, Champion>;
  send: TeamSend;
  className?: string;
}) {
  const { t } = useTranslation("drafts");
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const loaded = channel.team !== null;
  const messages = channel.messages;
  const last = messages.at(-1);

  // Keep the newest message in view as they arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on a new message only
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [last?.id]);

  const describe = (message: TeamMessage) => {
    if (message.kind === "suggestion") {
      const champion = message.champion_id === null ? null : championsById.get(message.champion_id);
      return t("room.team.suggested", { champion: champion?.name ?? "?" });
    }
    return message.text ?? "";
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = teamChatText(text);
    if (!checked.ok) {
      setError(checked.code === "message_too_long" ? t("room.team.tooLong") : t("room.team.empty"));
      return;
    }
    setSending(true);
    try {
      await send({ type: "team_chat", text: checked.text });
      setText("");
      setError(null);
    } catch (caught) {
      setError(
        caught instanceof RoomCommandError && caught.code !== "connection_lost"
          ? translateKey(`errors:codes.${caught.code as ErrorCode}`)
          : t("room.team.sendFailed"),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="team-chat"
      className={cn(
        "flex min-h-0 flex-col gap-2 rounded-2xl border border-border bg-surface p-3 shadow-card sm:p-4 dark:bg-surface/80",
        className,
      )}
    >
      <div>
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-bold text-fg">
          <MessageSquare className="size-4" aria-hidden />
          {t("room.team.chatTitle", { team: teamName })}
        </h2>
        <p className="text-xs text-muted">{t("room.team.chatPrivate")}</p>
        {channel.roster.length > 0 && (
          <p className="mt-1 text-xs text-fg" data-testid="team-roster">
            {t("room.team.onLink", { names: channel.roster.map((member) => member.name).join(", ") })}
          </p>
        )}
      </div>
      {!loaded ? (
        <p role="status" className="flex items-center gap-2 py-4 text-sm text-muted">
          <Spinner size="sm" />
          {t("room.team.chatLoading")}
        </p>
      ) : (
        <div
          ref={listRef}
          role="log"
          aria-live="polite"
          aria-label={t("room.team.chatLog")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; keyboard users need to reach it
          tabIndex={0}
          className="max-h-64 min-h-24 overflow-y-auto rounded-xl bg-surface-2 p-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-primary/30"
        >
          <ol className="flex flex-col gap-1.5">
            {messages.length === 0 ? (
              <li className="px-1 py-3 text-center text-sm text-muted">{t("room.team.chatEmpty")}</li>
            ) : (
              messages.map((message) => (
                <li
                  key={message.id}
                  className={cn(
                    "rounded-lg px-2.5 py-1.5 text-sm",
                    message.kind === "suggestion" ? "bg-primary/10" : "bg-surface",
                    message.member_id !== null &&
                      message.member_id === channel.memberId &&
                      "ring-1 ring-primary/30",
                  )}
                >
                  <span className="font-semibold text-fg">{authorOf(message, captainLabel)}</span>
                  <span className="sr-only">: </span>
                  <span className="ml-1.5 break-words text-fg">{describe(message)}</span>
                </li>
              ))
            )}
          </ol>
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} className="flex items-start gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-input`} className="sr-only">
            {t("room.team.chatLabel")}
          </label>
          <input
            id={`${id}-input`}
            value={text}
            disabled={!loaded}
            maxLength={TEAM_CHAT_MAX_CHARS + 20}
            placeholder={t("room.team.chatPlaceholder")}
            aria-invalid={error !== null || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            className="block h-10 w-full rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg placeholder:text-subtle focus:border-primary focus:outline-none focus:ring-4 focus:ring-primary/20"
          />
          {error && (
            <p
              id={`${id}-error`}
              role="alert"
              className="mt-1 text-xs font-medium text-[hsl(354_72%_40%)] dark:text-danger"
            >
              {error}
            </p>
          )}
        </div>
        <Button
          type="submit"
          size="md"
          loading={sending}
          disabled={!loaded}
          leftIcon={<Send className="size-4" aria-hidden />}
        >
          {t("room.team.send")}
        </Button>
      </form>
    </section>
  );
}

/** Keys 1-9 lock the matching suggestion (outside text fields). */
const SHORTCUT_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/**
 * The captain's list of what their team suggests for the step on the clock: who suggested which
 * champion, each lockable with one click or one key (1-9). A new suggestion is announced with its key.
 */
export function SuggestionList({
  suggestions,
  championsById,
  disabled,
  onLock,
}: {
  suggestions: readonly TeamMessage[];
  championsById: ReadonlyMap<number, Champion>;
  disabled: boolean;
  onLock: (champion: Champion) => void;
}) {
  const { t } = useTranslation("drafts");
  const id = useId();
  const items = suggestions.slice(0, SHORTCUT_KEYS.length).flatMap((message) => {
    const champion = message.champion_id === null ? undefined : championsById.get(message.champion_id);
    return champion ? [{ message, champion }] : [];
  });
  // Suggestions come newest first (currentSuggestions).
  const latest = items[0] ?? null;

  // Registered on the window's capture phase, so the champion search does not take the digit first.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const disabledRef = useRef(disabled);
  disabledRef.current = disabled;
  const onLockRef = useRef(onLock);
  onLockRef.current = onLock;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || disabledRef.current) return;
      const index = SHORTCUT_KEYS.indexOf(event.key as (typeof SHORTCUT_KEYS)[number]);
      if (index < 0) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=true], [role=dialog]")) return;
      const item = itemsRef.current[index];
      if (!item) return;
      event.preventDefault();
      event.stopPropagation();
      onLockRef.current(item.champion);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);

  const announcement = latest
    ? t("room.team.suggestionAnnounce", {
        name: latest.message.role === "captain" ? t("room.team.captain") : latest.message.name,
        champion: latest.champion.name,
        key: items.indexOf(latest) + 1,
      })
    : "";
  // Nothing suggested: no box takes a row of the pick panel (the live region stays for the first one).
  if (items.length === 0)
    return (
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="suggestions-empty">
        {t("room.team.suggestionsEmpty")}
      </p>
    );

  return (
    <section aria-labelledby={`${id}-title`} data-testid="suggestions" className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-baseline gap-x-2">
        {/* h2: in the pick panel it comes before the lock bar's own h2 (heading order). */}
        <h2 id={`${id}-title`} className="text-sm font-bold text-fg">
          {t("room.team.suggestionsTitle")}
        </h2>
        <p className="text-xs text-muted">{t("room.team.suggestionsHint")}</p>
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {
        <ul className="flex flex-wrap gap-2">
          {items.map(({ message, champion }, index) => (
            <li key={message.id}>
              <button
                type="button"
                disabled={disabled}
                aria-keyshortcuts={SHORTCUT_KEYS[index]}
                aria-label={t("room.team.lockSuggestion", {
                  champion: champion.name,
                  name: message.name,
                  key: index + 1,
                })}
                onClick={() => onLock(champion)}
                className="flex items-center gap-2 rounded-xl border border-primary/40 bg-primary/10 py-1 pr-3 pl-1 text-left text-sm transition-colors hover:bg-primary/20 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-primary/30 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <ChampionImage name={champion.name} src={champion.icon_url} size={32} decorative />
                <span className="flex flex-col leading-tight">
                  <span className="font-semibold text-fg">{champion.name}</span>
                  <span className="text-xs text-muted">{message.name}</span>
                </span>
                <kbd className="ml-1 inline-flex items-center gap-1 rounded-md border border-border-strong bg-surface px-1.5 font-mono text-xs text-fg">
                  <Lock className="size-3" aria-hidden />
                  {index + 1}
                </kbd>
              </button>
            </li>
          ))}
        </ul>
      }
    </section>
  );
}
