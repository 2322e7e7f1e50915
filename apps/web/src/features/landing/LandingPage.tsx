import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { usePrefersReducedMotion } from "@/lib/useMediaQuery.ts";
import { CallToAction } from "./components/CallToAction.tsx";
import { DemoSection } from "./components/DemoSection.tsx";
import { FeaturesSection } from "./components/FeaturesSection.tsx";
import { Hero } from "./components/Hero.tsx";
import { OfferBanner } from "./components/OfferBanner.tsx";
import { PricingSection } from "./components/PricingSection.tsx";
import { RoadmapSection } from "./components/RoadmapSection.tsx";
import { useDocumentMeta } from "./hooks/useDocumentMeta.ts";
import { useOfferBanner } from "./hooks/useOfferBanner.ts";
import { layOutSectionsAbove } from "./sections.ts";
import "./landing.css";

/** The public landing page: hero, demo companion, features, pricing, roadmap, call to action, footer. */
export default function LandingPage() {
  const { t, i18n } = useTranslation("landing");
  const pricingRef = useRef<HTMLElement>(null);
  const bannerVisible = useOfferBanner(pricingRef);
  const reducedMotion = usePrefersReducedMotion();
  useDocumentMeta(t("meta.title"), t("meta.description"), i18n.resolvedLanguage ?? "en");

  const scrollToPricing = () => {
    const section = pricingRef.current;
    if (!section) return;
    layOutSectionsAbove(section);
    section.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
    section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  };

  return (
    <>
      <Hero />
      <DemoSection />
      <FeaturesSection />
      <PricingSection ref={pricingRef} />
      <RoadmapSection />
      <CallToAction />
      <OfferBanner visible={bannerVisible} onLearnMore={scrollToPricing} />
    </>
  );
}
