import { useEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { EnhancementScripts } from "./components/enhancement-scripts";
import { LazyToaster } from "./components/lazy-toaster";
import { ServerToast, ToastRegion } from "./components/page-toast";
import { buttonVariants } from "./components/ui/button";
import { scriptsFor } from "./lib/enhancements";
import { prefersFilipino } from "./lib/accept-language";
import {
  counterpartPath,
  localeOfPath,
  localeOfRequest,
  pathWithoutLocale,
  translator,
  useLocale,
  useT,
} from "./lib/i18n";
import { InlineCss } from "./lib/inline-css";
import { useNonce } from "./lib/nonce";
import { usePageScripts } from "./lib/page-scripts";
import { MEMBERS_LAYOUT_ID, useOptionalSiteFrame } from "./lib/site-frame";
import { showToast } from "./lib/toast";
import { getSession } from "./server/auth/guards.server";
import { siteOrigin } from "./server/platform/site-origin.server";
import { takeToast } from "./server/http/toast.server";
import { getSiteContent, siteFrame } from "./server/site/site-content.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [session, pending, content] = await Promise.all([
    getSession(request),
    takeToast(request),
    getSiteContent(localeOfRequest(request)),
  ]);
  const headers = new Headers();
  for (const cookie of [...session.setCookies, ...pending.setCookies]) headers.append("Set-Cookie", cookie);
  const user = session.user ? { name: session.user.name, role: session.user.role } : null;
  // The English home page suggests the Filipino pages to a browser that asks for Filipino first
  // (a link, never a redirect; the page cache keeps the two versions apart).
  const { pathname } = new URL(request.url);
  const suggestFilipino = pathname === "/" && prefersFilipino(request.headers.get("accept-language"));
  return data(
    {
      user,
      toast: pending.toast,
      origin: siteOrigin(),
      site: siteFrame(content),
      suggestFilipino,
    },
    { headers },
  );
}

/**
 * A move to a public page becomes a whole page load (its route's clientLoader, ADR 013), which
 * reads the root loader afresh: reading it first as data would only waste a request, and would
 * take the toast that page should show (after updating a ministry's image, say).
 */
export function shouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!nextUrl.pathname.startsWith("/members")) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  // Without the root loader's data (it failed) there are no facts to frame the error page with.
  const site = rootData?.site;
  // The members screens have their own frame (the spec hides the site header and footer on them),
  // with their own <main>.
  const inMembersArea = useMatches().some((match) => match.id === MEMBERS_LAYOUT_ID);
  const showFrame = !inMembersArea;
  // The members area is a React application; every other page is plain HTML with at most a few
  // small scripts of its own, and the public half of the style sheet (ADR 013).
  const { hydrate, enhancements } = usePageScripts();
  const toast = rootData?.toast ?? null;
  const locale = localeOfPath(pathname);
  const t = translator(locale);
  // Each public page exists in both languages: search engines are told of both, English first.
  const languageVersions = showFrame
    ? [
        { hrefLang: "en", path: counterpartPath(pathname, "en") },
        { hrefLang: "fil", path: counterpartPath(pathname, "fil") },
        { hrefLang: "x-default", path: pathWithoutLocale(pathname) },
      ]
    : [];
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e3a8a" />
        {rootData?.origin ? (
          <>
            {/* The page's one address for search engines and link previews (no query string). */}
            <link rel="canonical" href={rootData.origin + pathname} />
            <meta property="og:url" content={rootData.origin + pathname} />
            {languageVersions.map((version) => (
              <link
                key={version.hrefLang}
                rel="alternate"
                hrefLang={version.hrefLang}
                href={rootData.origin + version.path}
              />
            ))}
          </>
        ) : null}
        <meta property="og:type" content="website" />
        {site ? <meta property="og:site_name" content={site.church.name} /> : null}
        <InlineCss audience={hydrate ? "app" : "public"} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          {t("frame.skipToMain")}
        </a>
        {showFrame && site ? (
          <SiteHeader user={rootData?.user ?? null} church={site.church} navigation={site.navigation} />
        ) : null}
        {showFrame && rootData?.suggestFilipino ? <FilipinoSuggestion /> : null}
        {inMembersArea ? (
          children
        ) : (
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
        )}
        {showFrame && site ? (
          <SiteFooter
            church={site.church}
            socialLinks={site.socialLinks}
            serviceTimes={site.serviceTimes}
            links={site.navigation.footer}
            englishOnly={site.englishOnly}
          />
        ) : null}
        {hydrate ? (
          <>
            <LazyToaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <>
            {enhancements.includes("forms") ? <ToastRegion /> : null}
            {toast ? <ServerToast toast={toast} /> : null}
            <EnhancementScripts names={scriptsFor(enhancements, toast !== null)} nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/** The English home page's line for a browser that asks for Filipino first. */
function FilipinoSuggestion() {
  const t = translator("fil");
  return (
    <p lang="fil" className="bg-muted px-4 py-2 text-center text-sm">
      {t("frame.suggestFilipino")}{" "}
      <a href="/fil/" hrefLang="fil" className="font-medium text-primary underline underline-offset-4">
        {t("frame.suggestFilipinoLink")}
      </a>
    </p>
  );
}

/**
 * After a client-side move to another page, keyboard and screen-reader users start at the new
 * page's content (as they would after a full page load), not on the link they used.
 */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const toast = loaderData.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
  useFocusMainOnNavigation();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const churchName = useOptionalSiteFrame()?.church.name;
  const locale = useLocale();
  const t = useT();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  // A database outage reaches us as an error, not a response: the server marks it 503 for the
  // browser and load balancers; the words stay calm either way.
  // A request the server refused (400, 405, 413) says why, in the server's own sentence.
  const refusal =
    isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && typeof error.data === "string"
      ? error.data
      : undefined;
  const title = isNotFound ? t("error.notFoundTitle") : refusal ? t("error.refusedTitle") : t("error.title");
  const message = isNotFound
    ? t("error.notFound")
    : refusal
      ? refusal
      : isRouteErrorResponse(error) && error.status === 503
        ? t("error.busy")
        : t("error.broken");
  // Details only while developing: visitors never see a stack trace.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const home = locale === "fil" ? "/fil/" : "/";
  return (
    <>
      <title>{churchName ? `${title} | ${churchName}` : title}</title>
      <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">
          {isRouteErrorResponse(error) ? t("error.labelStatus", { status: error.status }) : t("error.label")}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-navy sm:text-4xl">{title}</h1>
        {/* The server's own refusal sentence is English. */}
        <p className="mt-4 text-lg text-muted-foreground" lang={refusal && locale !== "en" ? "en" : undefined}>
          {message}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href={home} className={buttonVariants({ size: "lg" })}>
            {t("error.goHome")}
          </a>
          <a href={locale === "fil" ? "/fil/connect" : "/connect"} className={buttonVariants({ variant: "outline", size: "lg" })}>
            {t("error.contactUs")}
          </a>
        </div>
        {stack ? (
          <pre className="mt-8 w-full overflow-x-auto rounded bg-muted p-4 text-left text-xs">{stack}</pre>
        ) : null}
      </section>
    </>
  );
}
