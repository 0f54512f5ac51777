import { CheckCircle2, Circle } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { SaveButton } from "~/components/save-button";
import { StatusBadge } from "~/components/status-badge";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { SiteAddressField } from "../settings/site-address-field";
import { NAME_MAX_LENGTH } from "~/schemas/account";

// The steps of the first sign-in set-up: one card each, with its own form and its own Save.

/** One numbered step: its title, whether it is done, and its form. */
export function SetupStepCard({
  id,
  number,
  title,
  description,
  isDone,
  children,
}: {
  id: string;
  number: number;
  title: string;
  description: ReactNode;
  isDone: boolean;
  children: ReactNode;
}) {
  const Icon = isDone ? CheckCircle2 : Circle;
  return (
    <section
      id={`step-${id}`}
      aria-labelledby={`step-${id}-heading`}
      data-testid={`setup-step-${id}`}
      className="min-w-0 scroll-mt-6 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`step-${id}-heading`} className="flex items-center gap-2 text-lg font-semibold text-navy">
          <Icon
            className={isDone ? "size-5 shrink-0 text-success" : "size-5 shrink-0 text-muted-foreground"}
            aria-hidden="true"
          />
          <span>
            {number}. {title}
          </span>
        </h2>
        <StatusBadge tone={isDone ? "good" : "waiting"} testId={`setup-step-${id}-state`}>
          {isDone ? "Done" : "To do"}
        </StatusBadge>
      </div>
      <div className="mt-1 text-sm text-muted-foreground">{description}</div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function ProfileForm({
  name,
  email,
  errors,
}: {
  name: string;
  email: string;
  errors: Record<string, string>;
}) {
  const busy = useIsSubmitting("profile");
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="profile" />
      <FormField
        id="name"
        name="name"
        label="Your name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
        defaultValue={name}
        error={errors.name}
      />
      <FormField
        id="email"
        name="email"
        label="Your e-mail address"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={254}
        defaultValue={email}
        hint="You sign in with it from now on, and password reset links go to it."
        error={errors.email}
      />
      <SaveButton busy={busy}>Save name and e-mail</SaveButton>
    </Form>
  );
}

export function ChurchNameForm({ name, version, error }: { name: string; version: number; error?: string }) {
  const busy = useIsSubmitting("church");
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="church" />
      <input type="hidden" name="version" value={version} />
      <FormField
        id="churchName"
        name="churchName"
        label="Church name"
        required
        maxLength={100}
        defaultValue={name}
        hint="Shown in the header and footer of every page and in e-mails. The rest of the church's details are under Website."
        error={error}
      />
      <SaveButton busy={busy}>Save church name</SaveButton>
    </Form>
  );
}

export function AddressForm({
  address,
  error,
  environment,
}: {
  address: string;
  error?: string;
  environment: string | null;
}) {
  const busy = useIsSubmitting("address");
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="address" />
      {environment ? (
        <p className="text-sm">
          The server's settings (PUBLIC_URL) already set it to{" "}
          <span className="font-semibold wrap-anywhere">{environment}</span>, which wins over what you save
          here.
        </p>
      ) : null}
      <SiteAddressField
        defaultValue={address}
        hint="The address visitors type, for example https://www.actschurch.bh: links in e-mails start with it."
        error={error}
      />
      <SaveButton busy={busy}>Save site address</SaveButton>
    </Form>
  );
}
