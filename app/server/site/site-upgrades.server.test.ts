import { describe, expect, it } from "vitest";
import { FIRST_MAPS_URL, upgradeSectionData } from "./site-upgrades.server";

const services = () => [
  { name: "Worship Service", day: "Friday", start: "15:30", end: "17:30", note: "" },
  { name: "Prayer Meeting", day: "", start: "", end: "", note: "As scheduled" },
];

describe("bringing stored sections to today's shape", () => {
  it("lets the first map link follow the address, and keeps a link staff gave", () => {
    expect(upgradeSectionData("church", { address: "Juffair", mapsUrl: FIRST_MAPS_URL }, services)).toEqual({
      address: "Juffair",
      mapsUrl: "",
    });
    const own = { address: "Juffair", mapsUrl: "https://maps.app.goo.gl/x" };
    expect(upgradeSectionData("church", own, services)).toBe(own);
  });

  it("gives a weekly home item the day of its service, and leaves the others their words", () => {
    const item = (date: string) => ({ title: "T", date, time: "3:30 PM", description: "D" });
    const upgraded = upgradeSectionData(
      "home",
      {
        heroText: "",
        upcoming: [item("Every Friday"), item("every fridays"), item("Every Sunday"), item("Monthly")],
      },
      services,
    );
    expect(upgraded).toEqual({
      heroText: "",
      upcoming: [
        { title: "T", day: "Friday", date: "", time: "", description: "D" },
        { title: "T", day: "Friday", date: "", time: "", description: "D" },
        { title: "T", day: "", date: "Every Sunday", time: "3:30 PM", description: "D" },
        { title: "T", day: "", date: "Monthly", time: "3:30 PM", description: "D" },
      ],
    });
    // Already in today's shape: the very same data, so nothing is saved again.
    expect(upgradeSectionData("home", upgraded, services)).toBe(upgraded);
  });
});
