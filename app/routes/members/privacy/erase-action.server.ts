import { refuse, refusalFor } from "~/server/http/action-result.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Actor } from "~/server/platform/change-log.server";
import type { PersonKey } from "~/server/people/personal-data.server";
import { erasePerson } from "~/server/people/person-erasure.server";

// The erase screens' action (a member's, and someone's outside the registry): what the admin typed
// must name the person, else nothing goes and the field says what to type; then the person and the
// ticked possible matches are erased in one go, and the admin lands back on the list.

interface EraseRequest {
  request: Request;
  actor: Actor;
  person: PersonKey;
  /** The ticked possible matches (ids from the form). */
  matches: string[];
  typed: string;
  /** What to type: the member's name, or the person's address. */
  expected: string;
  /** "name" or "address", for the message when the typed text is wrong. */
  expectedWhat: string;
  isConfirmed: boolean;
  /** The 404 message when the person went meanwhile. */
  gone: string;
  /** Where to go after, and the toast's text. */
  backTo: string;
  done: (name: string) => string;
}

export async function confirmAndErase(erase: EraseRequest) {
  const title = "Not erased";
  if (!erase.isConfirmed) {
    const message = erase.typed.trim()
      ? `That is not the ${erase.expectedWhat}. Type ${erase.expected} to confirm.`
      : `Type ${erase.expected} to confirm.`;
    return refuse(
      400,
      { title, description: "Nothing was removed." },
      {
        fieldErrors: { confirmName: message },
        values: { confirmName: erase.typed, matches: erase.matches.join(" ") },
      },
    );
  }
  let erased;
  try {
    erased = await erasePerson(erase.person, erase.actor, erase.matches);
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Erasing a person",
      fallback: "The person could not be erased, and nothing was removed. Please try again.",
    });
  }
  if (!erased) return refuse(404, { title, description: erase.gone });
  throw await redirectWithToast(
    erase.backTo,
    { title: "Person erased", description: erase.done(erased.name) },
    erase.request,
  );
}
