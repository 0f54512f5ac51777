import { createContext, createElement, useContext, type ReactNode } from "react";

/**
 * The site's stylesheet is small (about 8 KB gzip), so every page carries it in a <style> tag in
 * its head instead of linking it: a phone can paint the first screen from the HTML alone, without
 * waiting for a second round trip. The server provides the text; in the browser the tag keeps the
 * text it arrived with, so hydration matches and the CSS is never shipped inside the JavaScript.
 */
const InlineCssContext = createContext<string | null>(null);

export const INLINE_CSS_ID = "site-css";

export function InlineCssProvider({ css, children }: { css: string; children: ReactNode }) {
  return createElement(InlineCssContext.Provider, { value: css }, children);
}

function cssInDocument() {
  if (typeof document === "undefined") return "";
  return document.getElementById(INLINE_CSS_ID)?.textContent ?? "";
}

export function InlineCss() {
  const css = useContext(InlineCssContext) ?? cssInDocument();
  return <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
