import { groupJoinRequests } from "../../../database/schema";
import { translator, type Locale } from "~/lib/i18n";
import { groupClosed, type GroupJoinInput } from "~/schemas/group-join";
import { AppError } from "../http/errors.server";
import { followUpJoinRequest } from "../care/auto-follow-ups.server";
import { recordInboxItem } from "../messages/inbox.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import { leadersOf } from "./groups.server";
import { getOpenGroup } from "./finder.server";
import { queueJoinRequestEmails } from "./group-emails.server";

// "Ask to join" (issue 37): the request is kept, put in the staff inbox, followed up (issue 38)
// and e-mailed to the group's leaders (and the staff who asked to hear of messages), all in one
// transaction.

/**
 * Keeps an ask-to-join for an open group, with the language of the page it was sent from (issue
 * 39); a closed or deleted group is refused in that language, nothing written. The e-mails go to
 * the leaders and staff, in English.
 */
export async function saveJoinRequest(
  groupId: string,
  input: GroupJoinInput,
  origin: string,
  language: Locale = "en",
) {
  const content = await getSiteContent();
  await services().db.transaction(async (tx) => {
    const group = await getOpenGroup(groupId, tx);
    if (!group) throw new AppError(groupClosed(translator(language)), 409);
    const [row] = await tx
      .insert(groupJoinRequests)
      .values({
        groupId: group.id,
        groupName: group.name,
        name: input.name,
        email: input.email,
        mobile: input.mobile,
        message: input.message || null,
        language,
      })
      .returning({ id: groupJoinRequests.id, createdAt: groupJoinRequests.createdAt });
    await recordInboxItem(tx, "group", row!.id, row!.createdAt);
    await followUpJoinRequest(tx, group.name, input);
    const leaders = (await leadersOf(tx, [group.id])).get(group.id) ?? [];
    await queueJoinRequestEmails(tx, { group, leaders, request: input }, content, origin);
  });
}
