import { describe, expect, it } from "vitest";
import {
  mainObjectName,
  parseVariantSet,
  responsiveSources,
  variantObjectNames,
  variantWidths,
} from "./image-variants";

describe("picture copies", () => {
  it("are made at the ladder's widths below the picture's own, never wider", () => {
    expect(variantWidths(1600)).toEqual([320, 640, 1024, 1600]);
    expect(variantWidths(900)).toEqual([320, 640, 900]);
    expect(variantWidths(200)).toEqual([200]);
  });

  it("are named from the main name, which a row keeps", () => {
    const set = { base: "event-images/event-1", width: 900, height: 600, fallback: "jpg" as const };
    expect(mainObjectName(set)).toBe("event-images/event-1_900x600.jpg");
    expect(parseVariantSet("event-images/event-1_900x600.jpg")).toEqual(set);
    expect(variantObjectNames(set).map((copy) => copy.name)).toEqual([
      "event-images/event-1_900x600.jpg",
      "event-images/event-1_900x600_320.jpg",
      "event-images/event-1_900x600_320.webp",
      "event-images/event-1_900x600_640.jpg",
      "event-images/event-1_900x600_640.webp",
      "event-images/event-1_900x600_900.webp",
    ]);
  });

  it("give a page its srcset lists, and nothing for other files", () => {
    expect(responsiveSources("/files/portraits/portrait-7_640x480.png")).toEqual({
      src: "/files/portraits/portrait-7_640x480.png",
      width: 640,
      height: 480,
      srcSet:
        "/files/portraits/portrait-7_640x480_320.png 320w, /files/portraits/portrait-7_640x480.png 640w",
      webpSrcSet:
        "/files/portraits/portrait-7_640x480_320.webp 320w, /files/portraits/portrait-7_640x480_640.webp 640w",
    });
    expect(
      responsiveSources("https://cdn.example.org/event-images/event-1_1600x900.jpg")?.webpSrcSet.split(
        ", ",
      )[0],
    ).toBe("https://cdn.example.org/event-images/event-1_1600x900_320.webp 320w");
    for (const other of [
      "/images/event-default.svg",
      "/files/event-images/event-1700000000000.jpg",
      "/files/event-images/event-1_1600x900.webp",
      "/files/event-images/event-1_4000x3000.jpg",
      "/files/_1600x900.jpg",
    ])
      expect(responsiveSources(other), other).toBeNull();
  });
});
