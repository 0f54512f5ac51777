import { createContext, createElement, useContext, type ReactNode } from "react";

/**
 * The site's style sheets are small (a few KB gzip), so every page carries its own in a <style>
 * tag in its head instead of linking it: a phone can paint the first screen from the HTML alone,
 * without waiting for a second round trip. There are two (ADR 013): the public pages' styles, and
 * the whole application's for the members area (which also draws the site's frame on its sign-in
 * pages). The server provides the texts; in the browser the tag keeps the text it arrived with,
 * so hydration matches and the CSS is never shipped inside the JavaScript.
 */
export interface SiteStyles {
  /** The public pages (no members-area screens). */
  public: string;
  /** Everything: the members area and the site frame. */
  app: string;
}

const InlineCssContext = createContext<SiteStyles | null>(null);

export const INLINE_CSS_ID = "site-css";

export function InlineCssProvider({ css, children }: { css: SiteStyles; children: ReactNode }) {
  return createElement(InlineCssContext.Provider, { value: css }, children);
}

function cssInDocument() {
  if (typeof document === "undefined") return "";
  return document.getElementById(INLINE_CSS_ID)?.textContent ?? "";
}

export function InlineCss({ audience }: { audience: keyof SiteStyles }) {
  const styles = useContext(InlineCssContext);
  const css = styles ? styles[audience] : cssInDocument();
  return <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
