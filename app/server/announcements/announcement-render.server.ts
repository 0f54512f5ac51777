import {
  isAnnouncementHref,
  parseAnnouncement,
  type AnnouncementBlock,
  type AnnouncementInline,
} from "~/lib/announcement-markdown";
import { translator, type Locale } from "~/lib/i18n";
import { escapeHtml, renderEmail, subjectLine, type EmailContent } from "../messages/email-layout.server";
import type { SiteContent } from "../site/site-content.server";

// An announcement as an e-mail in the church's layout (`renderEmail`): the subject as its heading,
// the body staff wrote in Markdown (read by `parseAnnouncement`, so no markup typed reaches the
// e-mail: every word is escaped here, links go only to the web and e-mail addresses, pictures are
// their descriptions), the event or sermon it links to as a small card, and at the foot why the
// person gets it and a link to unsubscribe. Nothing tracks: no images, no pixels, no rewritten
// links. The plain-text part says the same, its links written out. The frame (the card's link,
// the foot) is in the recipient's language (issue 39); the announcement's words are staff's own.

/** An event or sermon the announcement links to, shown as a card under the body. */
export interface AnnouncementCard {
  title: string;
  /** When it is, as the site's event pages write it ("Friday, December 4, 2026, 7:00 PM"); null for a sermon. */
  when: string | null;
  url: string;
}

export interface AnnouncementEmailInput {
  subject: string;
  /** Markdown. */
  body: string;
  card: AnnouncementCard | null;
  /** The person's own one-click unsubscribe link. */
  unsubscribeUrl: string;
  content: SiteContent;
  /** The language of the frame: the recipient's own; English when not given. */
  lang?: Locale;
}

const LINK = "color:#1d4ed8";
/** A long address or word breaks rather than widen the e-mail past a phone's screen. */
const WRAP = "overflow-wrap:anywhere;word-break:break-word";

function inlineHtml(nodes: AnnouncementInline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return escapeHtml(node);
      if ("br" in node) return "<br>";
      if ("b" in node) return `<strong>${inlineHtml(node.b)}</strong>`;
      if ("i" in node) return `<em>${inlineHtml(node.i)}</em>`;
      if ("s" in node) return `<s>${inlineHtml(node.s)}</s>`;
      return `<a href="${escapeHtml(node.a)}" style="${LINK}">${inlineHtml(node.c)}</a>`;
    })
    .join("");
}

/**
 * True when a block's first letter is Arabic (or Hebrew): it is laid out right to left, its
 * bullets and quotation line on the right. Said in the markup itself, as mail programs ignore
 * most CSS that would find it out.
 */
function rightToLeft(words: string): boolean {
  const first = /[A-Za-z\u00C0-\u024F\u0370-\u04FF]|[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.exec(words);
  return !!first && !/[A-Za-z\u00C0-\u024F\u0370-\u04FF]/.test(first[0]);
}

function blockHtml(block: AnnouncementBlock, last: boolean): string {
  const bottom = last ? "0" : "16px";
  const rtl = rightToLeft(blockText(block, ""));
  const dir = rtl ? ' dir="rtl"' : "";
  if ("h" in block)
    return `<h2${dir} style="margin:0 0 ${last ? "0" : "12px"};font-size:18px;line-height:1.3;color:#0f1f4d">${inlineHtml(block.h)}</h2>`;
  if ("p" in block) return `<p${dir} style="margin:0 0 ${bottom}">${inlineHtml(block.p)}</p>`;
  if ("q" in block) {
    const side = rtl ? "padding:0 12px 0 0;border-right" : "padding:0 0 0 12px;border-left";
    return `<blockquote${dir} style="margin:0 0 ${bottom};${side}:3px solid #cbd5e1;color:#334155">${blocksHtml(block.q)}</blockquote>`;
  }
  const ordered = "ol" in block;
  const items = (ordered ? block.ol : block.ul)
    .map((item) => {
      // The item's first words stand in the item itself, anything under them (a list) follows.
      const [first, ...rest] = item;
      const lead = first && "p" in first ? inlineHtml(first.p) : "";
      const more = lead ? rest : item;
      const under = more.length ? `<div style="margin:6px 0 0">${blocksHtml(more)}</div>` : "";
      return `<li style="margin:0 0 6px">${lead}${under}</li>`;
    })
    .join("");
  const list = `margin:0 0 ${bottom};padding:${rtl ? "0 24px 0 0" : "0 0 0 24px"}`;
  return ordered
    ? `<ol${dir} start="${block.start}" style="${list}">${items}</ol>`
    : `<ul${dir} style="${list}">${items}</ul>`;
}

function blocksHtml(blocks: AnnouncementBlock[]): string {
  return blocks.map((block, index) => blockHtml(block, index === blocks.length - 1)).join("\n");
}

/** A link in the text part: "words (address)", or the address alone when the words are the address. */
function linkText(href: string, words: string): string {
  const address = href.replace(/^mailto:/i, "");
  const said = words.trim();
  return !said || said === href || said === address ? address : `${said} (${address})`;
}

function inlineText(nodes: AnnouncementInline[]): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if ("br" in node) return "\n";
      if ("b" in node) return `*${inlineText(node.b)}*`;
      if ("i" in node) return `_${inlineText(node.i)}_`;
      if ("s" in node) return inlineText(node.s);
      return linkText(node.a, inlineText(node.c));
    })
    .join("");
}

function blockText(block: AnnouncementBlock, indent: string): string {
  if ("h" in block) return inlineText(block.h).toUpperCase().trim();
  if ("p" in block) return inlineText(block.p).trim();
  if ("q" in block)
    return blocksText(block.q, "")
      .split("\n")
      .map((line) => `> ${line}`.trimEnd())
      .join("\n");
  const ordered = "ol" in block;
  return (ordered ? block.ol : block.ul)
    .map((item, index) => {
      const bullet = ordered ? `${block.start + index}. ` : "- ";
      const hang = `${indent}${" ".repeat(bullet.length)}`;
      const lines = blocksText(item, hang, "\n").split("\n");
      return `${indent}${bullet}${lines[0]!.trimStart()}${lines
        .slice(1)
        .map((line) => `\n${line.startsWith(hang) ? line : hang + line}`)
        .join("")}`;
    })
    .join("\n");
}

function blocksText(blocks: AnnouncementBlock[], indent: string, between = "\n\n"): string {
  return blocks
    .map((block) => blockText(block, indent))
    .filter((text) => text.trim())
    .join(between);
}

function cardHtml(card: AnnouncementCard, details: string): string {
  const link = isAnnouncementHref(card.url)
    ? `<a href="${escapeHtml(card.url)}" style="${LINK};font-weight:bold">${escapeHtml(details)}</a>`
    : "";
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:separate;margin:0 0 16px;background:#f1f5f9;border:1px solid #e2e8f0;border-radius:8px"><tr><td style="padding:16px;${WRAP}">
<p${rightToLeft(card.title) ? ' dir="rtl"' : ""} style="margin:0 0 4px;font-size:17px;line-height:1.3;font-weight:bold;color:#0f1f4d">${escapeHtml(card.title)}</p>
${card.when ? `<p style="margin:0 0 8px;font-size:15px;color:#475569">${escapeHtml(card.when)}</p>\n` : ""}${link}
</td></tr></table>`;
}

function cardText(card: AnnouncementCard, details: string): string {
  return [card.title, card.when, isAnnouncementHref(card.url) ? `${details}: ${card.url}` : null]
    .filter(Boolean)
    .join("\n");
}

/** The announcement as the e-mail each recipient gets (their own unsubscribe link in it). */
export function renderAnnouncementEmail(input: AnnouncementEmailInput): EmailContent {
  const lang = input.lang ?? "en";
  const t = translator(lang);
  const blocks = parseAnnouncement(input.body);
  const html = [blocks.length ? `<div style="margin:0 0 16px;${WRAP}">${blocksHtml(blocks)}</div>` : ""];
  const text = [blocksText(blocks, "")];
  if (input.card) {
    html.push(cardHtml(input.card, t("email.announce.details")));
    text.push(cardText(input.card, t("email.announce.details")));
  }
  return renderEmail(input.content, input.subject, {
    heading: subjectLine(input.subject),
    paragraphs: [],
    rich: {
      html: html.filter(Boolean).join("\n"),
      text: text.filter(Boolean).join("\n\n"),
    },
    footnote: {
      text: t("email.announce.why", { church: input.content.church.name }),
      link: { label: t("email.announce.unsubscribe"), href: input.unsubscribeUrl },
    },
    lang,
  });
}

/**
 * The same e-mail's HTML for the compose screen's live preview (shown in a sandboxed frame). With
 * no recipient yet, its unsubscribe link goes nowhere unless one is given.
 */
export function announcementPreviewHtml(
  input: Omit<AnnouncementEmailInput, "unsubscribeUrl"> & { unsubscribeUrl?: string },
): string {
  return renderAnnouncementEmail({ ...input, unsubscribeUrl: input.unsubscribeUrl ?? "#unsubscribe" }).html;
}
