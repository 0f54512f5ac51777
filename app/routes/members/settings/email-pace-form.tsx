import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { Panel } from "~/components/panel";
import { SaveButton } from "~/components/save-button";
import type { ActionResult } from "~/lib/action-result";
import { minutesFor, PACE_FIELD, PACE_MAX, PACE_MIN } from "~/schemas/announcement-pace";

// The pace of announcements on the e-mail settings screen (email.tsx): how many e-mails a second
// an announcement hands to the mail server, and what that means for a large one.

/** The audience size the sentence speaks of: about a large church's whole list. */
const EXAMPLE_PEOPLE = 5000;

export const paceTexts = {
  title: "Pace of announcements",
  description:
    "How many announcement e-mails the site hands to the mail server each second. Many providers limit how many e-mails an account may send an hour or a day: ask yours before raising it.",
  label: "E-mails a second",
  hint: `A whole number from ${PACE_MIN} to ${PACE_MAX}. Other e-mails (confirmations, password links) are not held back by it.`,
  meaning: (perSecond: number) =>
    `About ${perSecond} ${perSecond === 1 ? "e-mail" : "e-mails"} a second: an announcement to ${EXAMPLE_PEOPLE.toLocaleString("en")} people takes about ${minutesFor(EXAMPLE_PEOPLE, perSecond)} minutes to go out.`,
  isDefault: "This is the usual pace; nothing has been saved here yet.",
  // Not "Save": the mail server's form above has that button (a test finds it by name).
  save: "Set the pace",
};

/** The typed value as a pace to describe, or null while it is not one. */
function paceOf(typed: string): number | null {
  const value = Number(typed.trim());
  return /^\d+$/.test(typed.trim()) && value >= PACE_MIN && value <= PACE_MAX ? value : null;
}

export function AnnouncementPaceForm({
  pace,
  actionData,
}: {
  pace: { perSecond: number; isDefault: boolean };
  actionData: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "pace";
  const error = actionData?.fieldErrors?.[PACE_FIELD];
  const typedBack = actionData?.ok === false ? actionData.values?.[PACE_FIELD] : undefined;
  const [typed, setTyped] = useState(typedBack ?? String(pace.perSecond));
  const [answeredAt, setAnsweredAt] = useState(actionData?.at);
  // A refusal puts back what was typed. (A saved pace comes with the page's new data, which the
  // screen gives this form as a new key.)
  if (actionData?.at !== answeredAt) {
    setAnsweredAt(actionData?.at);
    if (typedBack !== undefined) setTyped(typedBack);
  }
  const shown = paceOf(typed) ?? pace.perSecond;
  return (
    <Panel title={paceTexts.title} description={paceTexts.description} testId="announcement-pace">
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="pace" />
        <Field
          id={PACE_FIELD}
          label={paceTexts.label}
          hint={paceTexts.hint}
          error={error}
          control={(aria) => (
            <Input
              id={PACE_FIELD}
              name={PACE_FIELD}
              inputMode="numeric"
              className="max-w-32"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              {...aria}
            />
          )}
        />
        <p data-testid="pace-meaning" aria-live="polite" className="text-sm">
          {paceTexts.meaning(shown)}
          {pace.isDefault && shown === pace.perSecond ? ` ${paceTexts.isDefault}` : ""}
        </p>
        <SaveButton busy={busy}>{paceTexts.save}</SaveButton>
      </Form>
    </Panel>
  );
}
