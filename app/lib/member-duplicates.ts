// What makes two members look like the same person, in the words the member forms use.

export type DuplicateReason = "email" | "mobile" | "name-birthday";

/** A live member that may be the person being saved. */
export interface PossibleDuplicate {
  id: string;
  name: string;
  reasons: DuplicateReason[];
}

/** The input "Save anyway" sends, so the action saves although the member looks like another. */
export const SAVE_ANYWAY = { name: "duplicates", value: "save-anyway" } as const;

/** True when the form was sent with "Save anyway". */
export function isSaveAnyway(form: FormData): boolean {
  return form.get(SAVE_ANYWAY.name) === SAVE_ANYWAY.value;
}

export const DUPLICATE_REASON_WORDS: Record<DuplicateReason, string> = {
  email: "same e-mail",
  mobile: "same mobile number",
  "name-birthday": "same name and birthday",
};

/** "same e-mail and same mobile number". */
export function duplicateReasonsInWords(reasons: readonly DuplicateReason[]): string {
  const words = reasons.map((reason) => DUPLICATE_REASON_WORDS[reason]);
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
