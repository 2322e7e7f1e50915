import type { Browser, Page } from "@playwright/test";

/**
 * What each open page was doing when a test failed: how many animation frames it drew in one
 * second, and whether its script still ran timers.
 *
 * Why: a click that waits for "visible, enabled and stable" with no further line in its call log
 * (landing.spec.ts once, decision 064) is a page that stopped drawing frames, as Playwright's
 * stable check and screenshots both wait for frames. A busy main thread looks the same from
 * outside. The two differ here: a stalled compositor still runs timers and draws 0 frames; a
 * busy main thread answers neither within the probe's budget.
 */

/** One second of frames, and a budget for the answer when the page's script is stuck. */
const PROBE_MS = 1_000;
const ANSWER_BUDGET_MS = 4_000;

interface FrameReading {
  frames: number;
  /** How late a 0 ms timer ran: a busy main thread shows here. */
  timerLagMs: number;
  visibility: DocumentVisibilityState;
}

async function readFrames(page: Page): Promise<string> {
  const reading = page.evaluate(
    (probeMs) =>
      new Promise<FrameReading>((resolve) => {
        const start = performance.now();
        let frames = 0;
        let timerLagMs = Number.NaN;
        const countFrame = () => {
          frames += 1;
          if (performance.now() - start < probeMs) requestAnimationFrame(countFrame);
        };
        requestAnimationFrame(countFrame);
        setTimeout(() => {
          timerLagMs = Math.round(performance.now() - start);
        }, 0);
        setTimeout(() => resolve({ frames, timerLagMs, visibility: document.visibilityState }), probeMs);
      }),
    PROBE_MS,
  );
  const noAnswer = new Promise<string>((resolve) => {
    setTimeout(
      () => resolve(`no answer within ${ANSWER_BUDGET_MS} ms: the page's main thread is busy`),
      ANSWER_BUDGET_MS,
    ).unref();
  });
  try {
    const result = await Promise.race([reading, noAnswer]);
    if (typeof result === "string") return result;
    const verdict = result.frames === 0 ? " (timers ran, frames did not: the page stopped drawing)" : "";
    return `${result.frames} frames in ${PROBE_MS} ms, a 0 ms timer ran after ${result.timerLagMs} ms, visibility ${result.visibility}${verdict}`;
  } catch (error) {
    return `could not probe: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
}

/**
 * One line per page still open in this worker's browser: the test's own page, and the pages of
 * contexts the test opened itself (a failed test never reached its own `context.close()`).
 */
export async function frameReport(browser: Browser): Promise<string> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  if (pages.length === 0) return "no page was open";
  const lines = await Promise.all(pages.map(async (page) => `${page.url()}: ${await readFrames(page)}`));
  return lines.join("\n");
}
