import { renderEmail, type EmailContent } from "../messages/email-layout.server";
import type { SiteContent } from "../site/site-content.server";

// PLACEHOLDER (replaced at merge by the rendering of an announcement: Markdown e-mail, WhatsApp
// text). It keeps the agreed signature so the sending can be built and tested: the body as plain
// paragraphs, the card as a link, and the visible unsubscribe link at the bottom.

export interface AnnouncementCard {
  title: string;
  when: string | null;
  url: string;
}

export function renderAnnouncementEmail(input: {
  subject: string;
  body: string;
  card: AnnouncementCard | null;
  unsubscribeUrl: string;
  content: SiteContent;
}): EmailContent {
  return renderEmail(input.content, input.subject, {
    heading: input.subject,
    paragraphs: input.body.split(/\n{2,}/).filter((paragraph) => paragraph.trim() !== ""),
    ...(input.card
      ? {
          action: {
            label: [input.card.title, input.card.when].filter(Boolean).join(", "),
            href: input.card.url,
          },
        }
      : {}),
    links: [{ label: "Unsubscribe from the church's announcements", href: input.unsubscribeUrl }],
  });
}
