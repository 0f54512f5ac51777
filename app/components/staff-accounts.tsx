import { Check, Copy } from "lucide-react";
import { useRef, useState, type ComponentProps, type ReactNode } from "react";
import { Link } from "react-router";
import {
  STATUS_LABELS,
  type InvitationLinkView,
  type RoleOption,
  type StaffStatus,
} from "~/lib/staff-accounts";
import { cn } from "~/lib/utils";
import { StatusBadge, type StatusTone } from "./status-badge";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

// Pieces both staff-account screens (the list and one account) show.

const STATUS_TONES: Record<StaffStatus, StatusTone> = {
  active: "good",
  invited: "new",
  "must-change-password": "waiting",
  disabled: "bad",
};

/** Active, Invited, Must change password or Disabled. */
export function StaffStatusBadge({ status, className }: { status: StaffStatus; className?: string }) {
  return (
    <StatusBadge tone={STATUS_TONES[status]} testId="staff-status" className={className}>
      {STATUS_LABELS[status]}
    </StatusBadge>
  );
}

/** The role's name: Admin, Staff, Editor, Ministry head or one of the church's own. */
export function RoleBadge({ name }: { name: string }) {
  return (
    <span
      data-testid="staff-role"
      className="inline-flex max-w-full items-center rounded-full bg-background px-2.5 py-0.5 text-xs font-semibold text-navy ring-1 ring-border wrap-anywhere"
    >
      {name}
    </span>
  );
}

/**
 * The role as a choice among the church's roles, each with what it may do, so the admin knows
 * what they give. A church may have many roles, so the list stays short on a phone: each role on
 * one row with the start of its summary, and the chosen one with all of it (by CSS alone, so it
 * works before the page's scripts run).
 * `idPrefix` keeps the ids apart when two forms on a page have it.
 */
export function RoleChoice({
  roles,
  idPrefix,
  defaultValue,
  error,
  disabled,
  legend = "What may this account do?",
}: {
  roles: RoleOption[];
  idPrefix: string;
  defaultValue?: string;
  error?: string;
  disabled?: boolean;
  legend?: string;
}) {
  const errorId = `${idPrefix}-role-error`;
  const firstOwn = roles.find((role) => !role.builtIn)?.key;
  return (
    <fieldset className="grid gap-2" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border">
        {roles.map((role) => {
          const id = `${idPrefix}-role-${role.key}`;
          return (
            <li key={role.key}>
              {role.key === firstOwn ? (
                <p className="bg-muted/60 px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  Your church&apos;s roles
                </p>
              ) : null}
              <div className="group flex gap-3 px-3 py-2.5 has-[:checked]:bg-primary/5">
                <input
                  id={id}
                  type="radio"
                  name="role"
                  value={role.key}
                  required
                  defaultChecked={defaultValue === role.key}
                  aria-describedby={`${id}-description`}
                  className="mt-0.5 size-5 shrink-0 accent-primary"
                />
                <div className="min-w-0">
                  <label htmlFor={id} className="block cursor-pointer font-semibold text-navy">
                    {role.name}
                  </label>
                  <p
                    id={`${id}-description`}
                    className="line-clamp-1 text-sm text-muted-foreground group-has-[:checked]:line-clamp-none"
                  >
                    {role.description}
                  </p>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">
        <Link to="/members/staff/roles" className="font-medium text-primary underline underline-offset-4">
          Compare the roles
        </Link>{" "}
        (what each can and cannot do), or make one of your church&apos;s own.
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A radio button in a bordered box, its name in bold and what it means below. */
export function ChoiceOption({
  id,
  label,
  description,
  ...radio
}: { id: string; label: string; description: string } & Omit<ComponentProps<"input">, "id" | "type">) {
  return (
    <div className="flex gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
      <input
        id={id}
        type="radio"
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-5 shrink-0 accent-primary"
        {...radio}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer font-semibold text-navy">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}

/**
 * The link an invited person uses to choose their password, for the admin to pass on by hand
 * when the site cannot send e-mail, with a button that copies it.
 */
export function InvitationLinkPanel({
  invitation,
  heading,
  note,
  testId = "invitation-link",
}: {
  invitation: InvitationLinkView;
  heading: string;
  /** What the link is for, in place of the invitation's words. */
  note?: ReactNode;
  testId?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"yes" | "select" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.url);
      setCopied("yes");
    } catch {
      // No clipboard (an old browser, a page not served over https): select it for the person.
      inputRef.current?.select();
      setCopied("select");
    }
  };
  const inputId = `invitation-link-${invitation.email}`;
  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      data-testid={testId}
      className="grid gap-3 rounded-xl border border-gold bg-gold/10 p-4 sm:p-5"
    >
      <h2 id={`${inputId}-heading`} className="text-lg font-semibold text-navy">
        {heading}
      </h2>
      {note ?? (
        <p className="text-sm">
          E-mail is not set up on this site, so pass this link on to <strong>{invitation.name}</strong>{" "}
          yourself (for example by WhatsApp or a text message). With it they choose their own password. It
          works once, until {invitation.expires}.
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto]">
        <label htmlFor={inputId} className="sr-only">
          Link for {invitation.name}
        </label>
        <Input
          ref={inputRef}
          id={inputId}
          readOnly
          value={invitation.url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-sm"
        />
        <Button type="button" variant="outline" onClick={copy}>
          {copied === "yes" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === "yes" ? "Copied" : "Copy link"}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {copied === "yes"
          ? "The link is copied. Paste it into your message."
          : copied === "select"
            ? "Your browser did not let us copy it: the link is selected, copy it with your keyboard or menu."
            : null}
      </p>
    </section>
  );
}

/** A titled card on the staff screens. */
export function StaffCard({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6", className)}
    >
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-muted-foreground">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
