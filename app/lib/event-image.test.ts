import { describe, expect, it } from "vitest";
import { DEFAULT_EVENT_IMAGE, eventImageSrc, IRONMEN_DEFAULT_IMAGE } from "./event-image";

describe("eventImageSrc", () => {
  it("gives the IronMen Basketball Fellowship its fixed default image when it has none", () => {
    expect(eventImageSrc({ title: "IronMen Basketball Fellowship", imageUrl: null })).toBe(
      IRONMEN_DEFAULT_IMAGE,
    );
    expect(eventImageSrc({ title: "  ironmen  basketball fellowship ", imageUrl: "" })).toBe(
      IRONMEN_DEFAULT_IMAGE,
    );
  });

  it("gives any other event without an image the generic default", () => {
    expect(eventImageSrc({ title: "Family Day Picnic", imageUrl: null })).toBe(DEFAULT_EVENT_IMAGE);
    expect(eventImageSrc({ title: "IronMen Basketball Fellowship 2", imageUrl: null })).toBe(
      DEFAULT_EVENT_IMAGE,
    );
  });

  it("shows an event's own image, the IronMen event's included", () => {
    expect(eventImageSrc({ title: "Youth Worship Night", imageUrl: "/files/event-images/event-1.png" })).toBe(
      "/files/event-images/event-1.png",
    );
    expect(
      eventImageSrc({ title: "IronMen Basketball Fellowship", imageUrl: "/files/event-images/event-2.jpg" }),
    ).toBe("/files/event-images/event-2.jpg");
  });
});
