import { ArrowDown, ArrowUp, GripVertical, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { cn } from "@/lib/cn.ts";

/** Moves item `from` to index `to` (a new array). */
export function move<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * An ordered list: drag an item by its handle, or use its up/down buttons (keyboard); each item
 * has a remove button. `name` labels the buttons for screen readers.
 */
export function ReorderList<T>({
  items,
  onChange,
  name,
  render,
  label,
}: {
  items: readonly T[];
  onChange: (items: T[]) => void;
  name: (item: T, index: number) => string;
  render: (item: T, index: number) => ReactNode;
  label: string;
}) {
  const { t } = useTranslation("draftPlans");
  const [dragging, setDragging] = useState<number | null>(null);
  if (items.length === 0) return null;
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {items.map((item, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: plan rows have no id; the order is the identity
          key={index}
          draggable
          onDragStart={() => setDragging(index)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={() => {
            if (dragging !== null) onChange(move(items, dragging, index));
            setDragging(null);
          }}
          onDragEnd={() => setDragging(null)}
          className={cn(
            "flex flex-wrap items-center gap-2 rounded-xl border border-border bg-surface-2 p-2",
            dragging === index && "opacity-60",
          )}
        >
          <GripVertical aria-hidden="true" className="size-4 cursor-grab text-muted" />
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">{render(item, index)}</div>
          <div className="flex items-center gap-1">
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={t("editor.moveUp", { name: name(item, index) })}
              disabled={index === 0}
              onClick={() => onChange(move(items, index, index - 1))}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={t("editor.moveDown", { name: name(item, index) })}
              disabled={index === items.length - 1}
              onClick={() => onChange(move(items, index, index + 1))}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
            </Button>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={t("editor.remove", { name: name(item, index) })}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
