import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { prefersFilipino } from "./accept-language";
import {
  counterpartPath,
  localeOfPath,
  localePath,
  LOCALES,
  messagesOf,
  pathWithoutLocale,
  translator,
} from "./i18n";

/** The names of the arguments a message uses ({name}, {count, plural, ...}), sorted. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

describe("message files", () => {
  const en = messagesOf("en");
  it("have the same keys in every language", () => {
    for (const locale of LOCALES) {
      const keys = Object.keys(messagesOf(locale));
      expect({ locale, missing: Object.keys(en).filter((key) => !keys.includes(key)) }).toEqual({
        locale,
        missing: [],
      });
      expect({ locale, extra: keys.filter((key) => !(key in en)) }).toEqual({ locale, extra: [] });
    }
  });

  it("are valid ICU messages using the same arguments as the English one", () => {
    for (const locale of LOCALES) {
      for (const [key, message] of Object.entries(messagesOf(locale))) {
        expect(message.trim(), `${locale} ${key} is empty`).not.toBe("");
        const expected = [...argumentsOf(parse(en[key] ?? ""))].sort();
        expect({ key, locale, args: [...argumentsOf(parse(message))].sort() }).toEqual({
          key,
          locale,
          args: expected,
        });
      }
    }
  });
});

describe("translator", () => {
  it("formats arguments and plurals per language", () => {
    expect(translator("en")("error.labelStatus", { status: 404 })).toBe("Error 404");
    expect(translator("fil")("frame.readIn", { language: "English" })).toBe(
      "Basahin ang pahinang ito sa English",
    );
  });
});

describe("language addresses", () => {
  it("reads the language from the address", () => {
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/fil")).toBe("fil");
    expect(localeOfPath("/fil/ministries/acts-kids")).toBe("fil");
    expect(localeOfPath("/filipino-night")).toBe("en");
  });

  it("moves a path into a language and back", () => {
    expect(localePath("fil", "/")).toBe("/fil/");
    expect(localePath("fil", "/ministries/acts-kids")).toBe("/fil/ministries/acts-kids");
    expect(localePath("fil", "/fil/events")).toBe("/fil/events");
    expect(localePath("en", "/events")).toBe("/events");
    expect(pathWithoutLocale("/fil/events/3")).toBe("/events/3");
    expect(pathWithoutLocale("/fil/")).toBe("/");
    expect(pathWithoutLocale("/fil")).toBe("/");
    expect(counterpartPath("/fil/connect", "en")).toBe("/connect");
    expect(counterpartPath("/connect", "fil")).toBe("/fil/connect");
  });

  it("leaves the members area, files, feeds, downloads and other sites in one language", () => {
    for (const path of [
      "/members",
      "/members/details",
      "/files/x.jpg",
      "/events.ics",
      "/media/sermons/feed.xml",
      "/media/elibrary/4/download",
      "/media/sermons/9/audio",
      "https://example.org/",
      "//example.org/",
      "mailto:office@church.test",
    ]) {
      expect(localePath("fil", path)).toBe(path);
    }
  });
});

describe("prefersFilipino", () => {
  it("is true only when Filipino or Tagalog comes first", () => {
    expect(prefersFilipino("fil-PH,fil;q=0.9,en;q=0.8")).toBe(true);
    expect(prefersFilipino("tl")).toBe(true);
    expect(prefersFilipino("en-US,en;q=0.9,fil;q=0.8")).toBe(false);
    expect(prefersFilipino("en;q=0.5,tl;q=0.9")).toBe(true);
    expect(prefersFilipino(null)).toBe(false);
    expect(prefersFilipino("*")).toBe(false);
  });
});
