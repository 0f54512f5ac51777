import { data } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import type { PossibleDuplicate } from "~/lib/member-duplicates";
import { redirectWithToast } from "../http/toast.server";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { isDeletedMember } from "./members.server";

const NOT_IN_YOUR_MINISTRIES =
  "That member could not be found among the people of the ministries you look after.";

/**
 * The member a staff screen is about: a member under "Recently deleted" answers 404 (inside the
 * members layout); when there is none at all (a mistyped address, one removed for good), staff go
 * back to the membership list with the spec's toast. Someone whose role is limited to ministries
 * (`scope`, the member read with it) is answered 404 for any member they do not reach, so a forged
 * address tells them nothing about who is in the registry.
 */
export async function memberOrBackToList<T>(
  request: Request,
  member: T | null,
  id?: string,
  scope?: MinistryScope,
): Promise<T> {
  if (member) return member;
  if (scope) throw new Response(NOT_IN_YOUR_MINISTRIES, { status: 404 });
  if (id && (await isDeletedMember(id))) {
    throw new Response("This member has been deleted.", { status: 404 });
  }
  throw await redirectWithToast(
    "/members/details",
    {
      title: "Error fetching member",
      description: "That member could not be found.",
      variant: "destructive",
    },
    request,
  );
}

/**
 * The answer of a staff member form whose save waits for "Save anyway": what was typed goes back,
 * with the members that look the same. (Someone who may not read members is never given it: their
 * registration is saved, flagged for staff to check.)
 */
export function possibleDuplicatesAnswer(
  duplicates: PossibleDuplicate[],
  options: { values: Record<string, string>; more?: Record<string, unknown> },
) {
  return data<ActionResult & { duplicates: PossibleDuplicate[] }>(
    {
      ok: false,
      at: Date.now(),
      toast: {
        title: "Not saved yet",
        description:
          duplicates.length === 1
            ? "A member with the same details is already registered. Please check before saving."
            : "Members with the same details are already registered. Please check before saving.",
      },
      values: options.values,
      duplicates,
      ...options.more,
    },
    { status: 409 },
  );
}
