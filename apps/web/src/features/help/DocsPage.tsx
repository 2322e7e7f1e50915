import { DRAFT_SEQUENCE } from "@draftroom/draft";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { cn } from "@/lib/cn.ts";
import { PageHero } from "./components/PageHero.tsx";

const SECTIONS = [
  "sessions",
  "order",
  "live",
  "modify",
  "recommendations",
  "sharing",
  "export",
  "broadcast",
  "series",
  "workspaces",
  "pools",
  "draftPlans",
  "scouting",
  "scrims",
  "integrations",
  "plans",
  "account",
  "reviews",
] as const;
type Section = (typeof SECTIONS)[number];
type Paragraph = "p1" | "p2" | "p3" | "p4";
const PARAGRAPHS: Record<Section, readonly Paragraph[]> = {
  sessions: ["p1", "p2", "p3"],
  order: ["p1"],
  live: ["p1", "p2", "p3"],
  modify: ["p1", "p2"],
  recommendations: ["p1", "p2"],
  sharing: ["p1", "p2"],
  export: ["p1", "p2", "p3"],
  broadcast: ["p1", "p2", "p3"],
  series: ["p1", "p2", "p3", "p4"],
  workspaces: ["p1", "p2", "p3", "p4"],
  pools: ["p1", "p2", "p3"],
  draftPlans: ["p1", "p2", "p3", "p4"],
  scouting: ["p1", "p2", "p3"],
  scrims: ["p1", "p2", "p3", "p4"],
  integrations: ["p1", "p2", "p3", "p4"],
  plans: ["p1", "p2"],
  account: ["p1", "p2"],
  reviews: ["p1", "p2"],
};

function DraftOrderTable() {
  const { t } = useTranslation("help");
  const o = (key: string) => t(`docs.sections.order.${key}` as "docs.sections.order.step");
  return (
    <div className="mt-5 overflow-hidden rounded-xl border border-border">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="max-h-[28rem] overflow-auto" tabIndex={0} aria-label={o("tableCaption")}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{o("tableCaption")}</caption>
          <thead className="sticky top-0 bg-surface-2 text-muted text-xs uppercase tracking-wider">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {o("step")}
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {o("phase")}
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {o("team")}
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                {o("action")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border bg-surface">
            {DRAFT_SEQUENCE.map((step) => (
              <tr key={step.index}>
                <td className="px-4 py-2 font-mono text-muted tabular-nums">{step.index + 1}</td>
                <td className="px-4 py-2 text-fg">{o(`phase${step.phase}`)}</td>
                <td className="px-4 py-2">
                  <Badge tone={step.side === "BLUE" ? "blue" : "red"}>
                    {o(step.side === "BLUE" ? "blue" : "red")}
                  </Badge>
                </td>
                <td className={cn("px-4 py-2 font-medium", step.type === "BAN" ? "text-muted" : "text-fg")}>
                  {o(step.type === "BAN" ? "ban" : "pick")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** The JSON format, as an exported file shows it (field names are the same in every language). */
const EXPORT_EXAMPLE = `{
  "format": "draftroom.draft",
  "version": 1,
  "exported_at": "2026-11-24T20:15:00.000Z",
  "draft": {
    "title": "Scrim vs rivals",
    "description": "",
    "league": { "id": 1, "name": "LCK" },
    "blue_team": { "id": 1, "name": "T1" },
    "red_team": { "id": 2, "name": "Gen.G" },
    "settings": { "ban_timer": 30, "pick_timer": 30, "auto_advance": true },
    "draft_format": { "order": "tournament", "disabled_slots": [], "first_pick": "BLUE" },
    "winner": "BLUE",
    "actions": [
      { "step": 0, "type": "BAN", "side": "BLUE", "champion": { "key": "Azir", "name": "Azir" }, "is_auto": false },
      { "step": 1, "type": "BAN", "side": "RED", "champion": null, "is_auto": true },
      { "step": 6, "type": "PICK", "side": "BLUE", "champion": { "key": "MonkeyKing", "name": "Wukong" }, "is_auto": false }
    ]
  }
}`;

function ExportFormatExample() {
  const { t } = useTranslation("help");
  return (
    <figure className="mt-5 max-w-3xl overflow-hidden rounded-xl border border-border">
      <figcaption className="bg-surface-2 px-4 py-2 font-semibold text-muted text-xs">
        {t("docs.sections.export.example")}
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre tabIndex={0} className="overflow-x-auto bg-surface p-4 font-mono text-fg text-xs leading-relaxed">
        {EXPORT_EXAMPLE}
      </pre>
    </figure>
  );
}

/** /docs: the product guide with an on-this-page index. */
export default function DocsPage() {
  const { t } = useTranslation("help");
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: "start" });
  }, [hash]);

  const title = (section: Section) => t(`docs.sections.${section}.title`);
  return (
    <div>
      <PageHero eyebrow={t("docs.eyebrow")} title={t("docs.title")} subtitle={t("docs.subtitle")} />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:px-8">
        <nav aria-label={t("docs.onThisPage")} className="lg:sticky lg:top-24 lg:self-start">
          <p className="mb-3 font-semibold text-subtle text-xs uppercase tracking-wider">
            {t("docs.onThisPage")}
          </p>
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
            {SECTIONS.map((section) => (
              <li key={section}>
                <a
                  href={`#${section}`}
                  className={cn(
                    "block rounded-lg px-3 py-1.5 text-sm transition-colors",
                    hash === `#${section}`
                      ? "bg-primary-soft font-semibold text-primary-soft-fg"
                      : "text-muted hover:bg-surface-2 hover:text-fg",
                  )}
                >
                  {title(section)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* One column no wider than the page: a code block or the order table scrolls inside itself. */}
        <article className="grid grid-cols-1 gap-12">
          {SECTIONS.map((section) => (
            <section key={section} id={section} aria-labelledby={`${section}-title`} className="scroll-mt-24">
              <h2 id={`${section}-title`} className="font-bold text-2xl text-fg tracking-tight">
                {title(section)}
              </h2>
              {PARAGRAPHS[section].map((p) => (
                <p key={p} className="mt-3 max-w-3xl text-muted leading-relaxed">
                  {t(`docs.sections.${section}.${p}` as "docs.sections.sessions.p1")}
                </p>
              ))}
              {section === "order" && <DraftOrderTable />}
              {section === "export" && <ExportFormatExample />}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
