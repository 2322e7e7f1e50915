import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";

interface OfferBannerProps {
  visible: boolean;
  onLearnMore: () => void;
}

/** Early-bird offer pinned under the header once the visitor has scrolled past the pricing. */
export function OfferBanner({ visible, onLearnMore }: OfferBannerProps) {
  const { t } = useTranslation("landing");
  if (!visible) return null;
  return (
    <aside
      aria-label={t("banner.label")}
      className="landing-banner fixed inset-x-0 top-16 z-30 border-b border-white/10 bg-[linear-gradient(90deg,hsl(var(--hue-primary)_62%_40%),hsl(var(--hue-secondary)_58%_42%))] text-white shadow-pop"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <Sparkles
          aria-hidden="true"
          className="hidden size-5 shrink-0 text-[hsl(var(--hue-accent)_96%_70%)] sm:block"
        />
        <p className="min-w-0 flex-1 text-xs font-semibold leading-snug sm:text-sm">{t("banner.text")}</p>
        <button
          type="button"
          onClick={onLearnMore}
          className="h-9 shrink-0 rounded-lg bg-white px-3.5 text-sm font-bold text-[hsl(var(--hue-primary)_55%_30%)] shadow-sm transition hover:bg-white/90"
        >
          {t("banner.learnMore")}
        </button>
      </div>
    </aside>
  );
}
