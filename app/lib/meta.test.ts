import { describe, expect, it } from "vitest";
import type { Church } from "~/content/church";
import { churchOf, metaLocale, pageMeta } from "./meta";

const church = { name: "Grace Church", summary: "A church in town." } as Church;
const matches = [
  { id: "root", loaderData: { site: { church } } },
  { id: "routes/page", loaderData: {} },
];

describe("pageMeta", () => {
  it("reads the church from the root loader's data", () => {
    expect(churchOf(matches)).toBe(church);
    expect(churchOf([{ id: "root", loaderData: undefined }])).toBeUndefined();
  });

  it("adds the church's name to the title and uses its summary as the default description", () => {
    expect(pageMeta(matches, "Events")).toEqual([
      { title: "Events | Grace Church" },
      { name: "description", content: "A church in town." },
      { property: "og:title", content: "Events | Grace Church" },
      { property: "og:description", content: "A church in town." },
    ]);
    expect(pageMeta(matches, "Grace Church", "Welcome.")[0]).toEqual({ title: "Grace Church" });
  });

  it("writes a description from the church's facts", () => {
    expect(pageMeta(matches, "Media", (c) => `Sermons of ${c.name}.`)[1]).toEqual({
      name: "description",
      content: "Sermons of Grace Church.",
    });
  });

  it("still gives a title when the root loader failed", () => {
    expect(pageMeta([{ id: "root", loaderData: undefined }], "Error", (c) => c.name)).toEqual([
      { title: "Error" },
      { property: "og:title", content: "Error" },
    ]);
  });

  it("reads a page's language from its address", () => {
    expect(metaLocale({ pathname: "/fil/media" }).locale).toBe("fil");
    expect(metaLocale({ pathname: "/fil/media" }).t("media.sermons")).toBe("Mga Sermon");
    expect(metaLocale({ pathname: "/media" }).t("media.sermons")).toBe("Sermons");
  });
});
