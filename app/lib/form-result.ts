import type { Toast } from "./toast";

/** What a public form's action answers, with or without JavaScript in the browser. */
export type FormResult =
  | { ok: true; toast: Omit<Toast, "id">; at: number }
  | {
      ok: false;
      toast: Omit<Toast, "id">;
      at: number;
      fieldErrors?: Record<string, string>;
      values?: Record<string, string>;
    };
