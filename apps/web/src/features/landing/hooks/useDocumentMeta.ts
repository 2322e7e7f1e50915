import { useEffect } from "react";

function setMeta(selector: string, attribute: "name" | "property", key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Keeps the title, description and Open Graph text in the visitor's language. */
export function useDocumentMeta(title: string, description: string, language: string): void {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    setMeta('meta[name="description"]', "name", "description", description);
    setMeta('meta[property="og:title"]', "property", "og:title", title);
    setMeta('meta[property="og:description"]', "property", "og:description", description);
    setMeta('meta[property="og:locale"]', "property", "og:locale", language === "es" ? "es_ES" : "en_US");
    return () => {
      document.title = previousTitle;
    };
  }, [title, description, language]);
}
