import { CheckCircle2, CircleAlert, Info, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Field, FormField, PasswordField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { SaveButton } from "~/components/save-button";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import type { ActionResult } from "~/lib/action-result";
import { MAIL_SECURITY, MAIL_SECURITY_LABELS } from "~/schemas/mail-settings";
import type { MailSettingsView } from "~/server/settings/mail-settings.server";

// The pieces of the e-mail settings screen (email.tsx): where the settings come from, the mail
// server's form and the test e-mail.

type ScreenAnswer =
  (ActionResult & { test?: { ok: boolean; to: string; response?: string; error?: string } }) | undefined;

function Note({ tone, children }: { tone: "good" | "warn" | "info"; children: React.ReactNode }) {
  const Icon = tone === "good" ? CheckCircle2 : tone === "warn" ? CircleAlert : Info;
  const colours =
    tone === "good"
      ? "border-success/40 bg-success/10"
      : tone === "warn"
        ? "border-gold bg-gold/10"
        : "border-border bg-muted/40";
  return (
    <div
      role="status"
      data-testid="mail-status"
      className={`flex items-start gap-2 rounded-xl border p-4 text-sm ${colours}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">{children}</div>
    </div>
  );
}

/** Whether e-mail is set up, and from where. */
export function MailStatus({ settings }: { settings: MailSettingsView }) {
  if (settings.source === "env")
    return (
      <Note tone="info">
        <p>
          <strong>E-mail is set up on the server</strong> ({settings.envServer}, sender {settings.envFrom}).
          The server's SMTP_URL and MAIL_FROM settings win over this screen, so the form below cannot be
          saved.
        </p>
        <p>
          To manage e-mail here instead, whoever runs the server removes SMTP_URL and MAIL_FROM and restarts
          the site. The test e-mail below uses the server's settings.
        </p>
      </Note>
    );
  if (settings.passwordUnreadable)
    return (
      <Note tone="warn">
        <p>
          <strong>Enter the password again.</strong> The mail server's password was saved on another
          installation (or before the site's key changed) and cannot be read here, so e-mail is not sent until
          it is typed again.
        </p>
      </Note>
    );
  if (settings.source === "settings")
    return (
      <Note tone="good">
        <p>
          <strong>E-mail is set up.</strong> The site sends through {settings.stored?.host}:
          {settings.stored?.port} as {settings.stored?.from}.
        </p>
      </Note>
    );
  return (
    <Note tone="warn">
      <p>
        <strong>E-mail is not set up.</strong> Confirmations, notifications and password links wait in the
        outbox until you enter the mail server below. Your e-mail provider tells you its SMTP server, port and
        sign-in.
      </p>
    </Note>
  );
}

/** The mail server's form. The password is write-only: empty keeps the saved one. */
export function MailServerForm({
  settings,
  actionData,
}: {
  settings: MailSettingsView;
  actionData: ScreenAnswer;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state === "submitting" && (intent === "save" || intent === "remove");
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.ok === false ? actionData.values : undefined;
  const stored = settings.stored;
  const locked = settings.source === "env";
  const value = (field: string, fallback: string) => values?.[field] ?? fallback;
  return (
    <Panel
      title="Mail server"
      description="The SMTP server and account the website sends from. Ask your e-mail provider for these."
    >
      <Form method="post" className="grid gap-5" noValidate>
        <input type="hidden" name="intent" value="save" />
        <fieldset disabled={locked} className="grid min-w-0 gap-5 disabled:opacity-70">
          <div className="grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <FormField
              id="host"
              name="host"
              label="Server"
              hint="For example smtp.gmail.com or mail.yourchurch.org"
              autoComplete="off"
              spellCheck={false}
              defaultValue={value("host", stored?.host ?? "")}
              error={errors.host}
            />
            <FormField
              id="port"
              name="port"
              label="Port"
              inputMode="numeric"
              hint="Usually 587 or 465"
              defaultValue={value("port", String(stored?.port ?? 587))}
              error={errors.port}
            />
          </div>
          <Field
            id="security"
            label="Security"
            error={errors.security}
            control={(aria) => (
              <NativeSelect
                id="security"
                name="security"
                defaultValue={value("security", stored?.security ?? "starttls")}
                {...aria}
              >
                {MAIL_SECURITY.map((choice) => (
                  <option key={choice} value={choice}>
                    {MAIL_SECURITY_LABELS[choice]}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormField
            id="user"
            name="user"
            label="User name"
            hint="Usually the full e-mail address of the account. Leave empty if the server needs no sign-in."
            autoComplete="off"
            spellCheck={false}
            defaultValue={value("user", stored?.user ?? "")}
            error={errors.user}
          />
          <PasswordField
            id="password"
            name="password"
            label="Password"
            autoComplete="new-password"
            hint={
              settings.hasPassword && !settings.passwordUnreadable
                ? "A password is saved. Leave this empty to keep it, or type a new one."
                : "For Gmail and Microsoft 365 this is usually an app password. It is stored encrypted and never shown again."
            }
            error={errors.password}
          />
          {settings.hasPassword ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="removePassword" className="size-4" />
              Remove the saved password
            </label>
          ) : null}
          <FormField
            id="from"
            name="from"
            label="Sender"
            hint={
              'How the sender appears, such as "ACTS Church" <office@actschurch.bh>. Many providers require the account\'s own address.'
            }
            spellCheck={false}
            defaultValue={value("from", stored?.from ?? "")}
            error={errors.from}
          />
          <SaveButton busy={busy} />
        </fieldset>
      </Form>
      {stored && !locked ? (
        <Form method="post" className="mt-6 border-t border-border pt-4">
          <input type="hidden" name="intent" value="remove" />
          <p className="mb-2 text-sm text-muted-foreground">
            Removing the settings stops all e-mail: new e-mails wait in the outbox.
          </p>
          <Button type="submit" variant="outline" size="sm" className="text-destructive" disabled={busy}>
            Remove the e-mail settings
          </Button>
        </Form>
      ) : null}
    </Panel>
  );
}

/** "Send a test e-mail", and the mail server's own answer. */
export function TestEmailForm({
  adminEmail,
  isSetUp,
  actionData,
}: {
  adminEmail: string;
  isSetUp: boolean;
  actionData: ScreenAnswer;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "test";
  const test = actionData && "test" in actionData ? actionData.test : undefined;
  const errors = actionData?.fieldErrors ?? {};
  return (
    <Panel
      title="Send a test e-mail"
      description="Sent at once, not through the outbox, with the saved settings."
    >
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="test" />
        <FormField
          id="to"
          name="to"
          type="email"
          label="Send it to"
          defaultValue={adminEmail}
          error={errors.to}
          spellCheck={false}
        />
        <div>
          <Button type="submit" disabled={busy || !isSetUp}>
            <Send aria-hidden="true" />
            {busy ? "Sending..." : "Send a test e-mail"}
          </Button>
        </div>
        {!isSetUp ? <p className="text-sm text-muted-foreground">Save the mail server first.</p> : null}
      </Form>
      {test && !busy ? (
        <div
          data-testid="test-answer"
          role="status"
          className={`mt-4 grid gap-1 rounded-lg border p-3 text-sm ${test.ok ? "border-success/40 bg-success/10" : "border-destructive/40 bg-destructive/10"}`}
        >
          <p className="font-medium">
            {test.ok
              ? `Accepted for ${test.to}. The mail server answered:`
              : `Not sent to ${test.to}. The answer was:`}
          </p>
          <p className="break-words font-mono text-xs">{test.ok ? test.response : test.error}</p>
        </div>
      ) : null}
    </Panel>
  );
}
