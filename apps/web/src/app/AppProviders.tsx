import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/Toaster.tsx";

/**
 * Root providers. Kept to what the landing page's first paint needs: the TanStack Query client is
 * provided around each lazy screen (lib/QueryProvider.tsx via app/lazy-page.ts) and each Radix
 * tooltip brings its own provider (components/ui/Tooltip.tsx), so neither ships in the entry.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
