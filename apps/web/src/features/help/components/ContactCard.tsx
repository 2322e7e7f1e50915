import { SUPPORT_EMAIL } from "@draftroom/contracts";
import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/Button.tsx";

export function ContactCard({
  title,
  text,
  action,
  children,
}: {
  title: string;
  text: string;
  action: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative overflow-hidden rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
      <div aria-hidden className="absolute -top-16 -right-16 size-48 rounded-full bg-primary/15 blur-3xl" />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-bold text-fg text-xl tracking-tight">{title}</h2>
          <p className="mt-1.5 max-w-xl text-muted">{text}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClasses("primary", "md")}>
            <Mail className="size-4" aria-hidden />
            {action}
          </a>
          {children}
        </div>
      </div>
      <p className="relative mt-4 text-subtle text-sm">{SUPPORT_EMAIL}</p>
    </section>
  );
}
