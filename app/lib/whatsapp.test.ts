import { describe, expect, it } from "vitest";
import {
  WA_LINK_MAX_LENGTH,
  internationalMobile,
  waLinkText,
  waPersonLink,
  waShareLink,
  whatsAppText,
} from "./whatsapp";

const announcement = {
  subject: "Worship night this Friday",
  body: [
    "Join us for a **special evening** of worship and *prayer*.",
    "",
    "## What to bring",
    "- Your Bible",
    "- A friend",
    "",
    "Questions? Write to [the office](mailto:office@example.org) or see [our page](https://example.org/events).",
  ].join("\n"),
  link: "https://example.org/events/worship-night",
};

const expected = [
  "*Worship night this Friday*",
  "",
  "Join us for a *special evening* of worship and _prayer_.",
  "",
  "*What to bring*",
  "",
  "• Your Bible",
  "• A friend",
  "",
  "Questions? Write to the office: office@example.org or see our page: https://example.org/events.",
  "",
  "https://example.org/events/worship-night",
].join("\n");

describe("an announcement with a title, body and event link, for WhatsApp", () => {
  it("is plain text in WhatsApp's formatting with the event's link last", () => {
    expect(whatsAppText(announcement)).toBe(expected);
  });

  it("gives a share link and a link per person carrying that text", () => {
    const encoded = encodeURIComponent(expected);
    expect(waShareLink(expected)).toBe(`https://wa.me/?text=${encoded}`);
    expect(waPersonLink("+973 3311 2233", expected)).toBe(`https://wa.me/97333112233?text=${encoded}`);
    expect(waPersonLink("not a number", expected)).toBeNull();
    expect(decodeURIComponent(new URL(waShareLink(expected)).searchParams.get("text")!)).toBe(expected);
    expect(new URL(waShareLink(expected)).searchParams.get("text")).toBe(expected);
  });
});

describe("whatsAppText", () => {
  it("drops HTML, scripts and unsafe links but keeps their words", () => {
    const text = whatsAppText({
      subject: "<b>News</b>",
      body: "Hi <script>alert(1)</script><em>there</em> [click](javascript:alert(2))\n\n<div>Block</div>",
    });
    expect(text).toBe("*News*\n\nHi there click\n\nBlock");
  });

  it("writes strike, nested and numbered lists, quotes, line breaks and bare links", () => {
    const text = whatsAppText({
      subject: "  Two\nlines ",
      body: "~~Saturday~~ **Sunday**\nat 10:00\n\n3. one\n4. two\n   - under\n\n> Psalm 23\n\nhttps://example.org/x",
    });
    expect(text).toBe(
      [
        "*Two lines*",
        "",
        "~Saturday~ *Sunday*",
        "at 10:00",
        "",
        "3. one",
        "4. two",
        "    • under",
        "",
        "> Psalm 23",
        "",
        "https://example.org/x",
      ].join("\n"),
    );
  });

  it("bolds a subject in stars once and does not repeat a link the body ends with", () => {
    const link = "https://example.org/events/x";
    expect(whatsAppText({ subject: "*Urgent*", body: `Details:\n\n${link}`, link })).toBe(
      `*Urgent*\n\nDetails:\n\n${link}`,
    );
  });

  it("has no link line without a link and no blank lines at either end", () => {
    expect(whatsAppText({ subject: "Hello", body: "\n\n\nBody\n\n\n\n", link: null })).toBe(
      "*Hello*\n\nBody",
    );
    expect(whatsAppText({ subject: "Hello", body: "", link: " " })).toBe("*Hello*");
  });
});

describe("long texts in wa.me links", () => {
  const link = "https://example.org/events/worship-night";
  const long = whatsAppText({ subject: "Long", body: "word ".repeat(3000), link });

  it("keeps a text that fits whole", () => {
    expect(waLinkText(expected)).toEqual({ text: expected, shortened: false });
  });

  it("cuts a text too long for a link at a word, ending with … and the event's link", () => {
    const share = waShareLink(long);
    expect(share.length).toBeLessThanOrEqual(WA_LINK_MAX_LENGTH);
    const carried = new URL(share).searchParams.get("text")!;
    expect(carried.endsWith(`word…\n\n${link}`)).toBe(true);
    expect(long.startsWith(carried.slice(0, -`…\n\n${link}`.length))).toBe(true);
    expect(waPersonLink("33112233", long)!.length).toBeLessThanOrEqual(WA_LINK_MAX_LENGTH);
  });

  it("counts encoded characters, so Arabic text is cut sooner but still fits", () => {
    const arabic = whatsAppText({ subject: "إعلان", body: "كلمة ".repeat(2000), link });
    const share = waShareLink(arabic);
    expect(share.length).toBeLessThanOrEqual(WA_LINK_MAX_LENGTH);
    expect(new URL(share).searchParams.get("text")!.endsWith(`…\n\n${link}`)).toBe(true);
  });
});

describe("internationalMobile", () => {
  it.each([
    ["+973 3311 2233", "97333112233"],
    ["33112233", "97333112233"],
    ["3311-2233", "97333112233"],
    ["0097333112233", "97333112233"],
    ["97333112233", "97333112233"],
    ["+63 917 123 4567", "639171234567"],
    ["00 63 917 123 4567", "639171234567"],
    ["+44 (0)20 7946 0000", "442079460000"],
    ["+٩٧٣ ٣٣١١ ٢٢٣٣", "97333112233"],
    ["۳۳۱۱۲۲۳۳", "97333112233"],
    ["+973\u00a03311\u00a02233", "97333112233"],
  ])("reads %s as %s", (written, digits) => {
    expect(internationalMobile(written)).toBe(digits);
  });

  it("finds a Philippine local number ambiguous in Bahrain, and reads it where the 0 is a trunk prefix", () => {
    expect(internationalMobile("09171234567")).toBeNull();
    expect(internationalMobile("09171234567", "63")).toBe("639171234567");
    expect(internationalMobile("9171234567", "63")).toBe("639171234567");
  });

  it.each([
    "",
    "   ",
    "abc",
    "+973 3311 22ab",
    "12",
    "+0 123 4567 890",
    "+973 1234 5678 9012 3456",
    "tel:33112233",
  ])("gives null for %j", (written) => {
    expect(internationalMobile(written)).toBeNull();
  });
});
