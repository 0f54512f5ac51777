import { todayInChurchZone } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import { MEMBER_FIELDS, type MemberFieldName } from "~/schemas/member-fields";
import { escapeHtml } from "../messages/email-layout.server";
import { getSiteContent } from "../site/site-content.server";
import { GROUP_SECTION_TITLES } from "../groups/group-personal-data.server";
import { CARE_SECTION_TITLES, careReaderOf } from "../care/care-personal-data.server";
import type { StaffUser } from "../auth/guards.server";
import {
  collectPersonalData,
  countInWords,
  KIND_NAMES,
  matchesOf,
  PERSONAL_DATA_KINDS,
  recordExport,
  type PersonalData,
  type PersonKey,
} from "./personal-data.server";

// The file "Export data" downloads: one self-contained HTML page a person can read (no scripts,
// no outside styles or pictures), with the whole record as JSON inside it for a computer to read.

/** "personal-data-ana-santos-2026-11-25": letters and digits of the name only. */
export function personalDataFileName(name: string, day: string, extension: "html" | "json"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `personal-data-${slug || "member"}-${day}.${extension}`;
}

/** The record as JSON, with dates as ISO text. */
export function personalDataJson(data: PersonalData): string {
  return JSON.stringify(data, null, 2);
}

/** JSON that can sit inside a <script> element: nothing in it can end the element. */
function scriptSafe(json: string): string {
  return json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

const SECTION_TITLES: Record<(typeof PERSONAL_DATA_KINDS)[number], string> = {
  member: "Member record",
  consents: "Consents",
  updateLinks: "Update links sent",
  updateRequests: "Update requests",
  ministryRegistrations: "Ministry sign-ups",
  eventRegistrations: "Event registrations",
  connectMessages: "Connect messages",
  inboxItems: "Inbox entries",
  inboxReplies: "Replies from the inbox",
  emails: "E-mails sent to or about them",
  announcements: "Announcements sent to them",
  unsubscribes: "Unsubscribed from announcements",
  savedLists: "Saved lists they are on",
  rosterSeats: "Serving rosters: their dates",
  rosterBlockouts: "Serving rosters: days they are away",
  rosterQualifications: "Serving rosters: positions they can serve in",
  ...GROUP_SECTION_TITLES,
  ...CARE_SECTION_TITLES,
  auditEntries: "Audit log entries about them",
};

/** "eventTitle" → "Event title". */
function words(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function valueHtml(value: unknown): string {
  if (value === null || value === undefined || value === "") return '<span class="none">—</span>';
  if (value instanceof Date) return escapeHtml(formatDateTime(value));
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.length === 0 ? '<span class="none">—</span>' : escapeHtml(value.join(", "));
  }
  if (typeof value === "object") return `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return escapeHtml(String(value)).replace(/\r?\n/g, "<br>");
}

function rowTable(row: Record<string, unknown>, label: (key: string) => string = words): string {
  const cells = Object.entries(row)
    .map(
      ([key, value]) => `<tr><th scope="row">${escapeHtml(label(key))}</th><td>${valueHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table>${cells}</table>`;
}

function memberLabel(key: string): string {
  if (key === "ministryNames") return "Ministries";
  if (key === "roleNames") return "Ministry roles";
  if (key === "ministryInvolvement") return "Ministries (keys)";
  if (key === "ministryRole") return "Ministry roles (keys)";
  if (key === "deletedAt") return "Deleted";
  const field = MEMBER_FIELDS[key as MemberFieldName] as { label?: string } | undefined;
  return field?.label ?? words(key);
}

function memberSection(member: PersonalData["member"]): string {
  if (!member) return '<p class="none">Not a member: no member record.</p>';
  const { children, ...rest } = member;
  const childList =
    children.length === 0
      ? '<p class="none">No children recorded.</p>'
      : children.map((child) => rowTable({ ...child })).join("");
  return `${rowTable(rest, memberLabel)}<h3>Children</h3>${childList}`;
}

/** What the file holds, in one sentence: what is surely the person's, and what staff confirmed. */
function introText(data: PersonalData, churchName: string): string {
  if (data.ownCopy) {
    return data.addresses.length > 0
      ? `Everything ${churchName} holds about you in its members area: your member record, and the sign-ups, registrations, messages and e-mails with the address this link was sent to (${data.addresses[0]}).`
      : `Everything ${churchName} holds about you in its members area under your member record. Sign-ups, registrations and messages are included only in a download from a link sent to you by e-mail.`;
  }
  const what = data.member ? "the member record, and the" : "the";
  const confirmed =
    data.confirmedMatches > 0
      ? ` It also holds ${data.confirmedMatches === 1 ? "1 record" : `${data.confirmedMatches} records`} with another address that staff confirmed as this person's.`
      : "";
  return `Everything ${churchName} holds about this person in its members area: ${what} sign-ups, registrations, messages and e-mails with their e-mail address (${data.addresses[0] ?? "none"}).${confirmed}`;
}

/** The readable file, with the JSON inside it (`<script type="application/json" id="data">`). */
export function personalDataHtml(data: PersonalData, churchName: string): string {
  const title = `Personal data of ${data.name}`;
  const summary = PERSONAL_DATA_KINDS.map(
    (kind) => `<li>${escapeHtml(countInWords(kind, data.counts[kind]))}</li>`,
  ).join("");
  const sections = PERSONAL_DATA_KINDS.map((kind) => {
    const heading = `<h2 id="${kind}">${escapeHtml(SECTION_TITLES[kind])}</h2>`;
    if (kind === "member") return `<section>${heading}${memberSection(data.member)}</section>`;
    const rows = data[kind] as Record<string, unknown>[];
    const body =
      rows.length === 0
        ? `<p class="none">No ${escapeHtml(KIND_NAMES[kind][1])}.</p>`
        : rows.map((row) => rowTable(row)).join("");
    return `<section>${heading}${body}</section>`;
  }).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;max-width:60rem;margin:0 auto;padding:1.5rem;line-height:1.5}
h1{color:#0f1f4d;font-size:1.6rem;margin:0 0 .25rem}
h2{color:#0f1f4d;font-size:1.25rem;border-bottom:1px solid #cbd5e1;padding-bottom:.25rem;margin-top:2rem}
h3{font-size:1rem;margin:1rem 0 .5rem}
table{border-collapse:collapse;width:100%;margin:0 0 1rem;border:1px solid #e2e8f0}
th,td{text-align:left;vertical-align:top;padding:.35rem .6rem;border-top:1px solid #e2e8f0;overflow-wrap:anywhere}
th{width:14rem;font-weight:600;color:#334155;background:#f8fafc}
pre{margin:0;white-space:pre-wrap;font-size:.85rem}
.none{color:#64748b}
.intro{color:#475569}
@media (max-width:36rem){th{width:auto;display:block;border:0}td{display:block;border:0;padding-top:0}tr{display:block;border-top:1px solid #e2e8f0}}
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="intro">${escapeHtml(introText(data, churchName))} Exported ${escapeHtml(formatDateTime(data.exportedAt))} (Bahrain time). The same data for a computer to read is inside this file${data.ownCopy ? "" : ", and in the JSON download"}.</p>
<h2>In this file</h2>
<ul>${summary}</ul>
${sections}
<script type="application/json" id="data">${scriptSafe(personalDataJson(data))}</script>
</body>
</html>
`;
}

/**
 * Staff's download of a person's data (a member's, or someone's outside the registry): the
 * readable page, or `?format=json`, with the possible matches ticked (`?match=`) and nothing else;
 * an entry in the audit log. Null when there is no such person.
 */
export async function staffPersonalDataDownload(
  key: PersonKey,
  url: URL,
  actor: StaffUser,
): Promise<Response | null> {
  const format = url.searchParams.get("format") === "json" ? "json" : "html";
  const data = await collectPersonalData(key, {
    matches: matchesOf(url.searchParams),
    careReader: careReaderOf(actor),
  });
  if (!data) return null;
  const body =
    format === "json" ? personalDataJson(data) : personalDataHtml(data, (await getSiteContent()).church.name);
  await recordExport(data, actor, format);
  const fileName = personalDataFileName(data.name, todayInChurchZone(), format);
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
