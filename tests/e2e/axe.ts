import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, ElementContext, Result } from "axe-core";
import { expect } from "./fixtures";

// axe-core as every spec runs it: WCAG 2.2 AA and best practices.
//
// axe runs in the page itself: its script is put into a document once, and each check after that
// (the same page turned wide, a dialog opened) only runs the rules again. The Playwright wrapper
// injected the script anew and opened a blank page for every check, which took most of the time
// of the accessibility walks. Our pages have no frames (a video's player is YouTube's, made on
// click), so axe looks at the top document only.

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeOptions {
  /** The rule sets (axe tags) to run; every check of the walks uses AXE_TAGS. */
  tags?: string[];
  /** Only this part of the page (a CSS selector), such as an open dialog. */
  include?: string;
}

/**
 * axe's target-size rule takes a sticky element where it sits now, not where it belongs: on a
 * scrolled page the sticky top bar "overlaps" the links under it and fails them (axe-core issue
 * 3720). Every check therefore looks at the page from its top, then puts the scroll back where the
 * test left it; nothing else axe checks depends on the scroll position. The scrolls are instant:
 * the site scrolls smoothly, and axe would otherwise look at a page still on its way up.
 */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    async ({ tags, include }) => {
      const at = window.scrollY;
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
      try {
        const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
        const context: ElementContext = include ? { include: [include] } : document;
        return await axe.run(context, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
          iframes: false,
        });
      } finally {
        window.scrollTo({ top: at, left: 0, behavior: "instant" });
      }
    },
    { tags: options.tags ?? AXE_TAGS, include: options.include },
  );
  return results.violations;
}

/** Runs axe and records (softly, so one run lists every page) each violation with its elements. */
export async function expectNoViolations(page: Page, label: string) {
  const found = (await axeViolations(page)).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .map(
          (node) => `    ${node.target.join(" ")}\n      ${node.failureSummary?.replace(/\n/g, "\n      ")}`,
        )
        .join("\n"),
  );
  expect.soft(found, `accessibility violations on ${label}`).toEqual([]);
}

/** Runs axe and fails at once when it finds anything. */
export async function expectAxeClean(page: Page, label: string) {
  expect(
    (await axeViolations(page)).map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
    `accessibility violations on ${label}`,
  ).toEqual([]);
}
