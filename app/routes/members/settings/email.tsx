import { useEffect } from "react";
import { AdminScreen } from "~/components/admin-screen";
import { HeldEmails } from "~/components/held-emails";
import { firstError, firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { MAIL_SETTINGS_FIELDS, mailSettingsSchema, testEmailSchema } from "~/schemas/mail-settings";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { answerHeldChoice, heldEmailsView, isHeldIntent } from "~/server/messages/held-choice.server";
import {
  mailSettingsView,
  removeMailSettings,
  saveMailSettings,
  sendTestEmail,
  type MailSettingsView,
} from "~/server/settings/mail-settings.server";
import {
  announcementPaceView,
  saveAnnouncementPace,
  type AnnouncementPaceView,
} from "~/server/settings/announcement-pace.server";
import { PACE_FIELD } from "~/schemas/announcement-pace";
import type { Route } from "./+types/email";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { MailServerForm, MailStatus, TestEmailForm } from "./email-forms";
import { AnnouncementPaceForm } from "./email-pace-form";

// E-mail settings (issue 32, admins): the SMTP server the site sends through, a test e-mail that
// shows the mail server's own answer, the choice about e-mails held since mail was switched on, and
// the pace of announcements (issue 35).

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "E-mail settings", "The mail server the website sends e-mail through.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "settings:manage");
  const settings = mailSettingsView();
  return loadOrEmpty(
    "the held e-mails and the pace of announcements",
    async () => ({
      settings,
      held: await heldEmailsView(),
      pace: (await announcementPaceView()) as AnnouncementPaceView | null,
      adminEmail: user.email,
    }),
    { settings, held: { count: 0, kinds: [] }, pace: null, adminEmail: user.email },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "settings:manage");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isHeldIntent(intent)) return answerHeldChoice(intent, user);

  if (intent === "test") {
    const parsed = testEmailSchema.safeParse({ to: String(form.get("to") ?? "") });
    if (!parsed.success) {
      const fieldErrors = firstErrors(parsed.error.issues);
      return refuse(400, { title: "Not sent", description: firstError(fieldErrors) }, { fieldErrors });
    }
    const result = await sendTestEmail(parsed.data.to);
    const test = { ...result, to: parsed.data.to };
    return result.ok
      ? replyWith(
          { title: "Test e-mail sent", description: `The mail server accepted it for ${parsed.data.to}.` },
          { test },
        )
      : replyWith(
          { title: "Test e-mail not sent", description: result.error, variant: "destructive" },
          { test },
        );
  }

  if (intent === "remove") {
    try {
      const removed = await removeMailSettings(user);
      return reply({
        title: removed ? "E-mail settings removed" : "Nothing to remove",
        description: removed
          ? "E-mails wait in the outbox until e-mail is set up again."
          : "No settings were saved here.",
      });
    } catch (error) {
      return refusalFor(error, {
        title: "Not removed",
        what: "Removing the e-mail settings",
        fallback: "The settings could not be removed. Please try again.",
      });
    }
  }

  if (intent === "pace") {
    const typed = String(form.get(PACE_FIELD) ?? "").slice(0, 20);
    try {
      const { to, changed } = await saveAnnouncementPace(user, typed);
      return reply(
        changed
          ? { title: "Pace saved", description: `Announcements now go out at about ${to} e-mails a second.` }
          : { title: "Nothing changed", description: `The pace is already ${to} e-mails a second.` },
      );
    } catch (error) {
      return refusalFor(error, {
        title: "Pace not saved",
        what: "Saving the pace of announcements",
        fallback: "The pace could not be saved. Please try again.",
        values: { [PACE_FIELD]: typed },
      });
    }
  }

  if (intent !== "save") return refuse(400, { title: "Not saved", description: "Unknown request." });
  const values = Object.fromEntries(
    MAIL_SETTINGS_FIELDS.map((field) => [field, String(form.get(field) ?? "")]),
  );
  const parsed = mailSettingsSchema.safeParse(values);
  // The password is never sent back to the page, not even after a refusal.
  const typed = { ...values, password: "" };
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title: "Not saved", description: firstError(fieldErrors) },
      { fieldErrors, values: typed },
    );
  }
  try {
    const { held } = await saveMailSettings(parsed.data, user);
    return reply({
      title: "E-mail settings saved",
      description: held
        ? `E-mail is on. ${held === 1 ? "1 older e-mail is" : `${held} older e-mails are`} held until you choose to send or discard them.`
        : "Send a test e-mail to check them.",
    });
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Saving the e-mail settings",
      fallback: "The settings could not be saved. Please try again.",
      values: typed,
    });
  }
}

export type EmailActionData = Route.ComponentProps["actionData"];

export default function EmailSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, held, pace, adminEmail, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the held e-mails");
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `email-settings-${actionData.at}` });
  }, [actionData]);

  return (
    <AdminScreen
      title="E-mail settings"
      description="The mail server the website sends its e-mails through: confirmations, notifications, replies and password links."
      backTo="/members/settings"
      backLabel="Back to Site settings"
    >
      <div className="grid gap-6">
        <MailStatus settings={settings as MailSettingsView} />
        <HeldEmails held={held} canChoose />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <MailServerForm settings={settings as MailSettingsView} actionData={actionData} />
          <TestEmailForm
            adminEmail={adminEmail}
            isSetUp={settings.source !== "none"}
            actionData={actionData}
          />
        </div>
        {pace ? <AnnouncementPaceForm key={pace.perSecond} pace={pace} actionData={actionData} /> : null}
      </div>
    </AdminScreen>
  );
}
