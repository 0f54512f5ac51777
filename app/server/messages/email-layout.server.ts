import type { Locale } from "~/lib/i18n";
import type { SiteContent } from "../site/site-content.server";

// Every e-mail the site sends has a plain-text and an HTML part built from the same pieces, the
// church's name and contact details at the foot, and nothing that tracks (no images, no pixels,
// no rewritten links). Anything a visitor typed is escaped in the HTML part.

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailPieces {
  /** The first line, e.g. "Thank you for your message". */
  heading: string;
  /** Paragraphs of plain text (a visitor's message may be one; its line breaks are kept). */
  paragraphs: string[];
  /** Label and value pairs shown as a small table, e.g. ["Date", "Friday, 5 December 2026"]. */
  details?: [string, string][];
  /** A link to follow, e.g. the map or the inbox. */
  action?: { label: string; href: string };
  /** Further links after it, e.g. a registration's cancel link. */
  links?: { label: string; href: string }[];
  /** A picture attached to the e-mail and shown in its HTML part, e.g. a check-in QR code. */
  picture?: { cid: string; alt: string; caption: string };
  /**
   * A body already made in both forms after the paragraphs, e.g. an announcement written in
   * Markdown. Its `html` goes in as it is: its maker escapes every word in it.
   */
  rich?: { text: string; html: string };
  /** A small line under the church's contacts with a link, e.g. why one gets an e-mail and how to stop. */
  footnote?: { text: string; link: { label: string; href: string } };
  /** The language it is written in (issue 39): the person's own; English when not given. */
  lang?: Locale;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A subject line: one line, whatever was typed into the parts it is made of. */
export function subjectLine(value: string): string {
  return value
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\r?\n/g, "<br>")}</p>`;

/** The text and HTML of an e-mail, signed with the church's name and contacts. */
export function renderEmail(
  content: Pick<SiteContent, "church">,
  subject: string,
  pieces: EmailPieces,
): EmailContent {
  const { church } = content;
  const contacts = [church.address, church.phone, church.email].filter(Boolean);
  const details = pieces.details ?? [];

  const text = [
    pieces.heading,
    "",
    ...pieces.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(pieces.rich ? [pieces.rich.text, ""] : []),
    ...(details.length ? [...details.map(([label, value]) => `${label}: ${value}`), ""] : []),
    ...[pieces.action, ...(pieces.links ?? [])].flatMap((link) =>
      link ? [`${link.label}: ${link.href}`, ""] : [],
    ),
    "--",
    church.name,
    ...contacts,
    ...(pieces.footnote
      ? ["", pieces.footnote.text, `${pieces.footnote.link.label}: ${pieces.footnote.link.href}`]
      : []),
  ].join("\n");

  // The announcement's body and foot, when there are any (other e-mails come out as before).
  const richHtml = pieces.rich ? `\n${pieces.rich.html}` : "";
  const { footnote } = pieces;
  const footnoteHtml = footnote
    ? `\n<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(footnote.text)} <a href="${escapeHtml(footnote.link.href)}" style="color:#1d4ed8">${escapeHtml(footnote.link.label)}</a></p>`
    : "";

  const html = `<!doctype html>
<html lang="${pieces.lang ?? "en"}"><head><meta charset="utf-8"><title>${escapeHtml(subjectLine(subject))}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#0f1f4d">${escapeHtml(pieces.heading)}</h1>
${pieces.paragraphs.map(paragraphHtml).join("\n")}${richHtml}
${
  details.length
    ? `<table style="border-collapse:collapse;margin:0 0 16px">${details
        .map(
          ([label, value]) =>
            `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value).replace(/\r?\n/g, "<br>")}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${
  pieces.picture
    ? `<p style="margin:0 0 16px;text-align:center"><img src="cid:${escapeHtml(pieces.picture.cid)}" alt="${escapeHtml(pieces.picture.alt)}" width="200" height="200" style="display:block;margin:0 auto 8px"><span style="font-size:14px;color:#475569">${escapeHtml(pieces.picture.caption)}</span></p>`
    : ""
}
${[pieces.action, ...(pieces.links ?? [])]
  .map((link) =>
    link
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a></p>`
      : "",
  )
  .join("\n")}
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 16px">
<p style="margin:0;font-size:14px;color:#475569"><strong>${escapeHtml(church.name)}</strong><br>${contacts.map(escapeHtml).join("<br>")}</p>${footnoteHtml}
</div>
</body></html>`;

  return { subject: subjectLine(subject), text, html };
}
