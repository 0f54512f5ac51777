import { describe, expect, it } from "vitest";
import { richTextPlain } from "~/lib/rich-text";
import { parseRichText } from "./rich-text.server";

describe("parseRichText", () => {
  it("keeps paragraphs, bold, italic, links and lists", () => {
    expect(
      parseRichText(
        "First **bold** and *soft*.\n\nSee [us](https://example.org).\n\n- one\n- two\n\n1. a\n2. b",
      ),
    ).toEqual([
      { p: ["First ", { b: ["bold"] }, " and ", { i: ["soft"] }, "."] },
      { p: ["See ", { a: "https://example.org", c: ["us"] }, "."] },
      { ul: [["one"], ["two"]] },
      { ol: [["a"], ["b"]] },
    ]);
  });

  it("shows HTML as the text that was typed", () => {
    const tree = parseRichText('Hi <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">');
    expect(JSON.stringify(tree)).not.toContain('"script"');
    expect(richTextPlain(tree)).toBe('Hi <script>alert(1)</script> <img src=x onerror="alert(2)">');
  });

  it("drops links to anything but the web, e-mail, phone and this site", () => {
    expect(parseRichText("[x](javascript:alert(1)) [y](/connect) [z](//evil.example)")).toEqual([
      { p: ["x ", { a: "/connect", c: ["y"] }, " z"] },
    ]);
  });

  it("reads an empty text as no blocks", () => {
    expect(parseRichText("  \n\n ")).toEqual([]);
  });
});
