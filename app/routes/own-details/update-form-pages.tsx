import { CircleCheck, Download, LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ClosedLink } from "~/server/people/update-links.server";
import { UpdateForm } from "./update-form-fields";
import { Notice, Section } from "./update-form-section";
import { texts, type Consents, type ConsentTexts, type OpenView } from "./update-form-view";

// What the update-form page shows: the member's own page, the thanks, or why the link is closed.

export function ClosedPage({ state }: { state: ClosedLink }) {
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <LinkIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg text-navy" role="alert" data-testid="closed-link">
        {texts.closed[state]}
      </p>
      <p className="text-muted-foreground">{texts.askAgain}</p>
      <Link to="/update-my-details" className={buttonVariants({ size: "lg" })}>
        Ask for a new link
      </Link>
    </div>
  );
}

export function ThanksPage() {
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <CircleCheck className="size-10 text-primary" aria-hidden="true" />
      <p className="text-lg text-navy" role="status" data-testid="update-thanks">
        {texts.thanks}
      </p>
      <Link to="/" className={buttonVariants({ variant: "outline", size: "lg" })}>
        Go to the home page
      </Link>
    </div>
  );
}

const NOTICES = {
  unchanged: { tone: "ok", text: texts.unchanged },
  fix: { tone: "error", text: texts.fix },
  "consents-saved": { tone: "ok", text: texts.consentsSaved },
  "consents-same": { tone: "ok", text: texts.consentsSame },
  "registry-withdrawn": { tone: "ok", text: texts.registryWithdrawn },
} as const;

export function OwnPage({ view, token }: { view: OpenView; token: string }) {
  const notice = view.notice ? NOTICES[view.notice] : null;
  return (
    <div className="grid gap-6">
      <p className="text-lg text-navy">
        Hello {view.firstName}. These are the details the church has for you. Change what is not right and
        send it: the church office will look at your changes before they are saved.
      </p>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <UpdateForm view={view} />
      <ConsentsForm consents={view.consents} texts={view.consentTexts} />
      <Section title="Your data" id="data-heading">
        <p className="text-sm text-muted-foreground">
          One file with everything the church keeps about you: your record, your consents, and the sign-ups,
          registrations and messages sent with the e-mail address this link was sent to. It opens in any web
          browser.
        </p>
        <a
          href={`/update-my-details/${token}/my-data`}
          download
          className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
        >
          <Download aria-hidden="true" />
          Download my data
        </a>
      </Section>
    </div>
  );
}

function ConsentBox({ name, checked, children }: { name: string; checked: boolean; children: ReactNode }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        name={name}
        value="yes"
        defaultChecked={checked}
        className="mt-0.5 size-5 shrink-0 accent-primary"
      />
      <span>{children}</span>
    </label>
  );
}

function ConsentsForm({ consents, texts: wording }: { consents: Consents; texts: ConsentTexts }) {
  return (
    <Section title="Your consents" id="consents-heading">
      <Form method="post" className="grid gap-4" noValidate>
        <p className="text-sm text-muted-foreground">
          What you agree the church may do with your details (see the{" "}
          <Link to="/privacy" className="text-primary underline underline-offset-2">
            privacy notice
          </Link>
          ). A change here is saved at once, on its own.
        </p>
        <ConsentBox name="consentRegistry" checked={consents.registry}>
          {wording.registry}
          <span className="mt-1 block text-muted-foreground">
            Without this consent the church cannot keep your record: the church office will erase it.
          </span>
        </ConsentBox>
        <ConsentBox name="consentEmail" checked={consents.email}>
          {wording.email}
        </ConsentBox>
        <ConsentBox name="consentDigest" checked={consents.digest}>
          {texts.digestConsent}
          <span className="mt-1 block text-muted-foreground">{texts.digestNeedsEmail}</span>
        </ConsentBox>
        <Button type="submit" name="intent" value="consents" variant="outline" className="justify-self-start">
          Save my consents
        </Button>
      </Form>
    </Section>
  );
}
