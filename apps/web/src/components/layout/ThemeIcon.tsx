import type { ThemeMode } from "@draftroom/contracts";
import { Monitor, Moon, Sun } from "lucide-react";

export function ThemeIcon({ mode, className }: { mode: ThemeMode; className?: string }) {
  if (mode === "auto") return <Monitor className={className} aria-hidden />;
  return mode === "dark" ? (
    <Moon className={className} aria-hidden />
  ) : (
    <Sun className={className} aria-hidden />
  );
}
