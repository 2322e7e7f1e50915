import type { Workspace } from "@draftroom/contracts";
import { ChevronsUpDown, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";

// The switcher's trigger face, shared by the placeholder (DeferredMenus) and the Radix menu, kept
// apart from the menu so the first paint does not load Radix.

export const switcherTriggerClass =
  "flex h-10 min-w-0 items-center sm:max-w-[13rem] xl:max-w-[16rem] gap-1.5 rounded-lg px-2 font-semibold text-fg text-sm transition-colors hover:bg-surface-2";

/**
 * The trigger's face: the current space's colour and name at every width (on two lines on phones;
 * cut with an ellipsis when still too long, the menu and the accessible name carrying it whole),
 * unread mentions.
 */
export function SwitcherFace({ current, unread }: { current: Workspace | null; unread: number }) {
  const { t } = useTranslation();
  return (
    <>
      {current ? (
        <span aria-hidden className="size-3 shrink-0 rounded-full" style={{ background: current.colour }} />
      ) : (
        <UserRound className="size-4 shrink-0 text-muted" aria-hidden />
      )}
      {/* On phones the row leaves the name about 110 px: it takes two short lines there instead of
          being cut ("Heretics Aca…"); from 640 px it has one line and the room for it. */}
      <span
        className="min-w-0 text-left max-sm:line-clamp-2 max-sm:break-words max-sm:text-xs max-sm:leading-tight sm:truncate"
        title={current ? current.name : undefined}
      >
        {current ? current.name : t("workspaceSwitcher.personal")}
      </span>
      {unread > 0 && (
        <span className="grid min-w-5 place-items-center rounded-full bg-primary px-1 text-[11px] text-primary-fg tabular-nums">
          {unread}
        </span>
      )}
      <ChevronsUpDown className="size-3.5 shrink-0 text-subtle" aria-hidden />
    </>
  );
}

/** The accessible name of the trigger: the current space, and unread mentions when there are. */
export function useSwitcherLabel(current: Workspace | null, unread: number): string {
  const { t } = useTranslation();
  const label = t("workspaceSwitcher.label", {
    name: current ? current.name : t("workspaceSwitcher.personal"),
  });
  return unread > 0 ? `${label}, ${t("workspaceSwitcher.unread", { count: unread })}` : label;
}
