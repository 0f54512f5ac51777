import { Copy, Download, Printer, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { FormField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { Button, buttonVariants } from "~/components/ui/button";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { groupSecret } from "~/schemas/account";
import type { AuthenticatorSetup } from "~/server/auth/two-factor.server";
import { PasswordForm } from "./two-factor-password-form";

// The steps of setting up two-factor sign-in: the password, the QR code, the backup codes.

export function StartStep({ error }: { error?: string }) {
  return (
    <Panel
      title="Set up an authenticator app"
      description={
        <>
          You need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator
          or 2FAS (free in your phone&apos;s app store).
        </>
      }
    >
      <ol className="mb-6 grid list-decimal gap-1 pl-5 text-sm">
        <li>Confirm your password.</li>
        <li>Scan the QR code with the app (or type the key it shows).</li>
        <li>Type the 6-digit code the app then shows.</li>
        <li>Keep the ten backup codes somewhere safe.</li>
      </ol>
      <PasswordForm
        intent="start"
        fieldId="password"
        submitLabel="Continue"
        busyLabel="Checking..."
        error={error}
      />
    </Panel>
  );
}

export function ScanStep({ setup, error }: { setup: AuthenticatorSetup; error?: string }) {
  const busy = useIsSubmitting("confirm");
  return (
    <Panel title="Scan this QR code with your app" testId="scan-step" focusOnMount>
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <div
          role="img"
          aria-label="QR code to add this account to your authenticator app"
          className="mx-auto size-52 rounded-lg border border-border bg-white p-1 [&>svg]:size-full"
          // Drawn on the server by the qrcode library from the set-up's own address.
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div className="grid min-w-0 gap-4 text-sm">
          <div>
            <p>Cannot scan it? In the app, choose to enter a key and type this one:</p>
            <p
              data-testid="totp-secret"
              className="mt-2 break-words rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wider"
            >
              {groupSecret(setup.secret)}
            </p>
            <p className="mt-1 text-muted-foreground">Choose “time-based” if the app asks.</p>
            <p className="mt-2">
              On the phone with the app?{" "}
              <a href={setup.totpURI} className="font-medium text-primary underline underline-offset-2">
                Add this account to the app
              </a>
            </p>
          </div>
          <Form method="post" className="grid max-w-xs gap-4">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="totpURI" value={setup.totpURI} />
            <FormField
              id="code"
              name="code"
              label="6-digit code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
              error={error}
              className="[&_input]:font-mono [&_input]:text-lg [&_input]:tracking-widest"
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={busy}>
                {busy ? "Checking..." : "Turn on"}
              </Button>
              <Link to="." className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
            </div>
          </Form>
        </div>
      </div>
    </Panel>
  );
}

export function BackupCodes({ codes, email }: { codes: string[]; email: string }) {
  const [copied, setCopied] = useState<"no" | "yes" | "unavailable">("no");
  const text = [
    `Backup codes for ${email}`,
    "Each code can be used once, instead of the app's code, to sign in.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <Panel title="Your backup codes" testId="backup-codes" focusOnMount>
      <p className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          <strong>Save these codes now: they are shown only once.</strong> If you lose your phone, each code
          lets you sign in one time instead of the app&apos;s code. Keep them somewhere safe, away from your
          phone, and never share them.
        </span>
      </p>
      <ul
        className="mt-4 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5"
        aria-label="Backup codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-muted px-2 py-1.5 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3 print:hidden">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="backup-codes.txt"
          className={buttonVariants({ variant: "outline" })}
        >
          <Download aria-hidden="true" />
          Download as .txt
        </a>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            // The clipboard needs https; on a plain-http site the codes are downloaded or printed.
            if (!navigator.clipboard) return setCopied("unavailable");
            navigator.clipboard.writeText(text).then(
              () => setCopied("yes"),
              () => setCopied("unavailable"),
            );
          }}
        >
          <Copy aria-hidden="true" />
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <p role="status" className={copied === "unavailable" ? "mt-2 text-sm" : "sr-only"}>
        {copied === "yes"
          ? "The backup codes are copied."
          : copied === "unavailable"
            ? "This browser does not allow copying here: download or print the codes instead."
            : ""}
      </p>
      <div className="mt-6 border-t border-border pt-4 print:hidden">
        <Link to="/members/account" className={buttonVariants()}>
          I have saved my codes
        </Link>
      </div>
    </Panel>
  );
}
