/**
 * Every English namespace, one module and so one chunk (lib/i18n.ts loads it): a page load asks for
 * its language's texts once rather than for each of its screen's namespaces (decision 074).
 */
export default import.meta.glob<Record<string, unknown>>("./en/*.json", { eager: true, import: "default" });
