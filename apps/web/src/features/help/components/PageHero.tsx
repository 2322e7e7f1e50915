import type { ReactNode } from "react";

export function PageHero({
  eyebrow,
  title,
  subtitle,
}: {
  eyebrow: string;
  title: string;
  subtitle: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden border-border border-b">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(600px_240px_at_20%_0%,var(--hero-glow),transparent),radial-gradient(600px_240px_at_90%_10%,var(--hero-glow-2),transparent)]"
      />
      <div className="relative mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <p className="font-bold text-primary text-xs uppercase tracking-[0.18em]">{eyebrow}</p>
        <h1 className="mt-3 font-extrabold text-3xl text-fg tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{subtitle}</p>
      </div>
    </div>
  );
}
