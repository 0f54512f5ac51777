// What a visitor's phone downloads for each public page: Chromium at 390 px with an empty cache,
// every request of the page's load counted with its bytes on the wire (headers included), split
// into scripts, pictures and the rest. The budgets (ADR 013) are checked in run.ts.
import { chromium, type Request } from "playwright-core";
import { chromiumPath } from "./lighthouse";

export interface PageWeight {
  path: string;
  /** What the page is, for its budget: plain content, or with a form or a video player. */
  kind: "content" | "form or player";
  requests: number;
  /** All bytes on the wire. */
  bytes: number;
  /** Everything but pictures. */
  bytesWithoutImages: number;
  scriptRequests: number;
  scriptBytes: number;
  imageBytes: number;
  /** Why the figure is missing. */
  error?: string;
}

const VIEWPORT = { width: 390, height: 844 };

async function transferSize(request: Request): Promise<number> {
  try {
    const sizes = await request.sizes();
    return sizes.responseHeadersSize + sizes.responseBodySize;
  } catch {
    return 0;
  }
}

/** The public routes, with one event, one ministry, one sermon and one speaker of the site under test. */
export async function publicRoutes(baseUrl: string): Promise<PageWeight["path"][]> {
  const events = await (await fetch(`${baseUrl}/events`)).text();
  const eventPath = /href="(\/events\/[0-9a-f-]{36})"/.exec(events)?.[1];
  const sermons = await (await fetch(`${baseUrl}/media/sermons`)).text();
  const sermonPath = /href="(\/media\/sermons\/[0-9a-f-]{36})"/.exec(sermons)?.[1];
  const speakerPath = /href="(\/media\/sermons\/speakers\/[a-z0-9-]+)"/.exec(sermons)?.[1];
  return [
    "/",
    // The home page in Filipino (issue 39): the same budget as the English one.
    "/fil/",
    "/about",
    "/about/our-story",
    "/about/what-we-believe",
    "/about/mission-vision",
    "/about/our-team",
    "/ministries",
    "/ministries/acts-kids",
    "/events",
    ...(eventPath ? [eventPath] : []),
    "/connect",
    "/prayer",
    "/groups",
    "/media",
    "/media/sermons",
    ...(sermonPath ? [sermonPath] : []),
    ...(speakerPath ? [speakerPath] : []),
    "/media/elibrary",
  ];
}

const WITH_FORM_OR_PLAYER = [
  /^\/ministries\/[^/]+$/,
  /^\/events\/[^/]+$/,
  /^\/connect$/,
  /^\/media\/sermons$/,
  // A sermon's page: its player, and a recording when it has one.
  /^\/media\/sermons\/[0-9a-f-]{36}$/,
];

export async function measurePageWeights(
  baseUrl: string,
  paths: string[],
  log: (message: string) => void,
): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox"] });
  const results: PageWeight[] = [];
  try {
    for (const path of paths) {
      const kind = WITH_FORM_OR_PLAYER.some((pattern) => pattern.test(path)) ? "form or player" : "content";
      // A context of its own: an empty cache, as on a visitor's first visit.
      const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 3, isMobile: true });
      const page = await context.newPage();
      const finished: Promise<{ type: string; size: number }>[] = [];
      page.on("requestfinished", (request) => {
        finished.push(transferSize(request).then((size) => ({ type: request.resourceType(), size })));
      });
      try {
        await page.goto(baseUrl + path, { waitUntil: "load" });
        // Lazy pictures below the fold and late requests settle.
        await page.waitForLoadState("networkidle");
        const all = await Promise.all(finished);
        const sum = (items: { size: number }[]) => items.reduce((total, item) => total + item.size, 0);
        const scripts = all.filter((item) => item.type === "script");
        const images = all.filter((item) => item.type === "image");
        results.push({
          path,
          kind,
          requests: all.length,
          bytes: sum(all),
          bytesWithoutImages: sum(all) - sum(images),
          scriptRequests: scripts.length,
          scriptBytes: sum(scripts),
          imageBytes: sum(images),
        });
      } catch (caught) {
        const error = caught instanceof Error ? caught.message : String(caught);
        log(`  page weight ${path}: ${error}`);
        results.push({
          path,
          kind,
          requests: NaN,
          bytes: NaN,
          bytesWithoutImages: NaN,
          scriptRequests: NaN,
          scriptBytes: NaN,
          imageBytes: NaN,
          error,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
