import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { formSubmissions } from "../../../database/schema";
import { FORM_TOKEN_FIELD } from "~/lib/form-token";
import { AppError } from "./app-error.server";
import type { Executor } from "./db.server";
import { services } from "./services.server";

// One-time form tokens: a create form carries a fresh token from its loader, and the action claims
// it in the same transaction that saves what the form creates. A second post of the same form
// (double click, slow network, Back and resubmit) finds the token taken, creates nothing, and can
// answer with what the first post made. Any create form can use this with its own form name.

/** How long a used token is kept: longer than anyone leaves a form open before resubmitting it. */
export const FORM_TOKEN_DAYS = 7;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** A fresh token for a form a loader is about to show. */
export function newFormToken(): string {
  return crypto.randomBytes(18).toString("base64url");
}

/** The token a posted form carries; refuses a form without one (a page from before tokens). */
export function readFormToken(form: FormData): string {
  const token = form.get(FORM_TOKEN_FIELD);
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) {
    throw new AppError("This form is out of date. Please check the details and send it again.", 400, {
      title: "Please send the form again",
    });
  }
  return token;
}

/** The token was free and is now this post's, or an earlier post of the same form took it. */
export type FormTokenClaim = { isRepeat: false } | { isRepeat: true; resultId: string | null };

/**
 * Takes `token` for `form` inside the transaction `tx` that saves the form. When another post holds
 * it, the database makes this wait until that post's transaction ends: committed, this is a
 * repeat (with what the first post made); rolled back, the token is this post's.
 */
export async function claimFormToken(tx: Executor, form: string, token: string): Promise<FormTokenClaim> {
  const claimed = await tx
    .insert(formSubmissions)
    .values({ token, form })
    .onConflictDoNothing()
    .returning({ token: formSubmissions.token });
  if (claimed.length > 0) return { isRepeat: false };
  const [earlier] = await tx
    .select({ form: formSubmissions.form, resultId: formSubmissions.resultId })
    .from(formSubmissions)
    .where(eq(formSubmissions.token, token));
  if (earlier && earlier.form !== form) {
    throw new AppError("This form is out of date. Please reload the page and send it again.");
  }
  return { isRepeat: true, resultId: earlier?.resultId ?? null };
}

/** Records what the post that claimed `token` made, so a repeat can answer with it. */
export async function settleFormToken(tx: Executor, token: string, resultId: string): Promise<void> {
  await tx.update(formSubmissions).set({ resultId }).where(eq(formSubmissions.token, token));
}

/** Gives a claimed token back when the post saved nothing (e.g. it asks for a confirmation first). */
export async function releaseFormToken(tx: Executor, token: string): Promise<void> {
  await tx.delete(formSubmissions).where(eq(formSubmissions.token, token));
}

/** Forgets tokens used more than FORM_TOKEN_DAYS ago; the number forgotten. */
export async function purgeOldFormTokens(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - FORM_TOKEN_DAYS * 86_400_000);
  const removed = await services()
    .db.delete(formSubmissions)
    .where(lt(formSubmissions.createdAt, before))
    .returning({ token: formSubmissions.token });
  return removed.length;
}
