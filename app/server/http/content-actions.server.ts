import { data } from "react-router";
import { formValues } from "~/lib/form-values";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "./toast.server";

export type ContentResult = {
  at: number;
  toast: Omit<Toast, "id">;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

type Parsed<Input> =
  { ok: true; input: Input } | { ok: false; toast: Omit<Toast, "id">; errors: Record<string, string> };

/**
 * The action of a "form plus list" screen (sermons, ministry videos): create, update (edit mode)
 * and delete, with the spec's toasts. Saving goes back to the screen in create mode; a refusal
 * keeps what was typed. The caller has already checked the signed-in user.
 */
export async function handleContentAction<Input>(options: {
  request: Request;
  form: FormData;
  /** "sermon", "video": used in messages and logs. */
  noun: string;
  screen: string;
  parse: (values: Record<string, string>) => Parsed<Input>;
  create: (input: Input) => Promise<unknown>;
  /** Null when the item no longer exists. */
  update: (id: string, input: Input) => Promise<unknown>;
  remove: (id: string) => Promise<boolean>;
  toasts: {
    added: (input: Input) => Omit<Toast, "id">;
    updated: (input: Input) => Omit<Toast, "id">;
    deleted: Omit<Toast, "id">;
  };
}) {
  const { request, form, noun } = options;
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const at = Date.now();
  const fail = (status: number, toast: Omit<Toast, "id">, extra: Partial<ContentResult> = {}) =>
    data<ContentResult>({ at, toast: { ...toast, variant: "destructive" }, ...extra }, { status });

  if (intent === "delete") {
    try {
      if (!(await options.remove(id)))
        return fail(404, { title: "Deletion Failed", description: `That ${noun} no longer exists.` });
    } catch (error) {
      console.error(`Deleting a ${noun} failed:`, error);
      return fail(500, {
        title: "Deletion Failed",
        description: `The ${noun} could not be removed. Please try again.`,
      });
    }
    return data<ContentResult>({ at, toast: options.toasts.deleted });
  }
  if (intent !== "create" && intent !== "update")
    return fail(400, { title: "Submission Failed", description: "Unknown request." });

  const values = formValues(form);
  const parsed = options.parse(values);
  if (!parsed.ok) return fail(400, parsed.toast, { errors: parsed.errors, values });
  try {
    if (intent === "create") {
      await options.create(parsed.input);
      return await redirectWithToast(options.screen, options.toasts.added(parsed.input), request);
    }
    if (!(await options.update(id, parsed.input))) {
      return fail(
        404,
        { title: "Submission Failed", description: `That ${noun} no longer exists.` },
        { values },
      );
    }
    return await redirectWithToast(options.screen, options.toasts.updated(parsed.input), request);
  } catch (error) {
    console.error(`Saving a ${noun} failed:`, error);
    return fail(
      500,
      { title: "Submission Failed", description: `The ${noun} could not be saved. Please try again.` },
      { values },
    );
  }
}
