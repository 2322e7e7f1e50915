import { useId } from "react";
import { cn } from "@/lib/cn.ts";

interface Option<T extends string> {
  value: T;
  label: string;
}

interface Props<T extends string> {
  legend: string;
  options: readonly Option<T>[];
  value: T | null;
  onChange: (value: T) => void;
  /** Hide the legend visually (it still names the group for screen readers). */
  hideLegend?: boolean;
  className?: string;
}

/**
 * One choice out of a few, as large touch targets: native radios (arrow keys move, a screen
 * reader hears a radio group) styled as a segmented control, so a result is a few thumbs' taps.
 */
export function Segmented<T extends string>({
  legend,
  options,
  value,
  onChange,
  hideLegend,
  className,
}: Props<T>) {
  const name = useId();
  return (
    <fieldset className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <legend className={cn("mb-1.5 font-medium text-fg text-sm", hideLegend && "sr-only")}>{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "relative flex min-h-11 min-w-11 flex-1 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-semibold",
              "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary has-[:focus-visible]:outline-offset-2",
              value === option.value
                ? "border-primary bg-primary text-primary-fg"
                : "border-border-strong bg-surface text-fg hover:bg-surface-2",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
