import { type Champion, POSITIONS, type Position } from "@draftroom/contracts";
import { championPositionMap, matchesChampion } from "@draftroom/draft";
import type { TFunction } from "i18next";
import { Search, X } from "lucide-react";
import { type KeyboardEvent, memo, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { cn } from "@/lib/cn.ts";
import { takeEarlyTyping } from "@/lib/early-typing.ts";
import { useAfterFirstPaint } from "@/lib/useAfterFirstPaint.ts";
import { usePlanIntent } from "../plan/plan-intent.ts";

export interface ChampionGridProps {
  champions: readonly Champion[];
  /** Picked or banned champions: shown, but not selectable. */
  used: ReadonlySet<number>;
  /** How each used champion was used, for its badge. */
  usage?: ReadonlyMap<number, "PICK" | "BAN">;
  /** Champions locked for the team on the clock (fearless series), with the reason shown on the tile. */
  locked?: ReadonlyMap<number, string>;
  selectedId: number | null;
  onSelect: (champion: Champion) => void;
  /** Enter on a selected champion. */
  onLock: () => void;
  disabled?: boolean;
  /** Focus the search box when the user types anywhere on the page. */
  captureTyping?: boolean;
  label: string;
  /** Changing it (the step on the clock) clears the search, so the next name can be typed. */
  resetKey?: number | string;
  /**
   * The positions each champion plays (from match statistics); without it they come from the
   * champions' tags, the same prior the recommendations start from.
   */
  positions?: ReadonlyMap<number, readonly Position[]>;
  /** Extra classes for the search row (e.g. room kept at its end for a lock button). */
  toolbarClassName?: string;
}

/**
 * Tiles drawn until the grid's first frame is painted: six rows of fourteen at 1366 px, more than
 * the fold of a 1366 x 900 board shows (four rows; the grid's scroll area holds seven). The rest
 * of the 172 follow right after that paint, so a cold board renders, styles and lays out what is
 * seen first (decision 071).
 */
export const FIRST_TILES = 84;

interface TileProps {
  champion: Champion;
  selected: boolean;
  active: boolean;
  usage: "PICK" | "BAN" | "LOCK" | null;
  /** Why a locked champion is locked (fearless series). */
  lockedReason: string | undefined;
  optionId: string;
  onSelect: (champion: Champion) => void;
  /** The drafts namespace's `t` (stable): a tile words its own labels, so only changed tiles do. */
  t: TFunction<"drafts">;
  /** The followed plan's next action (decision 027): its label ("Plan"). */
  planned?: string | undefined;
}

/**
 * One champion of the grid. Memoised on plain props: a lock re-renders the tiles whose state
 * changed (the champion taken, the selection), not the 172 of the pool.
 */
const Tile = memo(function Tile({
  champion,
  selected,
  active,
  usage,
  lockedReason,
  optionId,
  onSelect,
  t,
  planned,
}: TileProps) {
  const unavailable = usage !== null;
  const unavailableLabel = !unavailable
    ? ""
    : usage === "LOCK"
      ? t("page.lockedReason", { name: champion.name, reason: lockedReason })
      : t("page.unavailable", { name: champion.name });
  const usageLabel =
    usage === "BAN" ? t("page.banned") : usage === "PICK" ? t("page.picked") : usage ? t("page.locked") : "";
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the listbox owns focus (aria-activedescendant)
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the listbox
    <div
      id={optionId}
      role="option"
      aria-selected={selected}
      aria-disabled={unavailable || undefined}
      aria-label={unavailable ? unavailableLabel : planned ? `${champion.name} · ${planned}` : champion.name}
      // The whole name (and why it is locked) on hover: the caption may be cut to the tile's
      // width. A lock's reason is never a caption: two-line captions made the rows uneven.
      title={unavailable ? unavailableLabel : champion.name}
      data-champion-id={champion.id}
      data-locked={usage === "LOCK" || undefined}
      data-plan-next={planned || undefined}
      onClick={unavailable ? undefined : () => onSelect(champion)}
      className={cn(
        "group relative flex cursor-pointer flex-col items-center gap-0.5 rounded-lg p-0.5 text-center transition-[background-color,box-shadow] duration-100",
        unavailable ? "cursor-not-allowed opacity-45" : "hover:bg-surface-2",
        selected && "bg-primary-soft ring-2 ring-primary",
        active && !selected && "ring-2 ring-ring/60",
        planned && !selected && !unavailable && "ring-2 ring-accent",
      )}
    >
      <span className="relative">
        <ChampionImage
          name={champion.name}
          src={champion.icon_url}
          size={36}
          decorative
          muted={unavailable}
        />
        {planned && !unavailable && (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 rounded bg-accent px-1 py-px text-[9px] font-bold text-black uppercase"
          >
            {planned}
          </span>
        )}
        {unavailable && (
          <span
            aria-hidden="true"
            className={cn(
              "absolute bottom-0 left-1/2 -translate-x-1/2 rounded px-1 py-px text-[9px] font-bold whitespace-nowrap uppercase",
              usage === "BAN"
                ? "bg-danger text-white"
                : usage === "LOCK"
                  ? "bg-accent text-black"
                  : "bg-fg/80 text-background",
            )}
          >
            {usageLabel}
          </span>
        )}
      </span>
      <span
        className={cn(
          "w-full truncate text-xs leading-tight",
          selected ? "font-semibold text-primary-soft-fg" : "text-muted",
        )}
      >
        {champion.name}
      </span>
    </div>
  );
});

/**
 * The champion pool as a keyboard-first listbox: type anywhere to filter (accent-insensitive),
 * arrows move the selection, Enter locks it in. Used champions stay visible, greyed out.
 */
export function ChampionGrid({
  champions,
  used: usedOnly,
  usage,
  locked,
  selectedId,
  onSelect,
  onLock,
  disabled,
  captureTyping = true,
  label,
  resetKey,
  positions: knownPositions,
  toolbarClassName,
}: ChampionGridProps) {
  // Locked champions are unavailable like used ones (keyboard skips them, Enter cannot lock them).
  const used = useMemo(
    () => (locked && locked.size > 0 ? new Set([...usedOnly, ...locked.keys()]) : usedOnly),
    [usedOnly, locked],
  );
  const { t } = useTranslation("drafts");
  const { t: tPlan } = useTranslation("draftPlans");
  const plan = usePlanIntent();
  const baseId = useId();
  const [query, setQuery] = useState("");
  const [position, setPosition] = useState<Position | null>(null);
  const positions = useMemo(
    () => knownPositions ?? championPositionMap(champions),
    [knownPositions, champions],
  );
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // A new step clears the search, in the same render (an effect would also clear, after the first
  // paint, the letters typed into a board that had just mounted).
  const [queryStep, setQueryStep] = useState(resetKey);
  if (queryStep !== resetKey) {
    setQueryStep(resetKey);
    setQuery("");
  }

  // Accents, case and punctuation ignored, short names understood ("kaisa", "mf", "j4").
  const visible = useMemo(
    () =>
      champions.filter(
        (champion) =>
          matchesChampion(query, champion.name) &&
          (!position || positions.get(champion.id)?.includes(position)),
      ),
    [champions, query, position, positions],
  );

  // Typing anywhere (outside form fields and dialogs) goes to the search box, from the letters typed
  // onto the server's drawn board before the app took it over on. Listening from before the board's
  // first paint: a passive effect runs after it, and keys typed in between went nowhere.
  useLayoutEffect(() => {
    if (!captureTyping) return;
    const typedEarly = takeEarlyTyping();
    if (typedEarly) {
      setQuery(typedEarly);
      searchRef.current?.focus();
    }
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=true], [role=dialog]")) return;
      if (document.querySelector("[role=dialog]")) return;
      if (event.key === " " && target?.closest("button, [role=listbox]")) return;
      searchRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [captureTyping]);

  const selectableIndex = visible.findIndex((c) => c.id === selectedId);
  // The first screen of tiles first, the rest once it is painted. The cut is of the filtered list:
  // a filter's first matches are always drawn, and every match once the grid has painted.
  const drawAll = useAfterFirstPaint();
  const drawn = drawAll ? visible : visible.slice(0, FIRST_TILES);

  const columns = () => {
    const list = listRef.current;
    const first = list?.firstElementChild as HTMLElement | null;
    if (!list || !first) return 1;
    const top = first.offsetTop;
    let count = 0;
    for (const child of Array.from(list.children) as HTMLElement[]) {
      if (child.offsetTop !== top) break;
      count += 1;
    }
    return Math.max(1, count);
  };

  const move = (delta: number) => {
    if (visible.length === 0) return;
    let index = selectableIndex < 0 ? (delta > 0 ? -1 : visible.length) : selectableIndex;
    // Skip used champions in the direction of travel.
    for (let guard = 0; guard < visible.length; guard++) {
      index += delta;
      if (index < 0 || index >= visible.length) return;
      const candidate = visible[index]!;
      if (!used.has(candidate.id)) {
        onSelect(candidate);
        document.getElementById(`${baseId}-${candidate.id}`)?.scrollIntoView({ block: "nearest" });
        return;
      }
      if (Math.abs(delta) > 1) delta = delta > 0 ? 1 : -1;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const fromSearch = event.target === searchRef.current;
    switch (event.key) {
      case "ArrowRight":
        if (fromSearch) return;
        event.preventDefault();
        move(1);
        break;
      case "ArrowLeft":
        if (fromSearch) return;
        event.preventDefault();
        move(-1);
        break;
      case "ArrowDown":
        event.preventDefault();
        if (fromSearch) {
          listRef.current?.focus();
          if (selectableIndex < 0) move(1);
        } else move(columns());
        break;
      case "ArrowUp":
        event.preventDefault();
        move(-columns());
        break;
      case "Home":
        if (fromSearch) return;
        event.preventDefault();
        move(-visible.length);
        break;
      case "Enter": {
        event.preventDefault();
        if (fromSearch && selectableIndex < 0) {
          const first = visible.find((c) => !used.has(c.id));
          if (first) onSelect(first);
          return;
        }
        if (!disabled && selectedId !== null && !used.has(selectedId)) onLock();
        break;
      }
      case "Escape":
        if (fromSearch && query) {
          event.preventDefault();
          setQuery("");
        }
        break;
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2">
      <div className={cn("flex flex-col gap-2 sm:flex-row sm:items-center", toolbarClassName)}>
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
          />
          <input
            ref={searchRef}
            type="search"
            onKeyDown={onKeyDown}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t("page.searchChampions")}
            placeholder={t("page.searchChampionsPlaceholder")}
            className="h-10 w-full rounded-lg border border-border-strong bg-surface pr-9 pl-9 text-sm text-fg placeholder:text-subtle focus:border-primary focus:ring-4 focus:ring-primary/20 focus:outline-none"
          />
          {query && (
            <button
              type="button"
              onClick={() => {
                setQuery("");
                searchRef.current?.focus();
              }}
              aria-label={t("page.clearChampionSearch")}
              className="absolute top-1/2 right-2 grid size-6 -translate-y-1/2 place-items-center rounded text-muted hover:text-fg"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
        <fieldset
          className="grid min-w-0 grid-cols-[auto_repeat(5,minmax(0,1fr))] gap-0.5 sm:flex sm:shrink-0 sm:gap-1"
          aria-label={t("page.positionFilter")}
        >
          <legend className="sr-only">{t("page.positionFilter")}</legend>
          {[null, ...POSITIONS].map((value) => (
            <button
              key={value ?? "all"}
              type="button"
              aria-pressed={position === value}
              onClick={() => setPosition(value)}
              className={cn(
                "h-9 min-w-0 shrink-0 truncate rounded-full border px-1 text-xs font-semibold transition-colors sm:px-3 sm:text-sm lg:px-2.5",
                position === value
                  ? "border-primary bg-primary text-primary-fg"
                  : "border-border-strong bg-surface text-muted hover:text-fg",
              )}
            >
              {value ? t(`positions.${value}`) : t("page.allPositions")}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="sr-only">{t("page.keyboardHint")}</p>
      {visible.length === 0 ? (
        <p className="grid flex-1 place-items-center py-10 text-sm text-muted">{t("page.noChampionMatch")}</p>
      ) : (
        <div
          ref={listRef}
          role="listbox"
          aria-label={label}
          onKeyDown={onKeyDown}
          tabIndex={0}
          aria-activedescendant={selectedId !== null ? `${baseId}-${selectedId}` : undefined}
          className="grid min-h-0 flex-1 auto-rows-min grid-cols-[repeat(auto-fill,minmax(3.5rem,1fr))] content-start gap-1 overflow-y-auto rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-ring"
        >
          {drawn.map((champion) => (
            <Tile
              key={champion.id}
              champion={champion}
              optionId={`${baseId}-${champion.id}`}
              selected={champion.id === selectedId}
              active={false}
              usage={
                usedOnly.has(champion.id)
                  ? (usage?.get(champion.id) ?? "PICK")
                  : locked?.has(champion.id)
                    ? "LOCK"
                    : null
              }
              lockedReason={locked?.get(champion.id)}
              planned={plan?.championId === champion.id ? tPlan("live.planBadge") : undefined}
              onSelect={onSelect}
              t={t}
            />
          ))}
        </div>
      )}
    </div>
  );
}
