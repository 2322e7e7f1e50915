import { ROUTES, SUPPORT_EMAIL } from "@draftroom/contracts";
import { AtSign, BookOpen, Heart, LifeBuoy, Lightbulb, Mail, MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SOCIAL_LINKS, supportMailto } from "../links.ts";

const linkClass = "inline-flex items-center gap-2 text-sm text-muted transition-colors hover:text-fg";

/** Three columns (suggestions, community, support), the credit line and the copyright. */
export function LandingFooter() {
  const { t } = useTranslation("landing");
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-3">
          <div>
            <h2 className="flex items-center gap-2 text-sm font-bold tracking-wide uppercase">
              <Lightbulb aria-hidden="true" className="size-4 text-accent-soft-fg" />
              {t("footer.suggestions.title")}
            </h2>
            <p className="mt-3 text-sm text-muted">{t("footer.suggestions.text")}</p>
            <a
              className={`${linkClass} mt-3 font-semibold text-primary-soft-fg`}
              href={supportMailto(t("footer.suggestions.subject"))}
            >
              <Mail aria-hidden="true" className="size-4" />
              {t("footer.suggestions.link")}
            </a>
          </div>
          <div>
            <h2 className="text-sm font-bold tracking-wide uppercase">{t("footer.social.title")}</h2>
            <ul className="mt-3 space-y-2.5">
              <li>
                <a
                  className={linkClass}
                  href={SOCIAL_LINKS.twitter}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  <AtSign aria-hidden="true" className="size-4" />
                  {t("footer.social.twitter")}
                </a>
              </li>
              <li>
                <a
                  className={linkClass}
                  href={SOCIAL_LINKS.discord}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  <MessageCircle aria-hidden="true" className="size-4" />
                  {t("footer.social.discord")}
                </a>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="text-sm font-bold tracking-wide uppercase">{t("footer.support.title")}</h2>
            <ul className="mt-3 space-y-2.5">
              <li>
                <Link className={linkClass} to={ROUTES.docs}>
                  <BookOpen aria-hidden="true" className="size-4" />
                  {t("footer.support.docs")}
                </Link>
              </li>
              <li>
                <Link className={linkClass} to={ROUTES.faq}>
                  <LifeBuoy aria-hidden="true" className="size-4" />
                  {t("footer.support.faq")}
                </Link>
              </li>
              <li>
                <a className={linkClass} href={supportMailto()}>
                  <Mail aria-hidden="true" className="size-4" />
                  <span>
                    <span className="sr-only">{t("footer.support.email")}: </span>
                    {SUPPORT_EMAIL}
                  </span>
                </a>
              </li>
            </ul>
          </div>
        </div>
        <div className="mt-12 flex flex-col items-center justify-between gap-3 border-t border-border pt-6 text-sm text-muted sm:flex-row">
          <p className="flex items-center gap-1.5">
            <Heart aria-hidden="true" className="size-4 fill-danger text-danger" />
            {t("footer.credit")}
          </p>
          <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
