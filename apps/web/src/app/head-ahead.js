// Inlined into index.html's head by the build (vite.config.ts, `headAhead`), which fills in the
// table of app/head-ahead.ts with the built files' names. A page load of any route but the landing
// page (which loads none of it) asks at once, beside the entry, for the code every screen shares;
// a main screen's also for its own code and texts and, signed in, for its first API requests and
// the header's, then sets up relative-time formatting. The app's own imports find the files
// loaded, and its API client takes each early response when it asks for the same address
// (lib/early-response.ts). Kept small and plain: it runs on every page load, before anything else.
(() => {
  const config = __HEAD_AHEAD__;

  const ahead = () => {
    const path = location.pathname.replace(/\/+$/, "");
    if (path === "" || path === "/app") return;

    // Scripts only: the one stylesheet is in the page's head already (decision 074).
    const preload = (href) => {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    };
    config.shared.forEach(preload);

    const segments = path.split("/");
    const params = {};
    const route = config.routes.find((candidate) => {
      const pattern = candidate.path.split("/");
      if (pattern.length !== segments.length) return false;
      for (let i = 0; i < pattern.length; i++) {
        if (!pattern[i].startsWith(":")) {
          if (pattern[i] !== segments[i]) return false;
          // Only plain identifiers go into an address (ids, numbers); anything else is left to the app.
        } else if (/^[\w-]+$/.test(segments[i])) params[pattern[i].slice(1)] = segments[i];
        else return false;
      }
      return true;
    });
    if (!route) return;

    let token = null;
    let workspace = null;
    let language = null;
    try {
      token = localStorage.getItem(config.tokenKey);
      workspace = localStorage.getItem(config.workspaceKey);
      language = localStorage.getItem(config.languageKey);
    } catch {
      // Storage unavailable: the app asks for everything itself.
    }
    if (!config.languages.includes(language)) language = config.defaultLanguage;
    route.code.forEach(preload);
    route.texts[language].forEach(preload);
    if (!token) return;
    config.shell.code.forEach(preload);

    const value = (written) => {
      if (written === "$workspace") return workspace ?? "";
      return written.startsWith(":") ? (params[written.slice(1)] ?? "") : written;
    };
    const address = (request) => {
      const [pathPart, queryPart] = request.split("?");
      const url = config.apiBase + pathPart.replace(/:(\w+)/g, (_, name) => params[name] ?? "");
      if (queryPart === undefined) return url;
      const query = new URLSearchParams();
      for (const [key, written] of new URLSearchParams(queryPart)) {
        const resolved = value(written);
        if (resolved !== "") query.set(key, resolved);
      }
      const search = query.toString();
      return search ? `${url}?${search}` : url;
    };

    const requests = [...config.shell.requests];
    if (!route.withoutSearch || location.search === "") requests.push(...route.requests);
    const responses = {};
    for (const request of requests) {
      const url = address(request);
      if (url in responses) continue;
      // As the API client sends a GET (lib/api.ts): the same headers, so the same answer.
      responses[url] = fetch(url, {
        headers: { Accept: "application/json", Authorization: `Token ${token}` },
      });
      // A failure is the app's to report when it takes the response.
      responses[url].catch(() => undefined);
    }
    window[config.global] = { token, responses };

    // ICU sets up relative-time formatting once per page, and slowly (10-60 ms here): the screens'
    // "3 hours ago" would pay for it in their first render. Here it is paid while the entry still
    // downloads and compiles, when the main thread has nothing else to do (decision 069): after the
    // page's first frame, which would otherwise wait for it when the server drew the screen into the
    // page (decision 076).
    requestAnimationFrame(() =>
      setTimeout(() => {
        try {
          new Intl.RelativeTimeFormat(language, { numeric: "auto" });
        } catch {
          // Nothing to prepare where the browser lacks it.
        }
      }, 0),
    );
  };

  // A page the server draws a screen into (decision 076) comes without the entry's script tag: the
  // screen shows from the HTML and the stylesheet alone, and the scripts' download and compile,
  // sharing the machine with its first frame, would hold that frame back. Once the page is parsed
  // (so that the app finds its #root), the code and the data the app takes over with are asked for
  // after the drawn screen's first frame, or at once if the server sent the page without it.
  if (!document.documentElement.hasAttribute(config.entryAfterPaint)) {
    ahead();
    return;
  }
  // Nothing of the app hears a key until it takes the drawn screen over: the letters typed meanwhile
  // (a captain typing a champion's name at once) are kept for the board's search (lib/early-typing.ts).
  const typed = { keys: "" };
  const keep = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    if (document.getElementById("root")?.hasAttribute("inert")) typed.keys += event.key;
  };
  typed.stop = () => document.removeEventListener("keydown", keep);
  document.addEventListener("keydown", keep);
  window[config.typed] = typed;
  const start = () => {
    ahead();
    const entry = document.createElement("script");
    entry.type = "module";
    entry.crossOrigin = "";
    entry.src = config.entry;
    document.head.appendChild(entry);
  };
  // A tab opened in the background draws no frame until it is shown: its code loads at once there.
  const parsed = () => {
    const drawn = document.getElementById("root")?.hasAttribute(config.firstPaintRoot);
    if (drawn && document.visibilityState !== "hidden") requestAnimationFrame(() => setTimeout(start, 0));
    else start();
  };
  if (document.readyState === "loading")
    document.addEventListener("DOMContentLoaded", parsed, { once: true });
  else parsed();
})();
