import { can } from "~/lib/permissions";
import type { StaffUser } from "~/server/auth/guards.server";
import { requirePermission } from "~/server/auth/guards.server";
import {
  linkStaffMember,
  setStaffMinistries,
  unlinkStaffMember,
  useMemberMinistries,
  type MinistriesChange,
} from "~/server/auth/staff-account-links.server";
import { refusalFor, reply } from "~/server/http/action-result.server";

// The staff account screen's answers about what ties the account to the church: its ministries
// (chosen, or taken from its member's ministry roles) and its member record (linked, unlinked).

export const LINK_INTENTS = {
  ministries: { title: "Ministries not saved", what: "Setting a staff account's ministries" },
  "member-ministries": { title: "Ministries not saved", what: "Taking a member's ministries" },
  link: { title: "Not linked", what: "Linking a staff account to a member" },
  unlink: { title: "Not unlinked", what: "Unlinking a staff account from a member" },
} as const;
export type LinkIntent = keyof typeof LINK_INTENTS;

export const isLinkIntent = (value: unknown): value is LinkIntent =>
  typeof value === "string" && Object.hasOwn(LINK_INTENTS, value);

function ministriesAnswer({ account, changed, names }: MinistriesChange) {
  if (!changed)
    return reply({
      title: "Nothing changed",
      description: `${account.name}'s ministries are already these.`,
    });
  return reply({
    title: "Ministries saved",
    description:
      names.length === 0
        ? `${account.name} looks after no ministry now.`
        : `${account.name} looks after ${names.join(", ")}, from their next page on.`,
  });
}

export async function linksAction(intent: LinkIntent, id: string, form: FormData, user: StaffUser) {
  // Choosing a member shows who is in the registry: for those who may read it.
  if (intent === "link") requirePermission(user, "members:read");
  try {
    switch (intent) {
      case "ministries": {
        const slugs = form.getAll("ministries").filter((value): value is string => typeof value === "string");
        return ministriesAnswer(await setStaffMinistries(id, slugs.slice(0, 100), user));
      }
      case "member-ministries":
        return ministriesAnswer(await useMemberMinistries(id, user));
      case "link": {
        const { account, changed, memberName } = await linkStaffMember(
          id,
          String(form.get("member") ?? ""),
          user,
        );
        return reply(
          changed
            ? { title: "Linked", description: `${account.name}'s account is linked to ${memberName}.` }
            : {
                title: "Nothing changed",
                description: `${account.name} is already linked to ${memberName}.`,
              },
        );
      }
      case "unlink": {
        const { account, changed, memberName } = await unlinkStaffMember(id, user);
        return reply(
          changed
            ? {
                title: "Unlinked",
                description: `${account.name}'s account is no longer linked to ${memberName || "a member"}.`,
              }
            : { title: "Nothing changed", description: `${account.name} was not linked to a member.` },
        );
      }
    }
  } catch (error) {
    return refusalFor(error, {
      ...LINK_INTENTS[intent],
      fallback: "The change could not be saved. Please try again.",
    });
  }
}

/** Whether the account's screen may offer to look for a member (it shows the registry's names). */
export const mayChooseMember = (user: StaffUser) => can(user, "members:read");
