import { ROUTES } from "@draftroom/contracts";
import { Compass, Home } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";

/** Any unknown path. */
export default function NotFoundPage() {
  const { t } = useTranslation("errors");
  return (
    <section className="relative mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-10 -z-10 mx-auto h-64 w-64 rounded-full bg-primary/20 blur-3xl"
      />
      <div className="mb-6 grid size-16 place-items-center rounded-2xl bg-primary-soft text-primary-soft-fg">
        <Compass className="size-8" aria-hidden />
      </div>
      <p className="bg-gradient-to-br from-primary to-secondary bg-clip-text font-black text-7xl text-transparent tracking-tighter sm:text-8xl">
        {t("notFound.code")}
      </p>
      <h1 className="mt-4 font-bold text-2xl text-fg tracking-tight sm:text-3xl">{t("notFound.title")}</h1>
      <p className="mt-3 text-muted">{t("notFound.message")}</p>
      <Link to={ROUTES.home} className={buttonClasses("primary", "lg", "mt-8")}>
        <Home className="size-4" aria-hidden />
        {t("notFound.home")}
      </Link>
    </section>
  );
}
