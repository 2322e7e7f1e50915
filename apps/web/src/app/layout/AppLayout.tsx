import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { FullScreenSpinner } from "@/components/ui/Spinner.tsx";
import { ErrorBoundary } from "../ErrorBoundary.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

/**
 * Header + main landmark + a page-level footer (contentinfo) after <main>: the slim app footer by
 * default, a page's own footer when given (the landing page's), or none with `footer={false}`.
 */
export function AppLayout({ footer = true }: { footer?: boolean | ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-fg"
      >
        {t("skipToContent")}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<FullScreenSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {footer === true ? <Footer /> : footer === false ? null : footer}
    </div>
  );
}
