import { ROUTES, SUPPORT_EMAIL } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Slim footer of the app screens (the landing page has its own). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-border border-t">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-muted text-sm sm:flex-row sm:px-6 lg:px-8">
        <p>{t("footer.rights", { year: new Date().getFullYear() })}</p>
        <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <li>
            <Link className="hover:text-fg" to={ROUTES.help}>
              {t("nav.help")}
            </Link>
          </li>
          <li>
            <Link className="hover:text-fg" to={ROUTES.docs}>
              {t("nav.docs")}
            </Link>
          </li>
          <li>
            <Link className="hover:text-fg" to={ROUTES.faq}>
              {t("nav.faq")}
            </Link>
          </li>
          <li>
            <a className="hover:text-fg" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
