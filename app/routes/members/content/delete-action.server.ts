import type { ToastMessage } from "~/lib/action-result";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";

/**
 * The delete buttons of a list whose saving goes to an upload route (events, sermons): the item
 * removed, or the spec's refusal when it is gone already or cannot be removed.
 */
export async function deleteListedItem(
  form: FormData,
  options: {
    /** "event", "sermon": named in the refusals. */
    noun: string;
    /** Names the failure in the log, e.g. "Deleting an event". */
    what: string;
    /** False when the item no longer exists. */
    remove: (id: string) => Promise<boolean>;
    deleted: ToastMessage;
  },
) {
  const { noun } = options;
  const title = "Deletion Failed";
  if (form.get("intent") !== "delete") return refuse(400, { title, description: "Unknown request." });
  try {
    if (await options.remove(String(form.get("id") ?? ""))) return reply(options.deleted);
    return refuse(404, { title, description: `That ${noun} no longer exists.` });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: options.what,
      fallback: `The ${noun} could not be removed. Please try again.`,
    });
  }
}
