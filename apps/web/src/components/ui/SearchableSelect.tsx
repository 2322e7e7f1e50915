import { Command } from "cmdk";
import { Check, ChevronsUpDown } from "lucide-react";
import { Popover } from "radix-ui";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";
import { matchesQuery } from "@/lib/search-text.ts";
import { inputClasses } from "./Field.tsx";

export interface SelectOption {
  value: string;
  label: string;
  /** Extra text matched by the search (e.g. a league name). */
  keywords?: string[];
  disabled?: boolean;
  icon?: ReactNode;
  /** Shown after the label in the list, muted (e.g. "18 games"); not part of the chosen value's text. */
  detail?: string;
}

export interface SearchableSelectProps {
  options: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  disabled?: boolean;
  invalid?: boolean;
  id?: string;
  className?: string;
  "aria-label"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  "aria-required"?: boolean;
  /**
   * Whether an option is shown for what was typed. Default: every word typed appears in its label
   * or a keyword, case and accents ignored (`matchesQuery`).
   */
  matches?: (query: string, option: SelectOption) => boolean;
}

/** The option's cmdk item value: its value quoted, so never empty and nothing to trim. */
function itemKey(option: SelectOption): string {
  return JSON.stringify(option.value);
}

/** The default search: every word in the label or a keyword, case and accents ignored. */
function matchesOption(query: string, option: SelectOption): boolean {
  return matchesQuery(query, [option.label, ...(option.keywords ?? [])]);
}

/**
 * Searchable single select (cmdk in a radix Popover). Empty text "No results found", list max
 * height 200 px. Works inside <Field> (pass the render props through).
 */
export function SearchableSelect({
  options,
  value,
  onChange,
  placeholder,
  searchPlaceholder,
  emptyText,
  disabled,
  invalid,
  id,
  className,
  matches = matchesOption,
  ...aria
}: SearchableSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const selected = options.find((option) => option.value === value) ?? null;
  // cmdk filters by each item's value (trimmed, and an empty one never matches a search): a key made
  // from the option's own value, looked up here for the option's texts.
  const byKey = useMemo(() => new Map(options.map((option) => [itemKey(option), option])), [options]);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          {...aria}
          className={inputClasses(
            invalid,
            cn("flex h-10 items-center justify-between gap-2 text-left", className),
          )}
        >
          {/* A long choice is cut to the field's width; its title keeps it whole. */}
          <span title={selected?.label} className={cn("truncate", !selected && "text-muted")}>
            {selected ? selected.label : (placeholder ?? t("ui.selectPlaceholder"))}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-subtle" aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-[12rem] overflow-hidden rounded-xl border border-border bg-surface shadow-pop data-[state=open]:animate-pop-in"
        >
          <Command
            filter={(itemValue, search) => {
              const option = byKey.get(itemValue);
              return option && matches(search, option) ? 1 : 0;
            }}
          >
            <Command.Input
              placeholder={searchPlaceholder ?? t("ui.searchPlaceholder")}
              className="h-10 w-full border-border border-b bg-transparent px-3 text-fg text-sm placeholder:text-subtle focus:outline-none"
            />
            <Command.List className="max-h-[200px] overflow-y-auto p-1">
              <Command.Empty className="px-3 py-6 text-center text-muted text-sm">
                {emptyText ?? t("ui.noResults")}
              </Command.Empty>
              {options.map((option) => (
                <Command.Item
                  key={option.value}
                  value={itemKey(option)}
                  disabled={option.disabled}
                  onSelect={() => {
                    onChange(option.value === value ? null : option.value);
                    setOpen(false);
                  }}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-fg text-sm data-[disabled=true]:cursor-not-allowed data-[selected=true]:bg-primary-soft data-[selected=true]:text-primary-soft-fg data-[disabled=true]:opacity-50"
                >
                  {option.icon}
                  <span title={option.label} className="flex-1 truncate">
                    {option.label}
                  </span>
                  {option.detail && (
                    <span className="shrink-0 text-muted text-xs tabular-nums">{option.detail}</span>
                  )}
                  {option.value === value && <Check className="size-4" aria-hidden />}
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
