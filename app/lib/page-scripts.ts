import { useMatches, type ClientLoaderFunctionArgs } from "react-router";

/**
 * Which scripts a page gets (ADR 013). The members area, and the sign-in pages in front of it, are
 * a React application: their routes say `handle = { hydrate: true }` and get the framework. Every
 * other page is plain HTML that works alone; a page that needs a little behaviour (a modal form,
 * a video player, the image viewer) names it in `handle.enhancements` and gets only that small
 * script, inline with the page's nonce.
 */
export type Enhancement = "dialogs" | "forms" | "toasts" | "video" | "map" | "share";

export interface PageHandle {
  /** The page is a React application: framework scripts, hydration, client-side moves. */
  hydrate?: boolean;
  /** Small scripts for a page that is not hydrated. */
  enhancements?: readonly Enhancement[];
}

export interface PageScripts {
  hydrate: boolean;
  enhancements: Enhancement[];
}

function handleOf(match: { handle?: unknown }): PageHandle {
  return typeof match.handle === "object" && match.handle !== null ? (match.handle as PageHandle) : {};
}

/** What the matched routes ask for. */
export function pageScriptsOf(matches: readonly { handle?: unknown }[]): PageScripts {
  const handles = matches.map(handleOf);
  const hydrate = handles.some((handle) => handle.hydrate === true);
  const enhancements = hydrate ? [] : [...new Set(handles.flatMap((handle) => handle.enhancements ?? []))];
  return { hydrate, enhancements };
}

export function usePageScripts(): PageScripts {
  return pageScriptsOf(useMatches());
}

/**
 * For a page without scripts, reached by a client-side move from a page that has them (a link in
 * the sign-in page's header, say): load it as a whole page, so it gets its own small scripts
 * instead of being drawn by a framework it does not ship with.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  // The browser is leaving the page: nothing is drawn in the meantime.
  return new Promise<never>(() => {});
}
