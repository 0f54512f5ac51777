import {
  parseAnnouncement,
  withoutHtml,
  type AnnouncementBlock,
  type AnnouncementInline,
} from "./announcement-markdown";

// An announcement for WhatsApp: plain text in WhatsApp's own formatting (*bold*, _italic_,
// ~strike~, "> " quotes), to copy into a group or a broadcast list, and the wa.me links that open
// WhatsApp with it filled in. Pure functions: the compose screen uses them in the browser too.

/** `*words*`, with the spaces inside moved outside: WhatsApp only formats `*words*`, never `* words *`. */
function marked(marker: string, inner: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  const words = match[2]!;
  return words ? `${match[1]}${marker}${words}${marker}${match[3]}` : inner;
}

/** A link written out: "words: address", or the address alone when the words are the address. */
function linkText(href: string, words: string): string {
  const address = href.replace(/^mailto:/i, "");
  const said = words.trim();
  return !said || said === href || said === address ? address : `${said}: ${address}`;
}

function inline(nodes: AnnouncementInline[], plain = false): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if ("br" in node) return "\n";
      if ("a" in node) return linkText(node.a, inline(node.c, plain));
      if (plain) return inline("b" in node ? node.b : "i" in node ? node.i : node.s, true);
      if ("b" in node) return marked("*", inline(node.b));
      if ("i" in node) return marked("_", inline(node.i));
      return marked("~", inline(node.s));
    })
    .join("");
}

/** A heading: one bold line (formatting inside it would break WhatsApp's bold). */
const headingLine = (nodes: AnnouncementInline[]) =>
  marked("*", inline(nodes, true).replace(/\s*\n\s*/g, " "));

function blockText(block: AnnouncementBlock, depth: number): string {
  if ("h" in block) return headingLine(block.h);
  if ("p" in block) return inline(block.p).trim();
  if ("q" in block)
    return blocksText(block.q, depth)
      .split("\n")
      .map((line) => (line ? `> ${line}` : ">"))
      .join("\n");
  const ordered = "ol" in block;
  const items = ordered ? block.ol : block.ul;
  const indent = "    ".repeat(depth);
  return items
    .map((item, index) => {
      const bullet = ordered ? `${block.start + index}. ` : "• ";
      const [first, ...rest] = item;
      const lead = first && !("ul" in first) && !("ol" in first) ? blockText(first, depth + 1) : "";
      const more = (lead ? rest : item).map((sub) => blockText(sub, depth + 1));
      const leadLines = lead.split("\n").join(`\n${indent}  `);
      return [`${indent}${bullet}${leadLines}`, ...more].join("\n");
    })
    .join("\n");
}

function blocksText(blocks: AnnouncementBlock[], depth = 0): string {
  return blocks
    .map((block) => blockText(block, depth))
    .filter((text) => text.trim())
    .join(depth ? "\n" : "\n\n");
}

/** Blank lines where they help: none at either end, never two in a row, no spaces at line ends. */
function tidy(text: string): string {
  return text
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The announcement as a WhatsApp message: the subject as a bold first line, the body with its
 * Markdown turned into WhatsApp's formatting (lists as "• " or "1. ", headings as bold lines,
 * links as "words: address", HTML dropped), and the announcement's link (its event or sermon)
 * last, on its own line, where WhatsApp shows its preview.
 */
export function whatsAppText(input: { subject: string; body: string; link?: string | null }): string {
  // A subject already in *stars* (or _ or ~) is bolded once, not twice.
  const subject = withoutHtml(input.subject)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[*_~]+(.*?)[*_~]+$/, "$1");
  const body = blocksText(parseAnnouncement(input.body));
  const link = input.link?.trim() ?? "";
  // The body may end with the link already: it stays last, and is not said twice.
  const parts = [subject ? marked("*", subject) : "", body];
  if (link && body.split("\n").at(-1)?.trim() !== link) parts.push(link);
  return tidy(parts.filter((part) => part.trim()).join("\n\n"));
}

/**
 * The longest wa.me link made. WhatsApp documents no limit for the text of a click-to-chat link;
 * what breaks first is the link itself: wa.me answers with a redirect carrying the whole text, and
 * a request line much over 8,000 characters is refused by many servers and proxies. A longer text
 * (about 5,500 letters of English, fewer of Arabic, whose letters take 6 characters each encoded)
 * still gets a link that opens: its text is cut at a line or a word, ends with "…" and keeps its
 * last line when that is a link (the event or sermon). The full text is for the copy button.
 */
export const WA_LINK_MAX_LENGTH = 6000;

/** The text a wa.me link carries: the whole text, or its start when the link would be too long. */
export function waLinkText(text: string, prefixLength = 40): { text: string; shortened: boolean } {
  const budget = WA_LINK_MAX_LENGTH - prefixLength;
  if (encodeURIComponent(text).length <= budget) return { text, shortened: false };
  const lines = text.split("\n");
  const last = lines.at(-1) ?? "";
  const keepLast = /^https?:\/\/\S+$/.test(last.trim()) && lines.length > 1;
  const tail = keepLast ? `…\n\n${last.trim()}` : "…";
  const head = Array.from(keepLast ? lines.slice(0, -1).join("\n") : text);
  const room = budget - encodeURIComponent(tail).length;
  // The most characters whose encoding fits, then back to the last line break or space.
  let low = 0;
  let high = head.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (encodeURIComponent(head.slice(0, middle).join("")).length <= room) low = middle;
    else high = middle - 1;
  }
  const start = head.slice(0, low).join("");
  const cut = Math.max(start.lastIndexOf("\n"), start.lastIndexOf(" "));
  const kept = (cut > start.length / 2 ? start.slice(0, cut) : start).trimEnd();
  return { text: `${kept}${tail}`, shortened: true };
}

/** A link that opens WhatsApp with the text ready to send to a chat, group or list of one's choice. */
export function waShareLink(text: string): string {
  const base = "https://wa.me/?text=";
  return base + encodeURIComponent(waLinkText(text, base.length).text);
}

/**
 * Countries whose own numbers never start with a trunk 0 (or keep it after the country code), so
 * a number written locally with a leading 0 is not theirs and cannot be read for them.
 */
const NO_TRUNK_ZERO = new Set(["973", "974", "965", "968", "1", "39", "34", "45", "47", "351", "65", "852"]);

/**
 * A mobile number in the international form wa.me links need: digits only, the country code
 * first ("+973 3311 2233", "0097333112233" and "33112233" all give "97333112233"). A number
 * written without a country code is read as one of `defaultCountry` (the church's; Bahrain).
 * A local number with a trunk 0 ("09171234567", the Philippine way) is ambiguous: with Bahrain as
 * the default it is not a Bahraini number (those have no trunk 0) and could be of any country that
 * writes numbers so, so it gives null (the person's number needs its country code, "+63 917 123
 * 4567"); with a default country that uses a trunk 0 ("63", "44", "966") the 0 is dropped.
 * Null for anything that is not a phone number: letters, too few or too many digits (E.164 allows 15).
 */
export function internationalMobile(mobile: string, defaultCountry = "973"): string | null {
  const written = mobile
    .trim()
    // Arabic-Indic and Persian digits, as a phone set to Arabic may type them (both runs of
    // characters start at a code point ending in 0, so the last hex digit is the digit).
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/\(0\)/g, "");
  if (!written || !/^\+?[\d\s().\-/]+$/.test(written)) return null;
  const digits = written.replace(/\D/g, "");
  let international: string;
  if (written.startsWith("+")) international = digits;
  else if (digits.startsWith("00")) international = digits.slice(2);
  // Typed without its + but already international ("97333112233"): as long as a number of the
  // default country with its code, and starting with it.
  else if (digits.startsWith(defaultCountry) && digits.length >= defaultCountry.length + 8)
    international = digits;
  else if (digits.startsWith("0")) {
    if (NO_TRUNK_ZERO.has(defaultCountry)) return null;
    international = defaultCountry + digits.slice(1);
  } else international = defaultCountry + digits;
  if (international.startsWith("0")) return null;
  return international.length >= 8 && international.length <= 15 ? international : null;
}

/** A link that opens a WhatsApp chat with the person, the text ready to send; null without a usable number. */
export function waPersonLink(mobile: string, text: string, defaultCountry = "973"): string | null {
  const number = internationalMobile(mobile, defaultCountry);
  if (!number) return null;
  const base = `https://wa.me/${number}?text=`;
  return base + encodeURIComponent(waLinkText(text, base.length).text);
}
