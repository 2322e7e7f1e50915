import { UserRound } from "lucide-react";
import { avatarLetter } from "@/lib/auth.ts";
import { cn } from "@/lib/cn.ts";

export function Avatar({
  user,
  size = "md",
}: {
  user: { first_name: string; username: string } | null;
  size?: "md" | "lg";
}) {
  const letter = avatarLetter(user);
  return (
    <span
      aria-hidden
      className={cn(
        "grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-primary to-secondary font-bold text-white shadow-sm ring-2 ring-surface",
        size === "lg" ? "size-11 text-base" : "size-8 text-sm",
      )}
    >
      {letter ?? <UserRound className="size-4" />}
    </span>
  );
}
