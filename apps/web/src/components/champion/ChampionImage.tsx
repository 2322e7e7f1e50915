import { type CSSProperties, useEffect, useRef, useState } from "react";
import { monogramOf } from "./monogram.ts";

/** Icon URLs that already failed in this page's life: a remount shows the monogram at once. */
const failedSources = new Set<string>();
/** Icon URLs that already loaded: a remount (a champion moving from the list to a slot) shows it at once. */
const loadedSources = new Set<string>();

/**
 * One observer for every champion picture: an icon is requested only when its box comes near the
 * viewport, so a page with dozens of champions far below the fold downloads none of them up front.
 */
const NEAR_VIEWPORT = "150px";
const watchers = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;
function watchNearViewport(element: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    onNear();
    return () => {};
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        watchers.get(entry.target)?.();
        watchers.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  watchers.set(element, onNear);
  observer.observe(element);
  return () => {
    watchers.delete(element);
    observer?.unobserve(element);
  };
}

export interface ChampionImageProps {
  name: string;
  /** Data Dragon square icon; empty or failing sources show the monogram. */
  src?: string | null;
  /** Edge length in CSS pixels; the box never changes size, with or without the image. */
  size?: number;
  /** True when a visible label names the champion next to the image. */
  decorative?: boolean;
  /** Render the image greyed out (banned, unavailable). */
  muted?: boolean;
  /** Load eagerly (above-the-fold images); the default is lazy. */
  eager?: boolean;
  /**
   * Fill the parent box instead of a fixed `size` (responsive portraits: the parent sets the
   * size per breakpoint); `size` then only sets the letters and the requested pixels.
   */
  fill?: boolean;
  className?: string;
}

/**
 * The one champion picture of the app: the Data Dragon icon over a generated monogram tile.
 * The monogram is painted first and stays underneath, so a slow, blocked or offline CDN never
 * leaves an empty box or shifts the layout. The icon is requested once the box nears the viewport.
 *
 * @example
 * <ChampionImage name="Ahri" src={champion.icon_url} size={48} />
 */
export function ChampionImage({
  name,
  src,
  size = 48,
  decorative = false,
  muted = false,
  eager = false,
  fill = false,
  className,
}: ChampionImageProps) {
  // Remembered per source so a changed `src` gets its own attempt.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src || failedSources.has(src);
  const boxRef = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(() => eager || (src ? loadedSources.has(src) : false));
  useEffect(() => {
    if (near || failed || !boxRef.current) return;
    return watchNearViewport(boxRef.current, () => setNear(true));
  }, [near, failed]);
  const monogram = monogramOf(name);
  const style: CSSProperties = {
    ...(fill ? { width: "100%", height: "100%" } : { width: size, height: size }),
    fontSize: Math.max(10, Math.round(size * 0.38)),
    backgroundImage: monogram.background,
  };
  const showImage = Boolean(src) && !failed && near;

  const classes = [
    "relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-md font-bold leading-none tracking-tight text-white ring-1 ring-black/10 ring-inset [text-shadow:0_1px_1px_rgb(0_0_0/0.45)]",
    muted ? "grayscale opacity-60" : "",
    className ?? "",
  ].join(" ");
  // The initials are the box's own text, shadowed with text-shadow: an element and a filter per
  // picture were about one in eight of the board's elements and ~180 effects to paint.
  const content = (
    <>
      {monogram.initials}
      {showImage && (
        <img
          src={src ?? undefined}
          alt=""
          width={size}
          height={size}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          draggable={false}
          className="absolute inset-0 h-full w-full object-cover"
          onLoad={() => {
            if (src) loadedSources.add(src);
          }}
          onError={() => {
            if (!src) return;
            failedSources.add(src);
            setFailedSrc(src);
          }}
        />
      )}
    </>
  );
  const kind = showImage ? "icon" : failed ? "monogram" : "pending";

  return decorative ? (
    <span ref={boxRef} aria-hidden="true" data-champion-image={kind} className={classes} style={style}>
      {content}
    </span>
  ) : (
    <span
      ref={boxRef}
      role="img"
      aria-label={name}
      data-champion-image={kind}
      className={classes}
      style={style}
    >
      {content}
    </span>
  );
}
