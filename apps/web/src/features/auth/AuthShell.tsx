import { ROUTES } from "@draftroom/contracts";
import { Clock3, Share2, Sparkles, Swords } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitch } from "@/components/layout/LanguageSwitch.tsx";
import { Logo } from "@/components/layout/Logo.tsx";
import { ThemeToggle } from "@/components/layout/ThemeMenu.tsx";
import { useTheme } from "@/lib/theme.ts";

const FEATURES = [
  { key: "board", icon: Swords },
  { key: "recommendations", icon: Sparkles },
  { key: "share", icon: Share2 },
  { key: "plans", icon: Clock3 },
] as const;

/** Split layout of the login and register screens: form on the left, brand panel on wide screens. */
export function AuthShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation(["auth", "common"]);
  const { effective } = useTheme();
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 items-center justify-between px-5 sm:px-8">
          <Link to={ROUTES.home} aria-label={t("common:nav.home")} className="rounded-lg">
            <Logo variant={effective} />
          </Link>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <LanguageSwitch />
          </div>
        </header>
        <main id="main" className="flex flex-1 items-center justify-center px-5 py-8 sm:px-8">
          <div className="w-full max-w-[440px]">{children}</div>
        </main>
        <p className="px-5 pb-6 text-center text-subtle text-xs sm:px-8">{t("common:tagline")}</p>
      </div>

      <aside
        aria-label={t("auth:showcase.heading")}
        className="relative hidden overflow-hidden bg-[hsl(calc(var(--hue-neutral)+15)_55%_7%)] text-white lg:flex lg:flex-col lg:justify-center"
      >
        <div aria-hidden className="absolute inset-0">
          <div className="absolute -top-32 -left-24 size-[28rem] rounded-full bg-[hsl(var(--hue-primary)_90%_60%/0.35)] blur-3xl" />
          <div className="absolute -right-24 -bottom-32 size-[30rem] rounded-full bg-[hsl(var(--hue-secondary)_90%_60%/0.3)] blur-3xl" />
          <svg className="absolute inset-0 size-full opacity-[0.07]" aria-hidden>
            <defs>
              <pattern id="auth-grid" width="36" height="36" patternUnits="userSpaceOnUse">
                <path d="M36 0H0v36" fill="none" stroke="white" strokeWidth="1" />
              </pattern>
            </defs>
            <rect width="100%" height="100%" fill="url(#auth-grid)" />
          </svg>
          <div className="absolute top-6 right-6 flex gap-1.5 opacity-60">
            {["b1", "b2", "b3", "b4", "b5"].map((slot) => (
              <span
                key={slot}
                className="size-7 rounded-md border border-[hsl(212_95%_64%/0.6)] bg-[hsl(212_95%_64%/0.15)]"
              />
            ))}
          </div>
          <div className="absolute right-6 bottom-6 flex gap-1.5 opacity-60">
            {["r1", "r2", "r3", "r4", "r5"].map((slot) => (
              <span
                key={slot}
                className="size-7 rounded-md border border-[hsl(356_92%_66%/0.6)] bg-[hsl(356_92%_66%/0.15)]"
              />
            ))}
          </div>
        </div>
        <div className="relative mx-auto max-w-lg px-12 py-16">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 font-semibold text-[hsl(var(--hue-accent)_96%_65%)] text-xs uppercase tracking-widest">
            <Sparkles className="size-3.5" aria-hidden />
            {t("common:tagline")}
          </p>
          <h2 className="font-black text-4xl leading-tight tracking-tight xl:text-5xl">
            {t("auth:showcase.heading")}
          </h2>
          <p className="mt-4 text-lg text-white/70">{t("auth:showcase.subheading")}</p>
          <ul className="mt-10 space-y-5">
            {FEATURES.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl border border-white/10 bg-white/10 text-[hsl(var(--hue-primary)_95%_80%)]">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <p className="font-semibold">{t(`auth:showcase.features.${key}.title`)}</p>
                  <p className="text-sm text-white/65">{t(`auth:showcase.features.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <figure className="mt-12 rounded-2xl border border-white/10 bg-white/5 p-5 backdrop-blur">
            <blockquote className="text-white/85">{t("auth:showcase.quote")}</blockquote>
            <figcaption className="mt-2 text-sm text-white/50">{t("auth:showcase.quoteAuthor")}</figcaption>
          </figure>
        </div>
      </aside>
    </div>
  );
}

/** Error banner above the auth forms. */
export function FormErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="mb-5 flex items-start gap-2.5 rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 font-medium text-danger text-sm"
    >
      <span aria-hidden className="mt-1.5 size-1.5 shrink-0 rounded-full bg-danger" />
      {message}
    </div>
  );
}
