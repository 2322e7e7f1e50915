import { cn } from "@/lib/cn.ts";

const SIZES = {
  sm: "h-10 min-w-10 rounded-xl text-sm",
  md: "h-12 min-w-12 rounded-xl text-base",
  lg: "h-14 min-w-14 rounded-2xl text-lg",
} as const;

/**
 * A workspace's mark: its whole tag (up to six characters) framed in its colour. It widens for a
 * long tag rather than cutting it ("HRTA" read "HRT"); the name beside it says the rest.
 */
export function WorkspaceMark({
  tag,
  colour,
  size,
}: {
  tag: string;
  colour: string;
  size: keyof typeof SIZES;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        "grid shrink-0 place-items-center border-4 bg-surface-2 px-1.5 font-bold text-fg",
        SIZES[size],
      )}
      style={{ borderColor: colour }}
    >
      {tag}
    </span>
  );
}
