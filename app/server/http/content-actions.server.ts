import type { ToastMessage } from "~/lib/action-result";
import { formValues } from "~/lib/form-values";
import type { StaffUser } from "../auth/guards.server";
import { refusalFor, refuse, reply } from "./action-result.server";
import { loadOrEmpty } from "./loader.server";
import { redirectWithToast } from "./toast.server";

type Parsed<Input> =
  { ok: true; input: Input } | { ok: false; toast: ToastMessage; fieldErrors: Record<string, string> };

/**
 * The action of a "form plus list" screen (sermons, ministry videos): create, update (edit mode)
 * and delete, with the spec's toasts. Saving goes back to the screen in create mode; a refusal
 * keeps what was typed. `user` is who asked, from the route's guard; every write is theirs.
 */
export async function handleContentAction<Input>(options: {
  request: Request;
  form: FormData;
  user: StaffUser;
  /** "sermon", "video": used in messages and logs. */
  noun: string;
  screen: string;
  parse: (values: Record<string, string>) => Parsed<Input>;
  create: (input: Input, actor: StaffUser) => Promise<unknown>;
  /** Null when the item no longer exists. */
  update: (id: string, input: Input, actor: StaffUser) => Promise<unknown>;
  /** False when the item no longer exists. */
  remove: (id: string, actor: StaffUser) => Promise<boolean>;
  toasts: {
    added: (input: Input) => ToastMessage;
    updated: (input: Input) => ToastMessage;
    deleted: ToastMessage;
  };
}) {
  const { request, form, noun, user } = options;
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");

  if (intent === "delete") {
    try {
      if (!(await options.remove(id, user)))
        return refuse(404, { title: "Deletion Failed", description: `That ${noun} no longer exists.` });
    } catch (error) {
      return refusalFor(error, {
        title: "Deletion Failed",
        what: `Deleting a ${noun}`,
        fallback: `The ${noun} could not be removed. Please try again.`,
      });
    }
    return reply(options.toasts.deleted);
  }
  if (intent !== "create" && intent !== "update")
    return refuse(400, { title: "Submission Failed", description: "Unknown request." });

  const values = formValues(form);
  const parsed = options.parse(values);
  if (!parsed.ok) return refuse(400, parsed.toast, { fieldErrors: parsed.fieldErrors, values });
  try {
    if (intent === "create") {
      await options.create(parsed.input, user);
      return await redirectWithToast(options.screen, options.toasts.added(parsed.input), request);
    }
    if (!(await options.update(id, parsed.input, user))) {
      return refuse(
        404,
        { title: "Submission Failed", description: `That ${noun} no longer exists.` },
        { values },
      );
    }
    return await redirectWithToast(options.screen, options.toasts.updated(parsed.input), request);
  } catch (error) {
    return refusalFor(error, {
      title: "Submission Failed",
      what: `Saving a ${noun}`,
      fallback: `The ${noun} could not be saved. Please try again.`,
      values,
    });
  }
}

/**
 * The loader of a "form plus list" screen (sermons, ministry videos, events): every item, and the
 * one being edited when the address asks for it (`?edit=id`).
 */
export function loadEditableList<Item, Editing>(options: {
  request: Request;
  /** "sermons", "events": used in the log when the read fails. */
  what: string;
  list: () => Promise<Item[]>;
  get: (id: string) => Promise<Editing | null>;
}) {
  const editId = new URL(options.request.url).searchParams.get("edit");
  return loadOrEmpty(
    options.what,
    async () => {
      const [items, editing] = await Promise.all([options.list(), editId ? options.get(editId) : null]);
      return { items, editing };
    },
    { items: [] as Item[], editing: null as Editing | null },
  );
}
