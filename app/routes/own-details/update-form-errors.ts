import { firstErrors } from "~/lib/action-result";
import type { Locale, MessageKey, Translate } from "~/lib/i18n";
import { MEMBER_FIELDS } from "~/schemas/member-fields";
import type { OwnDetailField } from "~/schemas/own-details";

// The update form's field messages in the page's language (issue 39). English keeps the member
// form's own messages, word for word; another language says the same by the kind of problem.

/** Each field as a message names it, in the page's language. */
const FIELD_NAMES: Record<OwnDetailField, MessageKey> = {
  email: "update.error.name.email",
  countryCode: "update.error.name.countryCode",
  mobile: "update.error.name.mobile",
  addressBh: "update.error.name.addressBh",
  addressPh: "update.error.name.addressPh",
  children: "update.error.name.children",
  ministryInvolvement: "update.error.name.ministries",
};

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
  format?: string;
}

function messageOf(issue: Issue, t: Translate): string {
  const field = String(issue.path[0] ?? "") as OwnDetailField;
  if (field === "children") {
    if (issue.path.length === 1)
      return t("update.error.tooManyChildren", { max: MEMBER_FIELDS.children.max });
    if (issue.path[2] === "name") return t("update.error.childName", { max: MEMBER_FIELDS.children.nameMax });
    if (issue.path[2] === "birthday") return t("update.error.childBirthday");
    return t("update.error.choice");
  }
  if (field === "ministryInvolvement" || field === "countryCode") return t("update.error.choice");
  const name = t(FIELD_NAMES[field] ?? "update.error.name.email");
  if (issue.code === "too_small") return t("update.error.required", { field: name });
  if (issue.code === "too_big") return t("update.error.tooLong", { field: name, max: Number(issue.maximum) });
  if (field === "email") return t("update.error.email");
  if (field === "mobile") return t("update.error.mobile");
  return t("update.error.check", { field: name });
}

/** One message per field, the first of each, in the page's language. */
export function ownDetailsErrors(issues: Issue[], locale: Locale, t: Translate): Record<string, string> {
  if (locale === "en") return firstErrors(issues);
  return firstErrors(issues.map((issue) => ({ path: issue.path, message: messageOf(issue, t) })));
}
