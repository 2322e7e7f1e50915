import { LOGIN_ALIASES, REGISTER_ALIASES, ROUTES } from "@draftroom/contracts";
import { ArrowRight, CheckCircle2, LayoutDashboard, LogIn, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";
import { displayName, useAuth } from "@/lib/auth.ts";

/** Spec reading of the hero buttons: /auth/register and /auth/login. */
const HERO_REGISTER = REGISTER_ALIASES[1];
const HERO_LOGIN = LOGIN_ALIASES[1];

const STATS = ["steps", "timers", "languages"] as const;

export function Hero() {
  const { t } = useTranslation("landing");
  const { isAuthenticated, user } = useAuth();
  const name = displayName(user);

  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="landing-hero-bg pointer-events-none absolute inset-0 -z-10" />
      <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28 lg:px-8">
        <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-primary/30 bg-primary-soft px-3.5 py-1.5 text-xs font-semibold text-primary-soft-fg sm:text-sm">
          <span
            aria-hidden="true"
            className="size-1.5 rounded-full bg-accent shadow-[0_0_8px_var(--accent)]"
          />
          {t("hero.eyebrow")}
        </p>
        <h1
          id="hero-title"
          className="font-display text-[2.5rem] leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl lg:text-7xl"
        >
          {t("hero.title")} <span className="landing-gradient-text">{t("hero.titleHighlight")}</span>
        </h1>
        <p className="mt-6 max-w-2xl text-base text-pretty text-muted sm:text-lg">{t("hero.subtitle")}</p>

        <div className="mt-9 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
          {isAuthenticated ? (
            <Link to={ROUTES.dashboard} className={buttonClasses("primary", "lg", "landing-cta-glow")}>
              <LayoutDashboard aria-hidden="true" className="size-5 shrink-0" />
              {t("hero.dashboard")}
            </Link>
          ) : (
            <>
              <Link to={HERO_REGISTER} className={buttonClasses("primary", "lg", "landing-cta-glow")}>
                {t("hero.start")}
                <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
              </Link>
              <Link to={HERO_LOGIN} className={buttonClasses("outline", "lg")}>
                <LogIn aria-hidden="true" className="size-5 shrink-0" />
                {t("hero.signIn")}
              </Link>
            </>
          )}
          <Link
            to={ROUTES.quickRoom}
            className={buttonClasses("outline", "lg")}
            data-testid="hero-quick-room"
          >
            <Zap aria-hidden="true" className="size-5 shrink-0" />
            {t("hero.quickRoom")}
          </Link>
        </div>
        <p className="mt-5 flex items-center gap-2 text-sm font-medium text-muted">
          <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
          {isAuthenticated && name ? t("hero.welcomeBack", { name }) : t("hero.promise")}
        </p>

        <dl className="mt-14 grid w-full max-w-3xl grid-cols-3 divide-x divide-border rounded-2xl border border-border bg-surface shadow-card">
          {STATS.map((key) => (
            <div key={key} className="flex flex-col-reverse gap-1 px-2 py-4 sm:px-6 sm:py-5">
              <dt className="text-[11px] leading-tight text-muted sm:text-sm">
                {t(`hero.stats.${key}.label`)}
              </dt>
              <dd className="font-display text-lg font-extrabold tracking-tight sm:text-2xl">
                {t(`hero.stats.${key}.value`)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
