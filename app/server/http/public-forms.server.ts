import type { z } from "zod";
import { pageUrl } from "./request-guard.server";
import { firstError, firstErrors, type ToastMessage } from "~/lib/action-result";
import { localeOfRequest, translator, type Locale, type Translate } from "~/lib/i18n";
import { HONEYPOT_FIELD } from "~/schemas/public-forms";
import { hitRateLimits } from "../platform/rate-limit.server";
import { services } from "../platform/services.server";
import { refusalFor, refuse, reply } from "./action-result.server";

/** No public form needs more than this; anything larger is refused before it is read. */
export const MAX_PUBLIC_FORM_BYTES = 32 * 1024;

/** The language a form was sent in (the page's, read from the action's address) and its words. */
export interface FormLanguage {
  locale: Locale;
  t: Translate;
}

interface PublicFormOptions<Schema extends z.ZodType> {
  request: Request;
  clientIp: string;
  /** The form's schema, or its maker for the visitor's language. */
  schema: Schema | ((t: Translate) => Schema);
  /** 'Registration Failed' or 'Submission Failed' (in the visitor's language). */
  failureTitle: string;
  /**
   * Writes the row and says what to tell the visitor; throws AppError for a refusal they should
   * read. `language` is the page's, to store with the row and to answer in.
   */
  save: (data: z.output<Schema>, language: FormLanguage) => Promise<ToastMessage>;
}

/**
 * The shared path of every public form (ministry join, event registration, connect): size limit,
 * rate limit per client, honeypot, validation with the form's schema, then one insert.
 * Nothing is written unless everything passes. Every answer is in the language of the form's
 * address (a form on a /fil page posts to its /fil address, issue 39).
 */
export async function handlePublicForm<Schema extends z.ZodType>(options: PublicFormOptions<Schema>) {
  const { request, failureTitle } = options;
  const locale = localeOfRequest(request);
  const t = translator(locale);
  const tooLarge = t("forms.tooLarge");
  const fail = (status: number, description: string, extra: Parameters<typeof refuse>[2] = {}) =>
    refuse(status, { title: failureTitle, description }, extra);

  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > MAX_PUBLIC_FORM_BYTES) return fail(413, tooLarge);

  const limit = await hitRateLimits(services().db, [
    { key: `forms:minute:${options.clientIp}`, limit: 30, windowMs: 60_000 },
    { key: `forms:day:${options.clientIp}`, limit: 300, windowMs: 24 * 60 * 60_000 },
  ]);
  if (!limit.allowed) {
    return fail(429, t("forms.tooMany"));
  }

  let form: FormData;
  try {
    const body = await readBodyWithin(request, MAX_PUBLIC_FORM_BYTES);
    if (body === null) return fail(413, tooLarge);
    const contentType = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return fail(400, t("forms.unreadable"));
  }

  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && key !== HONEYPOT_FIELD) values[key] = value.slice(0, 5000);
  }

  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    // Looks like success to the bot; nothing is stored.
    console.info(
      JSON.stringify({ event: "honeypot", path: pageUrl(request).pathname, ip: options.clientIp }),
    );
    return reply({ title: t("forms.thankYou") });
  }

  const schema = typeof options.schema === "function" ? options.schema(t) : options.schema;
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return fail(400, firstError(fieldErrors) ?? t("forms.checkForm"), { fieldErrors, values });
  }

  try {
    return reply(await options.save(parsed.data as z.output<Schema>, { locale, t }));
  } catch (error) {
    return refusalFor(error, {
      title: failureTitle,
      what: "Saving a public form",
      fallback: t("forms.saveFailed"),
      values,
    });
  }
}

/** The request body, or null as soon as it grows past `limit` bytes (never buffering more). */
export async function readBodyWithin(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
