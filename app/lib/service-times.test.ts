import { describe, expect, it } from "vitest";
import type { ServiceTime } from "~/content/church";
import {
  homeItemShown,
  isWeekly,
  homeItemDate,
  openingHoursSpecification,
  serviceStartsAt,
  serviceWhen,
  weeklyServicesText,
} from "./service-times";

const services: ServiceTime[] = [
  { name: "Worship Service", day: "Friday", start: "15:30", end: "17:30" },
  { name: "Bible Study", day: "Thursday", start: "19:30", end: "22:30" },
  { name: "Prayer Meeting", note: "As scheduled" },
];

describe("service times", () => {
  it("writes when a service meets as the site always has", () => {
    expect(services.map((service) => serviceWhen(service))).toEqual([
      "Friday 3:30-5:30 PM",
      "Thursday 7:30-10:30 PM",
      "As scheduled",
    ]);
  });

  it("keeps both halves of the day when a service crosses noon, and a lone start time", () => {
    expect(serviceWhen({ name: "Brunch", day: "Saturday", start: "11:00", end: "13:00" })).toBe(
      "Saturday 11:00 AM-1:00 PM",
    );
    expect(serviceWhen({ name: "Vigil", day: "Sunday", start: "09:00", end: null })).toBe("Sunday 9:00 AM");
  });

  it("invites to a service and lists the weekly ones in one sentence", () => {
    const [worship] = services.filter(isWeekly);
    expect(serviceStartsAt(worship!)).toBe("every Friday at 3:30 PM");
    expect(weeklyServicesText(services)).toBe(
      "Worship Service Friday 3:30-5:30 PM, Bible Study Thursday 7:30-10:30 PM",
    );
  });

  it("gives search engines the weekly services' opening hours", () => {
    expect(openingHoursSpecification(services)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        name: "Worship Service",
        dayOfWeek: "https://schema.org/Friday",
        opens: "15:30",
        closes: "17:30",
      },
      {
        "@type": "OpeningHoursSpecification",
        name: "Bible Study",
        dayOfWeek: "https://schema.org/Thursday",
        opens: "19:30",
        closes: "22:30",
      },
    ]);
    expect(
      Object.keys(
        openingHoursSpecification([{ name: "Vigil", day: "Sunday", start: "09:00", end: null }])[0]!,
      ),
    ).not.toContain("closes");
  });

  it("shows a home item with a day at that day's service, and one without in its own words", () => {
    const item = { title: "T", date: "", time: "", description: "D" };
    expect(homeItemShown({ ...item, day: "Friday" }, services)).toEqual({
      title: "T",
      date: "Every Friday",
      time: "3:30 PM",
      description: "D",
    });
    expect(homeItemShown({ ...item, day: "Sunday", time: "9:00 AM" }, services)).toMatchObject({
      date: "Every Sunday",
      time: "9:00 AM",
    });
    expect(homeItemShown({ ...item, day: "", date: "Monthly", time: "Time TBA" }, services)).toMatchObject({
      date: "Monthly",
      time: "Time TBA",
    });
  });

  it("writes the days and sentences in Filipino, the times still 12-hour", () => {
    const [worship, study, prayer] = services;
    expect(serviceWhen(worship!, "fil")).toBe("Biyernes 3:30-5:30 PM");
    expect(serviceWhen(study!, "fil")).toBe("Huwebes 7:30-10:30 PM");
    // A service without a day keeps the church's own words.
    expect(serviceWhen(prayer!, "fil")).toBe("As scheduled");
    expect(serviceStartsAt(services.filter(isWeekly)[0]!, "fil")).toBe("tuwing Biyernes, 3:30 PM");
    expect(weeklyServicesText(services, "fil")).toBe(
      "Worship Service Biyernes 3:30-5:30 PM, Bible Study Huwebes 7:30-10:30 PM",
    );
    const item = { title: "T", date: "", time: "", description: "D" };
    expect(homeItemShown({ ...item, day: "Friday" }, services, "fil")).toEqual({
      title: "T",
      date: "Tuwing Biyernes",
      time: "3:30 PM",
      description: "D",
    });
  });

  it("puts a home item's English day in the page's language, and leaves the church's words alone", () => {
    expect(homeItemDate("Every Sunday", "fil")).toEqual({ date: "Tuwing Linggo", weekly: true });
    expect(homeItemDate("Tuwing Linggo", "fil")).toEqual({ date: "Tuwing Linggo", weekly: true });
    expect(homeItemDate("Every Sunday", "en")).toEqual({ date: "Every Sunday", weekly: true });
    expect(homeItemDate("Monthly", "fil")).toEqual({ date: "Monthly", weekly: false });
    expect(homeItemDate("Every Someday", "fil")).toEqual({ date: "Every Someday", weekly: false });
  });
});
