import { createIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { useLocation } from "react-router";
import en from "~/messages/en.json";
import fil from "~/messages/fil.json";

// The site's two languages (issue 39, decision 028). English is the default and lives at the
// plain addresses the spec fixes; Filipino is the same page under /fil. The interface's words are
// ICU messages in one file per language, formatted by FormatJS on the server: public pages ship
// no script for it.

export const LOCALES = ["en", "fil"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's name in its own words: what the language link says. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", fil: "Filipino" };

export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number | Date | null | undefined>;

// Only pages that hydrate draw words in the browser, and those are the members area's and its
// sign-in pages, which are English: the browser's bundle leaves the Filipino file out (a Filipino
// word asked for there reads its English). The server has both.
const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, fil: import.meta.env.SSR ? fil : en };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language an address is in: /fil and everything under it is Filipino. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/fil" || pathname.startsWith("/fil/") ? "fil" : "en";
}

/** The language of a request, read from its address. */
export function localeOfRequest(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

/** The address without its language prefix: /fil/ministries -> /ministries, /fil -> /. */
export function pathWithoutLocale(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  const rest = pathname.slice("/fil".length);
  return rest === "" ? "/" : rest;
}

/**
 * A site path in a language: English keeps the path, Filipino puts /fil in front of it.
 * Query strings and fragments are kept; other sites' addresses, the members area and files are
 * left alone (they have one language).
 */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith("/") || path.startsWith("//")) return path;
  if (localeOfPath(path) === "fil" || !hasTranslatedPage(path)) return path;
  return path === "/" ? "/fil/" : `/fil${path}`;
}

// Addresses with no Filipino page: the members area, files, feeds and downloads.
const ONE_LANGUAGE = [/^\/members(\/|$)/, /^\/files\//, /^\/assets\//, /\.(ics|xml|txt|svg|png|jpe?g|webp|pdf)(\?|#|$)/];
const DOWNLOAD = /^\/media\/(elibrary\/[^/]+\/download|sermons\/[^/]+\/audio)/;

function hasTranslatedPage(path: string): boolean {
  return !ONE_LANGUAGE.some((pattern) => pattern.test(path)) && !DOWNLOAD.test(path);
}

/** The same page in the other language (for the language link and hreflang). */
export function counterpartPath(pathname: string, locale: Locale): string {
  return localePath(locale, pathWithoutLocale(pathname));
}

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

/** FormatJS for one language, made once per process. */
export function intlFor(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: DEFAULT_LOCALE,
        messages: MESSAGES[locale],
        timeZone: "Asia/Bahrain",
        // A missing key is caught by the parity test; at run time it falls back to English.
        onError: () => {},
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The message function for one language; a key missing there reads the English text. */
export function translator(locale: Locale): Translate {
  const intl = intlFor(locale);
  return (key, values) =>
    intl.formatMessage({ id: key, defaultMessage: MESSAGES.en[key] }, values as Record<string, string>);
}

/** The language of the page being drawn, from its address (no loader data needed). */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** The page's message function. */
export function useT(): Translate {
  return translator(useLocale());
}

/** Turns a site path into the page language's path (links on Filipino pages stay Filipino). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localePath(locale, path);
}

/** The raw message table of a language, for the parity test. */
export function messagesOf(locale: Locale): Readonly<Record<string, string>> {
  return MESSAGES[locale];
}

/**
 * lang="en" for a block of the church's own content whose English text stands in on a page in
 * another language (`englishOnly` is the content's list of such sections); nothing otherwise.
 */
export function sectionLang(englishOnly: readonly string[], key: string): "en" | undefined {
  return englishOnly.includes(key) ? "en" : undefined;
}
