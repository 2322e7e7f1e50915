import { useState } from "react";

/**
 * Whether `open` has been true at least once in this component's life: what an overlay left
 * unmounted until its first open (Dialog, DropdownMenu) reads. Set during the render that first
 * sees `open`, so that render already shows the overlay.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
