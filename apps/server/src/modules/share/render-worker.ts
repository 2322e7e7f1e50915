/**
 * A render thread: draws the cards render-pool.ts hands it, one at a time, so satori's layout
 * (synchronous JavaScript) never runs on the thread that answers requests.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { ImageQuery } from "@draftroom/contracts";
import type { Card } from "./card-model.ts";
import { drawCard } from "./draw.ts";
import { PortraitStore } from "./portraits.ts";

export interface RenderWorkerData {
  portraitDir: string | undefined;
}

export type RenderWorkerRequest =
  | { type: "draw"; id: number; card: Card; query: ImageQuery }
  /** A portrait appeared on disk (fetched by the server): forget that it was missing. */
  | { type: "portraits-changed" };

export type RenderWorkerResponse = { id: number; png: Uint8Array } | { id: number; error: string };

const portraits = new PortraitStore((workerData as RenderWorkerData | undefined)?.portraitDir);

parentPort?.on("message", async (message: RenderWorkerRequest) => {
  if (message.type === "portraits-changed") {
    portraits.forgetMissing();
    return;
  }
  try {
    const png = await drawCard(message.card, message.query, portraits, { rasteriseHere: true });
    // A fresh copy whose buffer moves to the requests' thread without another copy.
    const bytes = new Uint8Array(png);
    parentPort?.postMessage({ id: message.id, png: bytes } satisfies RenderWorkerResponse, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({
      id: message.id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderWorkerResponse);
  }
});
