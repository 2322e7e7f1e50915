import type { ImageQuery } from "@draftroom/contracts";
// The render thread loads this module: the constants entry keeps zod and the schemas out of it.
import { IMAGE_SIZES } from "@draftroom/contracts/constants";
import { Resvg, renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { cardElement } from "./card-layout.ts";
import type { Card } from "./card-model.ts";
import { cardFonts } from "./fonts.ts";
import { cardLabels } from "./labels.ts";
import { PLAN_SHEET_SIZE } from "./plan-sheet.ts";
import type { PortraitStore } from "./portraits.ts";

/** Draws a card to PNG bytes. The server calls it on a render thread (render-pool.ts). */
export type DrawCard = (card: Card, query: ImageQuery) => Promise<Buffer>;

export interface DrawOptions {
  /**
   * Rasterise on the calling thread (a render thread) rather than on libuv's shared thread pool:
   * the pixels are then allocated and freed by the render thread alone, and the pool stays free
   * for the requests' file and crypto work (decision 062).
   */
  rasteriseHere?: boolean;
}

/**
 * Draws a card in the calling thread: satori lays it out and writes SVG (synchronous JavaScript,
 * tens to hundreds of milliseconds), resvg rasterises and encodes the PNG.
 *
 * @example
 * const png = await drawCard(card, { size: "social", theme: "dark", lang: "en" }, portraits);
 */
export async function drawCard(
  card: Card,
  query: ImageQuery,
  portraits: PortraitStore,
  options: DrawOptions = {},
): Promise<Buffer> {
  const { width, height } = card.kind === "plan" ? PLAN_SHEET_SIZE : IMAGE_SIZES[query.size];
  const element = cardElement(card, {
    width,
    height,
    theme: query.theme,
    language: query.lang,
    labels: cardLabels(query.lang),
    portraits,
  });
  // A card element is a React element's shape ({type, props, key}), which satori reads without React.
  const svg = await satori(element, { width, height, fonts: cardFonts() });
  const resvgOptions = { fitTo: { mode: "original" as const }, font: { loadSystemFonts: false } };
  if (!options.rasteriseHere) return (await renderAsync(svg, resvgOptions)).asPng();
  return new Resvg(svg, resvgOptions).render().asPng();
}

/** A DrawCard on the calling thread (unit tests, CLI). */
export function inProcessDraw(portraits: PortraitStore): DrawCard {
  return (card, query) => drawCard(card, query, portraits);
}
