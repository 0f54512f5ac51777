import { formatDateTime } from "~/lib/format";
import { countryCodeOf, telHref, whatsAppHref, withCountryCode } from "~/lib/tel";
import { getInboxItem } from "~/server/messages/inbox.server";
import { getSiteContent } from "~/server/site/site-content.server";

/** The item as its page shows it: dates in the church's time, contact links ready. */
export async function itemPage(id: string) {
  const [item, content] = await Promise.all([getInboxItem(id), getSiteContent()]);
  if (!item) return null;
  const international = withCountryCode(item.mobile, countryCodeOf(content.church.phone));
  return {
    id: item.id,
    kind: item.kind,
    status: item.status,
    name: item.name,
    email: item.email,
    mobile: item.mobile,
    message: item.message,
    ministry: item.ministry,
    event: item.event,
    group: item.group,
    canReply: item.canReply,
    receivedAt: formatDateTime(item.createdAt),
    handledBy: item.handledBy,
    handledAt: item.handledAt ? formatDateTime(item.handledAt) : null,
    telHref: telHref(item.mobile),
    whatsAppHref: whatsAppHref(international),
    replies: item.replies.map((sent) => ({
      id: sent.id,
      toAddress: sent.toAddress,
      body: sent.body,
      sentBy: sent.sentBy,
      sentAt: formatDateTime(sent.createdAt),
      emailStatus: sent.emailStatus,
    })),
  };
}

/** One inbox item as the message page shows it. */
export type InboxMessagePage = NonNullable<Awaited<ReturnType<typeof itemPage>>>;
