import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// axe-core as every spec runs it: WCAG 2.2 AA and best practices.

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe's target-size rule takes a sticky element where it sits now, not where it belongs: on a
 * scrolled page the sticky top bar "overlaps" the links under it and fails them (axe-core issue
 * 3720). Every check therefore looks at the page from its top, then puts the scroll back where the
 * test left it; nothing else axe checks depends on the scroll position.
 */
async function fromTheTop<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const scrolled = await page.evaluate(() => {
    const at = window.scrollY;
    window.scrollTo(0, 0);
    return at;
  });
  try {
    return await check();
  } finally {
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
  }
}

/** Runs axe and records (softly, so one run lists every page) each violation with its elements. */
export async function expectNoViolations(page: Page, label: string) {
  const { violations } = await fromTheTop(page, () =>
    new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      .options({ resultTypes: ["violations"] })
      .analyze(),
  );
  const found = violations.map(
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
  const { violations } = await fromTheTop(page, () => new AxeBuilder({ page }).withTags(AXE_TAGS).analyze());
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
    `accessibility violations on ${label}`,
  ).toEqual([]);
}
