/**
 * A long text staff wrote (paragraphs, bold, italic, links, lists), as a small tree the server
 * builds from what they typed (`server/site/rich-text.server.ts`) and `<RichText>` renders.
 * Only these node kinds exist, so no markup staff type can ever reach a page as HTML.
 */
export type RichInline =
  | string
  | { b: RichInline[] }
  | { i: RichInline[] }
  /** A link: `a` is an http(s), mailto: or tel: address, or a path on this site. */
  | { a: string; c: RichInline[] }
  | { br: 1 };

export type RichBlock = { p: RichInline[] } | { ul: RichInline[][] } | { ol: RichInline[][] };

export type RichText = RichBlock[];

function inlineText(nodes: RichInline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if ("br" in node) return " ";
      if ("b" in node) return inlineText(node.b);
      if ("i" in node) return inlineText(node.i);
      return inlineText(node.c);
    })
    .join("");
}

/** The words alone, e.g. for a page's meta description. */
export function richTextPlain(text: RichText): string {
  return text
    .map((block) => {
      if ("p" in block) return inlineText(block.p);
      return ("ul" in block ? block.ul : block.ol).map(inlineText).join(" ");
    })
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Link targets a page may carry: the web, e-mail, phone, and paths on this site. */
export function isSafeHref(href: string): boolean {
  if (/^\/(?![/\\])/.test(href)) return true;
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s()-]*)$/i.test(href);
}
