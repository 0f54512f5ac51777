import { describe, expect, it } from "vitest";
import {
  announcementPreviewHtml,
  renderAnnouncementEmail,
} from "~/server/announcements/announcement-render.server";
import { renderEmail } from "~/server/messages/email-layout.server";
import { defaultSiteContent } from "~/server/site/site-content.server";

// An announcement as the e-mail each recipient gets: what a mail program shows of its HTML and
// plain-text parts.

const content = defaultSiteContent();
const church = content.church;
const unsubscribeUrl = "https://church.example/unsubscribe/abc.def";
const eventUrl = "https://church.example/events/worship-night";

const body = [
  "Dear church family,",
  "",
  "Join us for a **special evening** of worship and *prayer*.",
  "",
  "## What to bring",
  "- Your Bible",
  "- A friend",
  "",
  'See [our events](https://church.example/events). <script>alert("x")</script>[Win a prize](javascript:alert(1))',
].join("\n");

const email = renderAnnouncementEmail({
  subject: "Worship night <this> Friday",
  body,
  card: { title: "Worship Night & Prayer", when: "Friday, 4 December 2026, 19:00", url: eventUrl },
  unsubscribeUrl,
  content,
});

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

describe("an announcement's e-mail", () => {
  it("has the subject as its subject line and heading, escaped", () => {
    expect(email.subject).toBe("Worship night <this> Friday");
    expect(email.html).toContain(
      '<h1 style="margin:0 0 16px;font-size:20px;color:#0f1f4d">Worship night &lt;this&gt; Friday</h1>',
    );
    expect(email.text.startsWith("Worship night <this> Friday\n\nDear church family,\n\n")).toBe(true);
  });

  it("shows the Markdown as markup in the HTML part: bold, italic, a heading, a list and the link", () => {
    expect(email.html).toContain("<strong>special evening</strong>");
    expect(email.html).toContain("<em>prayer</em>");
    expect(email.html).toMatch(/<h2 [^>]*>What to bring<\/h2>/);
    expect(email.html).toMatch(/<ul [^>]*><li [^>]*>Your Bible<\/li><li [^>]*>A friend<\/li><\/ul>/);
    expect(email.html).toContain(
      '<a href="https://church.example/events" style="color:#1d4ed8">our events</a>',
    );
  });

  it("never carries the script or the javascript: link as markup, only their harmless words", () => {
    expect(email.html).not.toMatch(/<script/i);
    expect(email.html).not.toContain("alert");
    expect(email.html).not.toContain("javascript:");
    expect(email.html).toContain("Win a prize");
    expect(email.text).not.toContain("alert");
    expect(hrefs(email.html)).toEqual(["https://church.example/events", eventUrl, unsubscribeUrl]);
  });

  it("shows the event as a card with its title, when and a link, in both parts", () => {
    expect(email.html).toContain(">Worship Night &amp; Prayer</p>");
    expect(email.html).toContain(">Friday, 4 December 2026, 19:00</p>");
    expect(email.html).toContain(
      `<a href="${eventUrl}" style="color:#1d4ed8;font-weight:bold">View details</a>`,
    );
    expect(email.text).toContain(
      `Worship Night & Prayer\nFriday, 4 December 2026, 19:00\nView details: ${eventUrl}\n`,
    );
  });

  it("writes the plain-text part so it reads well, its links written out", () => {
    expect(email.text).toContain("Join us for a *special evening* of worship and _prayer_.");
    expect(email.text).toContain("WHAT TO BRING\n\n- Your Bible\n- A friend\n\n");
    expect(email.text).toContain("See our events (https://church.example/events). Win a prize\n");
    expect(email.text.slice(email.subject.length)).not.toMatch(/<[a-z/]/i);
  });

  it("ends both parts with why the person gets it and a visible unsubscribe link", () => {
    const why = `You receive this because you agreed to receive e-mails from ${church.name}.`;
    expect(email.text.endsWith(`${church.email}\n\n${why}\nUnsubscribe: ${unsubscribeUrl}`)).toBe(true);
    const foot = email.html.slice(email.html.lastIndexOf("<hr"));
    expect(foot).toContain(`${why} <a href="${unsubscribeUrl}" style="color:#1d4ed8">Unsubscribe</a></p>`);
    expect(foot.indexOf("Unsubscribe")).toBeGreaterThan(foot.indexOf(church.email));
    expect(email.html.indexOf(unsubscribeUrl)).toBe(email.html.lastIndexOf("href=") + 'href="'.length);
  });

  it("tracks nothing: no pictures, no other addresses than those written", () => {
    const withPicture = renderAnnouncementEmail({
      subject: "Pictures",
      body: "![hall](https://tracker.example/pixel.gif) <img src=https://tracker.example/p.gif>",
      card: null,
      unsubscribeUrl,
      content,
    });
    expect(withPicture.html).not.toMatch(/<img/i);
    expect(withPicture.html).not.toContain("tracker.example");
    expect(withPicture.html).toContain(">hall</p>");
  });

  it("has no card without one and refuses a card link that is not a web address", () => {
    const plain = renderAnnouncementEmail({
      subject: "Plain",
      body: "Words",
      card: null,
      unsubscribeUrl,
      content,
    });
    expect(plain.html).not.toContain("View details");
    const odd = renderAnnouncementEmail({
      subject: "Odd",
      body: "Words",
      card: { title: "Sermon", when: null, url: "javascript:alert(1)" },
      unsubscribeUrl,
      content,
    });
    expect(odd.html).toContain(">Sermon</p>");
    expect(odd.html).not.toContain("javascript:");
    expect(odd.text).toContain("Words\n\nSermon\n\n--");
  });

  it("lays Arabic out right to left, and lets a long address wrap on a phone", () => {
    const arabic = renderAnnouncementEmail({
      subject: "إعلان",
      body: "مرحبا **بكم** in church\n\n- الكتاب المقدس\n- صديق\n\nhttps://church.example/a-very-long-address-without-any-break",
      card: { title: "أمسية العبادة", when: null, url: eventUrl },
      unsubscribeUrl,
      content,
    });
    expect(arabic.html).toContain(
      '<p dir="rtl" style="margin:0 0 16px">مرحبا <strong>بكم</strong> in church</p>',
    );
    expect(arabic.html).toMatch(/<ul dir="rtl" style="margin:0 0 16px;padding:0 24px 0 0">/);
    expect(arabic.html).toContain('<p dir="rtl" style="margin:0 0 4px;');
    expect(arabic.html).toMatch(/<div style="[^"]*overflow-wrap:anywhere[^"]*"><p dir="rtl"/);
    expect(email.html).not.toContain("dir=");
  });

  it("previews as the same HTML", () => {
    const input = { subject: "Worship night <this> Friday", body, card: null, content };
    expect(announcementPreviewHtml({ ...input, unsubscribeUrl })).toBe(
      renderAnnouncementEmail({ ...input, unsubscribeUrl }).html,
    );
    expect(announcementPreviewHtml(input)).toContain(
      '<a href="#unsubscribe" style="color:#1d4ed8">Unsubscribe</a>',
    );
  });

  it("leaves the church's other e-mails without a rich body or a footnote", () => {
    const other = renderEmail(content, "Thanks", { heading: "Thank you", paragraphs: ["We got it."] });
    expect(other.text).toBe(
      ["Thank you", "", "We got it.", "", "--", church.name, church.address, church.phone, church.email].join(
        "\n",
      ),
    );
    expect(other.html).not.toContain("Unsubscribe");
    expect(other.html).toContain('<p style="margin:0 0 16px">We got it.</p>\n\n');
  });
});
