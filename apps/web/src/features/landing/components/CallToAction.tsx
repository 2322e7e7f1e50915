import { REGISTER_ALIASES } from "@draftroom/contracts";
import { ArrowRight, Mail } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { supportMailto } from "../links.ts";

/** Spec reading of the call to action: "/register". */
const CTA_REGISTER = REGISTER_ALIASES[0];

/** Buttons on the always-dark panel: white on dark in both themes. */
const CTA_BUTTON =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-6 py-2.5 text-center text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export function CallToAction() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="get-started"
      aria-labelledby="cta-title"
      className="landing-section px-4 py-20 sm:px-6 sm:py-24 lg:px-8"
    >
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-[hsl(235_55%_14%)] px-6 py-14 text-center text-white shadow-pop sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(70%_90%_at_10%_0%,hsl(var(--hue-primary)_85%_55%/0.55),transparent_60%),radial-gradient(60%_80%_at_100%_100%,hsl(var(--hue-secondary)_85%_55%/0.5),transparent_60%)]"
        />
        <h2
          id="cta-title"
          className="font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl"
        >
          {t("cta.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-base text-white/85 sm:text-lg">{t("cta.subtitle")}</p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            to={CTA_REGISTER}
            className={`${CTA_BUTTON} bg-white text-[hsl(235_55%_18%)] shadow-lg hover:bg-white/90`}
          >
            {t("cta.start")}
            <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
          </Link>
          <a
            href={supportMailto()}
            className={`${CTA_BUTTON} border border-white/40 bg-white/5 text-white hover:bg-white/15`}
          >
            <Mail aria-hidden="true" className="size-5 shrink-0" />
            {t("cta.contact")}
          </a>
        </div>
      </div>
    </section>
  );
}
