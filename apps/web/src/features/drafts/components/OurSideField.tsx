import type { SessionRoomLookup } from "@draftroom/contracts";
import { SIDES, type Side } from "@draftroom/draft";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

/**
 * "We play blue / red" in the open-room dialog of a workspace session (decision 046): asked when
 * the workspace's linked league team does not say; told (no choice) when it does. Our team's
 * captain seat follows the workspace's roles; the other team's links work without an account.
 */
export function OurSideField({
  question,
  names,
  value,
  onChange,
  error,
}: {
  question: SessionRoomLookup["our_side"];
  names: Record<Side, string>;
  value: Side | null;
  onChange: (side: Side) => void;
  error: string | null;
}) {
  const { t } = useTranslation("drafts");
  const id = useId();
  const sideName = (side: Side) => t(side === "BLUE" ? "room.ourSide.blue" : "room.ourSide.red");
  if (!question.ask && question.side) {
    return (
      <p
        className="rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg"
        data-testid="our-side"
      >
        {t("room.ourSide.known", { side: sideName(question.side), team: names[question.side] })}{" "}
        <span className="text-muted">{t("room.ourSide.hint")}</span>
      </p>
    );
  }
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-medium text-fg text-sm">
        {t("room.ourSide.legend")}
        <span className="ml-0.5 text-danger" aria-hidden>
          *
        </span>
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {SIDES.map((side) => (
          <label
            key={side}
            className={cn(
              "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-surface px-3 py-2 text-sm text-fg",
              "focus-within:ring-4 focus-within:ring-primary/20",
              value === side
                ? "border-primary ring-2 ring-primary/30"
                : "border-border-strong hover:border-subtle",
            )}
          >
            <input
              type="radio"
              name={`${id}-our-side`}
              value={side}
              checked={value === side}
              onChange={() => onChange(side)}
              className="size-4 accent-[var(--primary)]"
            />
            <span
              aria-hidden
              className={cn(
                "size-2.5 shrink-0 rounded-full",
                side === "BLUE" ? "bg-team-blue" : "bg-team-red",
              )}
            />
            <span className="min-w-0">
              <span className="block font-semibold">
                {t(side === "BLUE" ? "room.ourSide.weBlue" : "room.ourSide.weRed")}
              </span>
              <span className="block truncate text-xs text-muted">{names[side]}</span>
            </span>
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t("room.ourSide.hint")}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="font-medium text-danger text-xs">
          {error}
        </p>
      )}
    </fieldset>
  );
}
