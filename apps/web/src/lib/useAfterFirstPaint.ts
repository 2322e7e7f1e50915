import { startTransition, useEffect, useState } from "react";

/**
 * False until the frame this component first appeared in has been painted, then true (in a
 * transition, so the render it causes yields to input). What a component reads to draw the part
 * of its first view no one sees yet (the champion grid's scrolled-out rows) after the part
 * everyone sees rather than before it (decision 071). A frame callback runs just before the next
 * paint; the task it posts runs after it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    const afterPaint = () => {
      task = setTimeout(() => startTransition(() => setPainted(true)), 0);
    };
    const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame(afterPaint) : undefined;
    if (frame === undefined) afterPaint();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, []);
  return painted;
}
