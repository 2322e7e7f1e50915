import type { WorkspaceMember } from "@draftroom/contracts";
import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Textarea } from "@/components/ui/Field.tsx";
import { cn } from "@/lib/cn.ts";
import { insertMention, mentionAt, mentionMatches } from "@/lib/mentions.ts";
import "@/lib/i18n-collab.d.ts";

const SHOWN = 6;

/**
 * A comment box that suggests members while an `@name` is typed: ArrowUp/ArrowDown pick, Enter or
 * Tab insert, Escape closes the list (the textbox points at the listbox's active option, so
 * screen readers follow it).
 * Ctrl/Cmd+Enter submits.
 */
export function MentionTextarea({
  value,
  onChange,
  members,
  label,
  onSubmit,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  members: readonly WorkspaceMember[];
  label: string;
  onSubmit: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("collab");
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // Where the caret goes once an inserted mention is on screen: placed in a layout effect after the
  // render that shows it, in the same task as the chosen key (a frame later, fast typing had
  // already landed after the mention, and the caret jumped back in front of it).
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingCaret.current === null) return;
    ref.current?.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });
  const token = mentionAt(value, caret);
  const query = token?.query.toLowerCase() ?? "";
  const matches =
    token && dismissedAt !== token.start
      ? members.filter((m) => m.status === "active" && mentionMatches(m, query)).slice(0, SHOWN)
      : [];
  const open = matches.length > 0;
  const current = Math.min(active, Math.max(0, matches.length - 1));

  const choose = (username: string) => {
    if (!token) return;
    const next = insertMention(value, token.start, caret, username);
    onChange(next.text);
    setCaret(next.caret);
    pendingCaret.current = next.caret;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + matches.length) % matches.length);
    } else if (open && (event.key === "Enter" || event.key === "Tab")) {
      event.preventDefault();
      const match = matches[current];
      if (match) choose(match.username);
    } else if (open && event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(token?.start ?? null);
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        value={value}
        rows={3}
        aria-label={label}
        placeholder={t("comments.placeholder")}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${current}` : undefined}
        autoFocus={autoFocus}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t("comments.suggestions")}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-56 overflow-auto rounded-xl border border-border bg-surface p-1 shadow-pop"
      >
        {matches.map((member, index) => (
          <div
            key={member.user_id}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === current}
            className={cn(
              "flex cursor-pointer items-center justify-between gap-2 rounded-lg px-2.5 py-1.5 text-sm",
              index === current ? "bg-primary-soft text-primary-soft-fg" : "text-fg hover:bg-surface-2",
            )}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(member.username);
            }}
          >
            <span className="truncate font-semibold">@{member.username}</span>
            {member.name && <span className="truncate text-muted text-xs">{member.name}</span>}
          </div>
        ))}
      </div>
    </div>
  );
}
