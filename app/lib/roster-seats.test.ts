import { describe, expect, it } from "vitest";
import { ordinal, rosterWhatsAppText, timesInFourWeeks, warningPhrases } from "./roster-seats";

describe("timesInFourWeeks", () => {
  it("counts the date with the other days in the busiest 28 days around it", () => {
    expect(timesInFourWeeks([], "2026-12-11")).toBe(1);
    // Three weeks before and three weeks after: never in one 28-day stretch with each other.
    expect(timesInFourWeeks(["2026-11-20", "2027-01-01"], "2026-12-11")).toBe(2);
    expect(timesInFourWeeks(["2026-11-20", "2026-11-27", "2026-12-04"], "2026-12-11")).toBe(4);
    // 28 days apart is the next four weeks.
    expect(timesInFourWeeks(["2026-11-13"], "2026-12-11")).toBe(1);
    expect(timesInFourWeeks(["2026-11-14"], "2026-12-11")).toBe(2);
    // Two seats the same day count twice.
    expect(timesInFourWeeks(["2026-12-11"], "2026-12-11")).toBe(2);
  });
});

describe("the words", () => {
  it("says ordinals and warnings as people do", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
    ]);
    expect(
      warningPhrases({
        blockedOut: true,
        servingElsewhere: "Ushers, Door",
        declinedThatDay: false,
        overLimit: { times: 3, allowed: 2 },
      }),
    ).toEqual([
      "blocked out that day",
      "already serving that day (Ushers, Door)",
      "would be the 3rd time in 4 weeks (team allows 2)",
    ]);
  });

  it("writes a service's roster for WhatsApp: accepted names plain, others to confirm, open seats counted", () => {
    expect(
      rosterWhatsAppText({
        title: "Worship Service",
        date: "2026-12-11",
        startTime: "15:30:00",
        teams: [
          {
            name: "SoundTech",
            positions: [
              { name: "Main desk", people: [{ name: "Ana Cruz", status: "accepted" }], open: 0 },
              {
                name: "Stream",
                people: [
                  { name: "Ben Reyes", status: "pending" },
                  { name: "Cy Lim", status: "declined" },
                ],
                open: 1,
              },
              { name: "Lights", people: [], open: 0 },
            ],
          },
        ],
      }),
    ).toBe(
      [
        "*Worship Service, Fri 11 Dec 2026, 3:30 PM*",
        "",
        "*SoundTech*",
        "• Main desk: Ana Cruz",
        "• Stream: Ben Reyes (to confirm), (2 open)",
        "• Lights: -",
      ].join("\n"),
    );
  });
});
