import { OFFER_BANNER_THRESHOLD_PX } from "@draftroom/contracts";
import { type RefObject, useEffect, useState } from "react";

/** The banner shows once the pricing section's bottom edge is above this line, in px. */
export function isPastPricing(pricingBottom: number, threshold = OFFER_BANNER_THRESHOLD_PX): boolean {
  return pricingBottom < threshold;
}

/**
 * Watches the pricing section while the page scrolls and reports whether the offer banner
 * should show. Reads layout at most once per frame.
 */
export function useOfferBanner(pricingRef: RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const element = pricingRef.current;
      if (element) setVisible(isPastPricing(element.getBoundingClientRect().bottom));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    check();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [pricingRef]);
  return visible;
}
