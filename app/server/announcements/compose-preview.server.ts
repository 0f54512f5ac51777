import { firstError, firstErrors } from "~/lib/action-result";
import { whatsAppText, waShareLink } from "~/lib/whatsapp";
import { audienceSchema } from "~/schemas/announcement";
import { audienceOfForm, type AnnouncementFormValues } from "~/schemas/announcement-form";
import { ministryScope } from "../auth/ministry-scope.server";
import type { StaffUser } from "../auth/staff-user.server";
import { AppError } from "../http/errors.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { getSiteContent } from "../site/site-content.server";
import { announcementPreviewHtml } from "./announcement-render.server";
import { announcementCard } from "./audience-words.server";
import { countAudience, type AudienceCount } from "./audiences.server";
import { whatsAppPeople, WHATSAPP_PEOPLE_MAX, type WhatsAppPeople } from "./announcement-views.server";

// The compose screen's preview (issue 35), drawn by the server from what is typed: the e-mail in
// the church's layout, the WhatsApp text with its share link, and how many people the audience
// holds and can receive it. The page draws it on load and after "Preview"; with scripts on, the
// screen asks for it again as the person types (announcement-preview.ts).

export interface ComposePreview {
  html: string;
  whatsApp: { text: string; shareLink: string };
  /** Null while no one is chosen. */
  count: AudienceCount | null;
  /** A WhatsApp link per person when the audience is short. */
  people: WhatsAppPeople | null;
  /** False when the count was not asked for (the screen keeps the one it has). */
  counted: boolean;
  /** Why the audience cannot be counted (a part outside the person's ministries, a bad choice). */
  countError: string | null;
}

/** `count: false` draws the e-mail and the WhatsApp text only (a sent announcement's page). */
export async function composePreview(
  user: StaffUser,
  values: AnnouncementFormValues,
  options: { count?: boolean } = {},
): Promise<ComposePreview> {
  const content = await getSiteContent();
  const origin = siteOrigin();
  const [kind, id] = values.link.split(":");
  const card =
    (kind === "event" || kind === "sermon") && id
      ? await announcementCard(services().db, { kind, id }, origin)
      : null;
  const subject = values.subject.trim() || "(No subject yet)";
  const text = whatsAppText({ subject, body: values.body, link: card?.url ?? null });
  const preview: ComposePreview = {
    html: announcementPreviewHtml({ subject, body: values.body, card, content }),
    whatsApp: { text, shareLink: waShareLink(text) },
    count: null,
    countError: null,
    people: null,
    counted: options.count !== false,
  };
  const audience = audienceOfForm(values);
  if (audience.parts.length === 0 || options.count === false) return preview;
  const parsed = audienceSchema.safeParse(audience);
  if (!parsed.success)
    return { ...preview, countError: firstError(firstErrors(parsed.error.issues)) ?? null };
  try {
    const scope = ministryScope(user);
    const count = await countAudience(parsed.data, scope);
    const people =
      count.people <= WHATSAPP_PEOPLE_MAX ? await whatsAppPeople(parsed.data, scope, text) : null;
    return { ...preview, count, people };
  } catch (error) {
    if (error instanceof AppError) return { ...preview, countError: error.message };
    throw error;
  }
}
