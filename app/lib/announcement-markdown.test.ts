import { describe, expect, it } from "vitest";
import { parseAnnouncement } from "./announcement-markdown";

describe("parseAnnouncement", () => {
  it("keeps headings, paragraphs, bold, italic, strike, links, lists, quotes and line breaks", () => {
    expect(
      parseAnnouncement(
        "# Welcome\n\n**Bold**, *soft* and ~~old~~.\nNext line, [us](https://example.org).\n\n- one\n  - under\n\n2. b\n\n> said",
      ),
    ).toEqual([
      { h: ["Welcome"] },
      {
        p: [
          { b: ["Bold"] },
          ", ",
          { i: ["soft"] },
          " and ",
          { s: ["old"] },
          ".",
          { br: 1 },
          "Next line, ",
          { a: "https://example.org", c: ["us"] },
          ".",
        ],
      },
      { ul: [[{ p: ["one"] }, { ul: [[{ p: ["under"] }]] }]] },
      { ol: [[{ p: ["b"] }]], start: 2 },
      { q: [{ p: ["said"] }] },
    ]);
  });

  it("drops HTML tags, scripts with their contents and comments, keeping the other words", () => {
    expect(
      parseAnnouncement(
        'Hi <script>alert(1)</script><b>there</b> <!-- note -->friends\n\n<div onclick="x()">\nBlock &amp; more\n</div>\n\n<style>p{}</style>',
      ),
    ).toEqual([{ p: ["Hi there friends"] }, { p: ["Block & more"] }]);
  });

  it("links only to the web and e-mail addresses", () => {
    expect(
      parseAnnouncement(
        "[a](javascript:alert(1)) [b](/connect) [c](tel:+97317000000) [d](//evil.example) [e](mailto:x@example.org) [f](http://example.org)",
      ),
    ).toEqual([
      {
        p: ["a b c d ", { a: "mailto:x@example.org", c: ["e"] }, " ", { a: "http://example.org", c: ["f"] }],
      },
    ]);
  });

  it("shows a picture as its description, fetching nothing", () => {
    expect(parseAnnouncement("See ![the hall](https://tracker.example/pixel.png) today")).toEqual([
      { p: ["See the hall today"] },
    ]);
  });

  it("keeps code as the words typed and reads an empty body as no blocks", () => {
    expect(parseAnnouncement("```\n<b>x</b>\n  y\n```")).toEqual([{ p: ["<b>x</b>", { br: 1 }, "  y"] }]);
    expect(parseAnnouncement("  \n\n ")).toEqual([]);
  });
});
