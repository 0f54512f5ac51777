// The Filipino pictures for the office guide (docs/guide/filipino-and-english.md), as part of
// `npm run docs:screenshots`: Our Story's Filipino version written beside the English on a laptop,
// and the Filipino page it makes on a phone.
import type { Browser } from "@playwright/test";
import type { BenchServer } from "../bench/server";
import type { PictureTools } from "./docs-picture-tools";

export async function languagePictures(browser: Browser, server: BenchServer, tools: PictureTools) {
  const page = await browser.newPage({
    baseURL: server.baseUrl,
    viewport: tools.laptop,
    reducedMotion: "reduce",
  });
  await tools.signIn(page);
  await tools.openScreen(page, "/members/site/our-story?lang=fil");
  // The first texts of the story, written as the office would; the rest stays English for now.
  await page.getByLabel("Founded for (Filipino)").fill("komunidad ng mga Pilipino sa Bahrain");
  await page.getByLabel("Who it is for (Filipino)").fill("Mga Pilipino at lahat ng lahi");
  await page
    .getByLabel("How it began (Filipino)")
    .fill(
      "Nagsimula ang ACTS Church Bahrain bilang maliit na grupo ng mga Pilipinong nagdarasal tuwing Biyernes. " +
        "Ngayon, bukas ang aming pintuan sa lahat ng lahi na gustong lumago sa pananampalataya.",
    );
  await page.getByRole("button", { name: "Save the Filipino" }).click();
  await page.getByText("Filipino history").first().waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await tools.shoot(page, "filipino-beside-english");
  await page.close();

  const phone = await browser.newPage({
    baseURL: server.baseUrl,
    viewport: tools.phone,
    reducedMotion: "reduce",
  });
  await phone.goto("/fil/about/our-story");
  await tools.shoot(phone, "filipino-our-story-phone");
  await phone.close();
}
