import { describe, expect, it } from "vitest";
import { DEFAULT_EVENT_IMAGE, eventImageSrc } from "./event-image";

const IRONMEN_IMAGE = "/images/ironmen-basketball.svg";
const titled = [{ title: "IronMen Basketball Fellowship", image: IRONMEN_IMAGE }];

describe("eventImageSrc", () => {
  it("gives the IronMen Basketball Fellowship its fixed default image when it has none", () => {
    expect(eventImageSrc({ title: "IronMen Basketball Fellowship", imageUrl: null }, titled)).toBe(
      IRONMEN_IMAGE,
    );
    expect(eventImageSrc({ title: "  ironmen  basketball fellowship ", imageUrl: "" }, titled)).toBe(
      IRONMEN_IMAGE,
    );
  });

  it("gives any other event without an image the generic default", () => {
    expect(eventImageSrc({ title: "Family Day Picnic", imageUrl: null }, titled)).toBe(DEFAULT_EVENT_IMAGE);
    expect(eventImageSrc({ title: "IronMen Basketball Fellowship 2", imageUrl: null }, titled)).toBe(
      DEFAULT_EVENT_IMAGE,
    );
    expect(eventImageSrc({ title: "IronMen Basketball Fellowship", imageUrl: null }, [])).toBe(
      DEFAULT_EVENT_IMAGE,
    );
  });

  it("shows an event's own image, the IronMen event's included", () => {
    expect(
      eventImageSrc({ title: "Youth Worship Night", imageUrl: "/files/event-images/event-1.png" }, titled),
    ).toBe("/files/event-images/event-1.png");
    expect(
      eventImageSrc(
        { title: "IronMen Basketball Fellowship", imageUrl: "/files/event-images/event-2.jpg" },
        titled,
      ),
    ).toBe("/files/event-images/event-2.jpg");
  });
});
