import { describe, expect, it } from "vitest";
import { sectionSchema } from "~/schemas/site-fields";
import { MINISTRY_SECTION, SITE_SECTIONS } from "~/schemas/site-sections";
import { defaultSections } from "./site-defaults.server";

describe("the first version of every website section", () => {
  const defaults = defaultSections();

  it("exists for each editor and each of the 16 ministries", () => {
    for (const section of SITE_SECTIONS) expect(defaults[section.id], section.id).toBeDefined();
    expect(Object.keys(defaults).filter((key) => key.startsWith("ministry:"))).toHaveLength(16);
  });

  it("passes its editor's own check, so staff can save it unchanged", () => {
    for (const [key, data] of Object.entries(defaults)) {
      const section = key.startsWith("ministry:")
        ? MINISTRY_SECTION
        : SITE_SECTIONS.find((s) => s.id === key)!;
      const parsed = sectionSchema(section).safeParse(data);
      expect(parsed.success ? [] : parsed.error.issues, key).toEqual([]);
      // Saving it unchanged changes nothing.
      expect(parsed.data, key).toEqual(data);
    }
  });
});
