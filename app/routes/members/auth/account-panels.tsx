import { LogOut, Monitor, ShieldAlert, ShieldCheck, Smartphone } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Panel } from "~/components/panel";
import { Button, buttonVariants } from "~/components/ui/button";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import type { TwoFactorStatus } from "~/server/auth/two-factor.server";

// The panels of My account that show two-factor sign-in and the devices signed in.

/** A device signed in to one's own account, as My account lists it. */
export interface SessionRow {
  id: string;
  device: string;
  isPhone: boolean;
  isCurrent: boolean;
  address: string | null;
  signedIn: string;
  lastActive: string;
}

export function TwoFactorPanel({ status }: { status: TwoFactorStatus }) {
  const linkClass = buttonVariants({ variant: status.enabled ? "outline" : "default" });
  return (
    <Panel title="Two-factor sign-in" testId="two-factor-status">
      {status.enabled ? (
        <div className="flex gap-3">
          <ShieldCheck className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden="true" />
          <div className="grid gap-1 text-sm">
            <p className="font-semibold text-emerald-800">On</p>
            <p>When you sign in, you also type a code from the authenticator app on your phone.</p>
            <p className="text-muted-foreground">
              {status.backupCodesLeft === 1
                ? "1 backup code left."
                : `${status.backupCodesLeft} backup codes left.`}
            </p>
          </div>
        </div>
      ) : (
        <div className="flex gap-3">
          <ShieldAlert className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden="true" />
          <div className="grid gap-1 text-sm">
            <p className="font-semibold text-amber-900">Off</p>
            <p>
              {status.required
                ? "The church requires it for every staff account. Set it up now to continue."
                : "Add a second step to your sign-in: a code from an app on your phone, so a stolen password alone is not enough."}
            </p>
          </div>
        </div>
      )}
      <Link to="/members/account/two-factor" className={`${linkClass} mt-4`}>
        {status.enabled ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
      </Link>
    </Panel>
  );
}

export function SessionsPanel({ sessions }: { sessions: SessionRow[] }) {
  const busyElsewhere = useIsSubmitting("sign-out-elsewhere");
  const navigation = useNavigation();
  const others = sessions.filter((session) => !session.isCurrent).length;
  return (
    <Panel
      title="Where you are signed in"
      description="If you see a device you do not recognise, sign it out and change your password."
      testId="sessions"
    >
      <ul className="divide-y divide-border">
        {sessions.map((session) => {
          const Icon = session.isPhone ? Smartphone : Monitor;
          const busy = navigation.state === "submitting" && navigation.formData?.get("id") === session.id;
          return (
            <li
              key={session.id}
              data-testid="session"
              className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0"
            >
              <Icon className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {session.device}
                  {session.isCurrent ? (
                    <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">Signed in {session.signedIn}</p>
                <p className="break-words text-muted-foreground">
                  Last active {session.lastActive} ·{" "}
                  {session.address ? `address ${session.address}` : "address unknown"}
                </p>
              </div>
              {session.isCurrent ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="id" value={session.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    aria-label={`Sign out ${session.device}, signed in ${session.signedIn}`}
                  >
                    {busy ? "Signing out..." : "Sign out"}
                  </Button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Form method="post" className="mt-4 border-t border-border pt-4">
          <input type="hidden" name="intent" value="sign-out-elsewhere" />
          <Button type="submit" variant="outline" disabled={busyElsewhere}>
            <LogOut aria-hidden="true" />
            {busyElsewhere ? "Signing out..." : "Sign out everywhere else"}
          </Button>
        </Form>
      ) : (
        <p className="mt-4 border-t border-border pt-4 text-sm text-muted-foreground">
          You are not signed in anywhere else.
        </p>
      )}
    </Panel>
  );
}
