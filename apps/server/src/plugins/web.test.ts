import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security.ts";
import { inlineScriptHashes } from "./web.ts";

describe("inline script hashes for the CSP", () => {
  it("hashes inline scripts and ignores external ones", () => {
    const body = "document.documentElement.dataset.theme='dark'";
    const html = `<head><script src="/theme.js"></script><script>${body}</script><script type="module" src="/a.js"></script></head>`;
    const expected = `'sha256-${createHash("sha256").update(body).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
    expect(inlineScriptHashes(undefined)).toEqual([]);
  });

  it("allows scripts only from self plus the given hashes, images from Data Dragon", () => {
    const csp = contentSecurityPolicy({ clientErrorReportUrl: "https://errors.example.com/r" }, [
      "'sha256-x'",
    ]);
    expect(csp.scriptSrc).toEqual(["'self'", "'sha256-x'"]);
    expect(csp.imgSrc).toContain("https://ddragon.leagueoflegends.com");
    expect(csp.connectSrc).toContain("https://errors.example.com");
    expect(csp.objectSrc).toEqual(["'none'"]);
  });
});
