import { describe, expect, it } from "vitest";
import { getMinistry, MINISTRY_SLUGS, ministries, ministriesByName, shortNameOf } from "./ministries";

// The spec's lists, written out again here so a typo in the content shows up as a failure.
const SPEC_NAMES: Record<string, string> = {
  "acts-kids": "ACTS Kids",
  amplify: "Amplify (Music)",
  ampm: "AMPM (Prayer Meeting)",
  cia: "CIA (General Services)",
  cords: "Cords (Couples)",
  finance: "Finance",
  ignite: "Ignite (Media)",
  ironmen: "IronMen (Men)",
  mmk: "MMK (Evangelism)",
  programs: "Program",
  scribes: "Scribes",
  soundtech: "SoundTech",
  tee: "TEE",
  gatekeepers: "The Gatekeepers",
  transport: "Transport",
  yadah: "Yadah (Dance)",
};

describe("ministries", () => {
  it("holds the spec's 16 ministries, each slug once, with the spec's names", () => {
    expect(ministries).toHaveLength(16);
    expect(new Set(MINISTRY_SLUGS).size).toBe(16);
    expect([...MINISTRY_SLUGS].sort()).toEqual(Object.keys(SPEC_NAMES).sort());
    for (const ministry of ministries) expect(ministry.name).toBe(SPEC_NAMES[ministry.slug]);
  });

  it("sorts by name alphabetically, ignoring case", () => {
    expect(ministriesByName().map((m) => m.name)).toEqual([
      "ACTS Kids",
      "Amplify (Music)",
      "AMPM (Prayer Meeting)",
      "CIA (General Services)",
      "Cords (Couples)",
      "Finance",
      "Ignite (Media)",
      "IronMen (Men)",
      "MMK (Evangelism)",
      "Program",
      "Scribes",
      "SoundTech",
      "TEE",
      "The Gatekeepers",
      "Transport",
      "Yadah (Dance)",
    ]);
    // A copy: sorting never reorders the shared list.
    expect(ministries[0]!.slug).toBe("acts-kids");
    expect(ministries[1]!.slug).toBe("amplify");
  });

  it("gives each ministry a short name without the parenthesis, for roles like 'Amplify Head'", () => {
    expect(getMinistry("amplify")!.shortName).toBe("Amplify");
    expect(getMinistry("yadah")!.shortName).toBe("Yadah");
    expect(getMinistry("ironmen")!.shortName).toBe("IronMen");
    expect(getMinistry("cia")!.shortName).toBe("CIA");
    expect(getMinistry("acts-kids")!.shortName).toBe("ACTS Kids");
    expect(getMinistry("gatekeepers")!.shortName).toBe("The Gatekeepers");
    expect(shortNameOf("AMPM (Prayer Meeting)")).toBe("AMPM");
    for (const ministry of ministries) expect(ministry.shortName).not.toMatch(/[()]/);
  });

  it("keeps the spec's schedules and age group", () => {
    expect(getMinistry("amplify")!.schedule).toContain("Thursdays 7:00 PM");
    expect(getMinistry("yadah")!.schedule).toContain("Wednesdays 7:00 PM");
    expect(getMinistry("acts-kids")!.schedule).toBe("Every Friday");
    expect(getMinistry("acts-kids")!.ageGroup).toBe("Ages 3-12");
  });

  it("fills every field and gives each ministry its own logo colour", () => {
    for (const ministry of ministries) {
      for (const field of [
        "description",
        "fullDescription",
        "verse",
        "verseRef",
        "schedule",
        "ageGroup",
        "leader",
      ] as const) {
        expect(ministry[field].trim(), `${ministry.slug}.${field}`).not.toBe("");
      }
      expect(ministry.logo.monogram.length).toBeGreaterThanOrEqual(1);
      expect(ministry.logo.monogram.length).toBeLessThanOrEqual(4);
    }
    expect(new Set(ministries.map((m) => m.logo.background)).size).toBe(16);
  });

  it("passes WCAG AA contrast between each monogram and its background", () => {
    for (const ministry of ministries) {
      const ratio = contrastRatio(ministry.logo.foreground, ministry.logo.background);
      expect(ratio, ministry.slug).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("finds a ministry by slug and nothing for an unknown one", () => {
    expect(getMinistry("programs")!.name).toBe("Program");
    expect(getMinistry("no-such-ministry")).toBeUndefined();
    expect(getMinistry("")).toBeUndefined();
    expect(getMinistry(undefined)).toBeUndefined();
    expect(getMinistry("toString")).toBeUndefined();
  });
});

function luminance(hex: string) {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
