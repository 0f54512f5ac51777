import { Lexer, type Token } from "marked";
import { isSafeHref } from "./rich-text";

/**
 * An announcement's body as staff wrote it in Markdown, read into a small tree that the e-mail
 * (`server/announcements/announcement-render.server.ts`) and the WhatsApp text (`whatsapp.ts`)
 * are both made from. It follows the rules of the site's long texts (`server/site/rich-text.server.ts`):
 * only these node kinds come out, so nothing typed can reach an e-mail as markup. It differs where
 * an announcement needs it: headings and ~~strike~~ are kept (WhatsApp has both), a line break
 * typed is kept (people write announcements like chat messages), HTML is dropped rather than shown
 * as typed (its words stay), a picture is its description only (nothing is fetched from elsewhere),
 * and links go only to the web and e-mail addresses (a path on this site or a phone number has no
 * meaning in an e-mail or a chat; their words stay). Browser-safe: the compose screen uses it too.
 */
export type AnnouncementInline =
  | string
  | { b: AnnouncementInline[] }
  | { i: AnnouncementInline[] }
  | { s: AnnouncementInline[] }
  /** A link: `a` is an http(s) or mailto: address. */
  | { a: string; c: AnnouncementInline[] }
  | { br: 1 };

export type AnnouncementBlock =
  | { h: AnnouncementInline[] }
  | { p: AnnouncementInline[] }
  /** A quotation: its own blocks. */
  | { q: AnnouncementBlock[] }
  /** A list; each item is the blocks written under its bullet (a nested list among them). */
  | { ul: AnnouncementBlock[][] }
  | { ol: AnnouncementBlock[][]; start: number };

/** Link targets an announcement may carry: the web and e-mail addresses. */
export function isAnnouncementHref(href: string): boolean {
  return isSafeHref(href) && /^(https?:\/\/|mailto:)/i.test(href);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Text with the few character references people type (&amp;, &#8212;) read as characters. */
function decoded(text: string): string {
  return text.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Text without scripts, styles and comments, whose words are not meant to be read. */
function withoutScripts(text: string): string {
  return text.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
}

/** The words of a piece of HTML: the tags go, and so do scripts and styles with their contents. */
export function withoutHtml(text: string): string {
  return withoutScripts(text).replace(/<\/?[a-z][^>]*>/gi, "");
}

function inlines(tokens: Token[] | undefined): AnnouncementInline[] {
  const out: AnnouncementInline[] = [];
  const push = (node: AnnouncementInline) => {
    const last = out.at(-1);
    if (typeof node === "string" && typeof last === "string") out[out.length - 1] = last + node;
    else if (node !== "") out.push(node);
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        push({ b: inlines(token.tokens) });
        break;
      case "em":
        push({ i: inlines(token.tokens) });
        break;
      case "del":
        push({ s: inlines(token.tokens) });
        break;
      case "link": {
        const children = inlines(token.tokens);
        if (isAnnouncementHref(token.href)) push({ a: token.href, c: children });
        else for (const child of children) push(child);
        break;
      }
      case "image":
        push(decoded(String(token.text ?? "")));
        break;
      case "br":
        push({ br: 1 });
        break;
      case "text":
        if (token.tokens?.length) for (const child of inlines(token.tokens)) push(child);
        else push(decoded(String(token.text)));
        break;
      case "escape":
      case "codespan":
        push(decoded(String(token.text)));
        break;
      case "html":
        // A tag: dropped. Its words are the text tokens around it.
        break;
      default:
        push(String(token.raw ?? ""));
    }
  }
  // A dropped tag may leave two spaces where there was one.
  return out.map((node) => (typeof node === "string" ? node.replace(/ {2,}/g, " ") : node));
}

/** Lines of plain words (code, HTML blocks, tables) as a paragraph that keeps its line breaks. */
function linesParagraph(text: string): AnnouncementBlock[] {
  const lines = text
    .trim()
    .split("\n")
    .map((line) => line.trimEnd());
  if (!lines.join("").trim()) return [];
  return [{ p: lines.flatMap((line, index) => (index === 0 ? [line] : [{ br: 1 as const }, line])) }];
}

/** Words without spaces at either end (a dropped tag or picture may leave one). */
function trimmed(nodes: AnnouncementInline[]): AnnouncementInline[] {
  const out = [...nodes];
  if (typeof out[0] === "string") out[0] = out[0].trimStart();
  const last = out.length - 1;
  if (typeof out[last] === "string") out[last] = out[last].trimEnd();
  return out.filter((node) => node !== "");
}

function blocks(tokens: Token[]): AnnouncementBlock[] {
  const out: AnnouncementBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "space":
      case "hr":
      case "def":
        break;
      case "heading":
        out.push({ h: trimmed(inlines(token.tokens)) });
        break;
      case "paragraph":
        out.push({ p: trimmed(inlines(token.tokens)) });
        break;
      case "text":
        out.push({
          p: trimmed(token.tokens?.length ? inlines(token.tokens) : [decoded(String(token.text))]),
        });
        break;
      case "list": {
        const items = (token.items as Token[]).map((item) =>
          blocks((item as { tokens?: Token[] }).tokens ?? []),
        );
        out.push(token.ordered ? { ol: items, start: Number(token.start) || 1 } : { ul: items });
        break;
      }
      case "blockquote":
        out.push({ q: blocks(token.tokens ?? []) });
        break;
      case "html":
        out.push(...linesParagraph(decoded(withoutHtml(String(token.text ?? "")))));
        break;
      case "code":
        out.push(...linesParagraph(String(token.text ?? "")));
        break;
      default:
        // Tables and anything new: the text as typed.
        out.push(...linesParagraph(String(token.raw ?? "")));
    }
  }
  return out.filter((block) => {
    if ("p" in block) return block.p.some((node) => typeof node !== "string" || node.trim());
    if ("h" in block) return block.h.length > 0;
    if ("q" in block) return block.q.length > 0;
    return true;
  });
}

/** What staff typed as an announcement's body, as the tree the e-mail and WhatsApp text are made of. */
export function parseAnnouncement(markdown: string): AnnouncementBlock[] {
  // Scripts and styles go before reading, so their contents never show as words; other tags are
  // dropped as they are read (a code span keeps them as typed).
  const source = withoutScripts(markdown.replace(/\r\n?/g, "\n"));
  return blocks(new Lexer({ gfm: true, breaks: true }).lex(source));
}
