import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inLang, richMessage, textLang } from "./text-lang";

describe("texts in their own language", () => {
  it("marks a text only when its language is not the page's", () => {
    expect(textLang("en")).toBeUndefined();
    expect(textLang("fil")).toBe("en");
    expect(textLang("fil", "fil")).toBeUndefined();
    expect(inLang("ACTS Kids", undefined)).toBe("ACTS Kids");
  });

  it("keeps a message plain text when nothing in it needs its own lang", () => {
    expect(richMessage("en", "ministries.about", { name: inLang("ACTS Kids", undefined) })).toBe(
      "about ACTS Kids",
    );
    expect(richMessage("fil", "ministries.about", { name: "ACTS Kids" })).toBe("tungkol sa ACTS Kids");
  });

  it("puts an English name inside a Filipino sentence in a span of its own", () => {
    const sentence = richMessage("fil", "about.story.foundedIn", {
      year: "2023",
      community: inLang("the Filipino community", "en"),
    });
    expect(renderToStaticMarkup(createElement("p", null, sentence))).toBe(
      '<p>Itinatag noong 2023 para sa <span lang="en">the Filipino community</span>.</p>',
    );
  });
});
