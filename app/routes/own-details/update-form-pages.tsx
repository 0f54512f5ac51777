import { CircleCheck, Download, LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { LOCALE_NAMES, useLocalePath, useT, type MessageKey } from "~/lib/i18n";
import { MEMBER_LANGUAGES } from "~/schemas/member-fields";
import { UPDATE_LINK_DAYS } from "~/schemas/own-details";
import type { ClosedLink } from "~/server/people/update-links.server";
import { UpdateForm } from "./update-form-fields";
import { Notice, Section } from "./update-form-section";
import type { Consents, ConsentTexts, OpenView } from "./update-form-view";

// What the update-form page shows: the member's own page, the thanks, or why the link is closed.
// Every word in the page's language (issue 39); links stay in it.

const CLOSED: Record<ClosedLink, MessageKey> = {
  invalid: "update.closed.invalid",
  expired: "update.closed.expired",
  used: "update.closed.used",
};

export function ClosedPage({ state }: { state: ClosedLink }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <LinkIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg text-navy" role="alert" data-testid="closed-link">
        {t(CLOSED[state], { days: UPDATE_LINK_DAYS })}
      </p>
      <p className="text-muted-foreground">{t("update.closed.askAgain")}</p>
      <Link to={to("/update-my-details")} className={buttonVariants({ size: "lg" })}>
        {t("update.closed.newLink")}
      </Link>
    </div>
  );
}

export function ThanksPage() {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <CircleCheck className="size-10 text-primary" aria-hidden="true" />
      <p className="text-lg text-navy" role="status" data-testid="update-thanks">
        {t("update.thanks")}
      </p>
      <Link to={to("/")} className={buttonVariants({ variant: "outline", size: "lg" })}>
        {t("update.thanks.home")}
      </Link>
    </div>
  );
}

const NOTICES = {
  unchanged: { tone: "ok", key: "update.unchanged" },
  fix: { tone: "error", key: "update.fix" },
  "consents-saved": { tone: "ok", key: "update.consents.saved" },
  "consents-same": { tone: "ok", key: "update.consents.same" },
  "registry-withdrawn": { tone: "ok", key: "update.consents.registryWithdrawn" },
  "language-saved": { tone: "ok", key: "update.language.saved" },
  "language-same": { tone: "ok", key: "update.language.same" },
} as const satisfies Record<string, { tone: "ok" | "error"; key: MessageKey }>;

export function OwnPage({ view, token }: { view: OpenView; token: string }) {
  const t = useT();
  const notice = view.notice ? NOTICES[view.notice] : null;
  return (
    <div className="grid gap-6">
      <p className="text-lg text-navy">{t("update.hello", { name: view.firstName })}</p>
      {notice ? (
        <Notice tone={notice.tone}>{t(notice.key, { language: LOCALE_NAMES[view.language] })}</Notice>
      ) : null}
      <UpdateForm view={view} />
      <ConsentsForm consents={view.consents} texts={view.consentTexts} />
      <LanguageForm language={view.language} />
      <Section title={t("update.data.title")} id="data-heading">
        <p className="text-sm text-muted-foreground">{t("update.data.text")}</p>
        <a
          href={`/update-my-details/${token}/my-data`}
          download
          className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
        >
          <Download aria-hidden="true" />
          {t("update.data.download")}
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

/** The church's own words, marked lang="en" when they stand in English on a Filipino page. */
function InLang({ lang, children }: { lang?: "en"; children: string }) {
  return lang ? <span lang={lang}>{children}</span> : children;
}

function ConsentsForm({ consents, texts: wording }: { consents: Consents; texts: ConsentTexts }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Section title={t("update.consents.title")} id="consents-heading">
      <Form method="post" className="grid gap-4" noValidate>
        <p className="text-sm text-muted-foreground">
          {t("update.consents.introBefore")}{" "}
          <Link to={to("/privacy")} className="text-primary underline underline-offset-2">
            {t("update.consents.privacyLink")}
          </Link>
          {t("update.consents.introAfter")}
        </p>
        <ConsentBox name="consentRegistry" checked={consents.registry}>
          <InLang lang={wording.lang}>{wording.registry}</InLang>
          <span className="mt-1 block text-muted-foreground">{t("update.consents.registryNote")}</span>
        </ConsentBox>
        <ConsentBox name="consentEmail" checked={consents.email}>
          <InLang lang={wording.lang}>{wording.email}</InLang>
        </ConsentBox>
        <ConsentBox name="consentDigest" checked={consents.digest}>
          {t("update.consents.digest")}
          <span className="mt-1 block text-muted-foreground">{t("update.consents.digestNeedsEmail")}</span>
        </ConsentBox>
        <Button type="submit" name="intent" value="consents" variant="outline" className="justify-self-start">
          {t("update.consents.save")}
        </Button>
      </Form>
    </Section>
  );
}

/** The language of the church's e-mails to the member, saved at once with its own button. */
function LanguageForm({ language }: { language: OpenView["language"] }) {
  const t = useT();
  return (
    <Section title={t("update.language.title")} id="language-heading">
      <Form method="post" className="grid gap-3" noValidate>
        <p className="text-sm text-muted-foreground">{t("update.language.intro")}</p>
        <div className="grid gap-2">
          <label htmlFor="language" className="text-sm font-medium">
            {t("update.language.label")}
          </label>
          <NativeSelect id="language" name="language" defaultValue={language}>
            {MEMBER_LANGUAGES.map((choice) => (
              <option key={choice.value} value={choice.value} lang={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" name="intent" value="language" variant="outline" className="justify-self-start">
          {t("update.language.save")}
        </Button>
      </Form>
    </Section>
  );
}
