import { MailWarning } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { Field } from "~/components/form-field";
import { SaveButton } from "~/components/save-button";
import { StaffCard } from "~/components/staff-accounts";
import { NativeSelect } from "~/components/ui/select";
import { firstError, firstErrors, type ActionResult } from "~/lib/action-result";
import { todayInChurchZone } from "~/lib/dates";
import { formatTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { CARE_PATH } from "~/schemas/care";
import { DIGEST_HOURS, digestFromForm, followUpDigestSchema, hourText } from "~/schemas/follow-up-digest";
import { requireUser } from "~/server/auth/guards.server";
import { getDigestSetting, saveDigestSetting } from "~/server/care/follow-up-digest-settings.server";
import { dueFollowUpCounts } from "~/server/care/my-follow-ups.server";
import { refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { isMailSetUp } from "~/server/settings/mail-settings.server";
import type { Route } from "./+types/digest";

// The daily e-mail of one's own follow-ups (issue 38): each account turns it on for itself and
// chooses the hour (Bahrain time); the worker sends it once a day from that hour.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Daily e-mail of my follow-ups",
    "Choose whether and when you get your follow-ups by e-mail.",
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "care:read");
  const [setting, due] = await Promise.all([
    getDigestSetting(user.id),
    dueFollowUpCounts(user.id, todayInChurchZone()),
  ]);
  return {
    email: user.email,
    setting,
    due,
    mailReady: isMailSetUp(),
    canSetUpMail: can(user, "settings:manage"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "care:read");
  const values = digestFromForm(await readForm(request));
  const parsed = followUpDigestSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title: "Not saved", description: firstError(fieldErrors) },
      { fieldErrors, values: { enabled: values.enabled ? "on" : "", hour: values.hour } },
    );
  }
  await saveDigestSetting(user, parsed.data);
  return reply({
    title: "Saved",
    description: parsed.data.enabled
      ? `Your follow-ups will come by e-mail every day at ${formatTime(hourText(parsed.data.hour))}.`
      : "The daily e-mail of your follow-ups is off.",
  });
}

export default function FollowUpDigest({ loaderData, actionData }: Route.ComponentProps) {
  const { email, setting, due, mailReady, canSetUpMail } = loaderData;
  const answer = actionData as ActionResult | undefined;
  const errors = answer?.ok === false ? answer.fieldErrors : undefined;
  const enabled = answer?.ok === false && answer.values ? answer.values.enabled === "on" : setting.enabled;
  const hour = answer?.ok === false && answer.values ? answer.values.hour : String(setting.hour);
  const busy = useNavigation().state === "submitting";
  return (
    <AdminScreen
      title="Daily e-mail of my follow-ups"
      description={`One e-mail a day to ${email}, listing your follow-ups that are overdue or due that day.`}
      backTo={CARE_PATH}
      backLabel="Back to Follow-ups"
    >
      <ChangeNotice answer={answer} id="follow-up-digest" />
      {!mailReady ? (
        <p
          role="status"
          className="mb-6 flex max-w-2xl items-start gap-2 rounded-xl border border-gold bg-gold/10 p-4 text-sm"
        >
          <MailWarning className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden="true" />
          <span>
            E-mail is not set up on this site yet: the daily e-mail starts once it is.{" "}
            {canSetUpMail ? (
              <Link
                to="/members/settings/email"
                className="font-medium text-primary underline underline-offset-4"
              >
                Set up e-mail
              </Link>
            ) : (
              "An administrator can set it up under Site settings."
            )}
          </span>
        </p>
      ) : null}
      <StaffCard
        id="digest-heading"
        title="My daily e-mail"
        className="max-w-2xl"
        description={
          due.total === 0
            ? "Nothing of yours is due today: on a day like this no e-mail is sent."
            : `Today it would list ${due.total} follow-up${due.total === 1 ? "" : "s"}${due.overdue ? `, ${due.overdue} of them overdue` : ""}.`
        }
      >
        <Form method="post" className="grid gap-5">
          <label htmlFor="digest-enabled" className="flex min-h-11 items-center gap-3 text-sm">
            <input
              id="digest-enabled"
              type="checkbox"
              name="enabled"
              defaultChecked={enabled}
              key={`enabled-${enabled}`}
              className="size-5 shrink-0 accent-primary"
            />
            Send me the daily e-mail of my follow-ups
          </label>
          <Field
            id="digest-hour"
            label="At (Bahrain time)"
            error={errors?.hour}
            hint="It goes once a day, at this hour or soon after. Nothing is sent on a day with nothing due."
            className="max-w-xs"
            control={(aria) => (
              <NativeSelect id="digest-hour" name="hour" defaultValue={hour} key={`hour-${hour}`} {...aria}>
                {DIGEST_HOURS.map((value) => (
                  <option key={value} value={String(value)}>
                    {formatTime(hourText(value))}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <SaveButton busy={busy} />
        </Form>
      </StaffCard>
    </AdminScreen>
  );
}
