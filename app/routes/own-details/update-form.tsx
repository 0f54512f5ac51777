import { CircleCheck, Download, LinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link } from "react-router";
import { Field, FormField } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { COUNTRY_CODES, GENDERS, type Choice } from "~/content/member-options";
import { firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { CHILD_INPUTS, MEMBER_FIELDS, readMemberForm, type MemberChild } from "~/schemas/member-fields";
import {
  makeOwnDetailsSchema,
  ownDetailsDraft,
  UPDATE_LINK_DAYS,
  type OwnDetails,
} from "~/schemas/own-details";
import { MAX_PUBLIC_FORM_BYTES, readBodyWithin } from "~/server/http/public-forms.server";
import { factsOf } from "~/server/http/request-context.server";
import {
  changeConsent,
  consentHistory,
  CONSENT_KINDS,
  currentConsents,
} from "~/server/people/consents.server";
import { submitOwnDetails } from "~/server/people/member-updates.server";
import { openUpdateLink, type ClosedLink } from "~/server/people/update-links.server";
import { loadMemberOptions } from "~/server/people/members.server";
import { hitRateLimits } from "~/server/platform/rate-limit.server";
import { services } from "~/server/platform/services.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/update-form";

// The page an update link opens (privacy issue 23): one member's own contact details, addresses,
// children and ministries, nothing else and nobody else's. The token in the address is the only
// key: the form carries no member id, and the server takes the member from the link alone. It is
// a plain page and form (no scripts, ADR 013): adding a child row is a round trip to the server.
// What is sent waits for the church office; the link works once, and only for a real change.

// The token must not travel to other sites: no referrer leaves the site ("same-origin" rather than
// "no-referrer", which would make the browser send `Origin: null` with the form, and the site
// refuses such posts as sent from elsewhere), and no cache keeps the page.
const KEEP_TOKEN_HERE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

export function headers() {
  return KEEP_TOKEN_HERE;
}

const texts = {
  title: "Update My Details",
  thanks: "Thank you. The church office will review your changes.",
  unchanged: "Nothing changed: your details are the same as the church has them. Your link still works.",
  fix: "Please check the fields marked below. Nothing has been sent yet.",
  closed: {
    invalid:
      "This link is not valid. Please open the link from your e-mail exactly as it is, or ask for a new one.",
    expired: `This link has expired: each link works for ${UPDATE_LINK_DAYS} days. Please ask for a new one.`,
    used: "This link has already been used: each link works once. To change something else, please ask for a new one.",
  } satisfies Record<ClosedLink, string>,
  consentsSaved: "Your consents are saved.",
  consentsSame: "Your consents are as they were: nothing to save.",
  registryWithdrawn:
    "You withdrew your consent to the member registry. The church office is told, and will erase your record or contact you about it.",
  askAgain:
    "Enter your e-mail address on the Update My Details page, or ask the church office for a QR code.",
};

type Draft = {
  email: string;
  countryCode: string;
  mobile: string;
  addressBh: string;
  addressPh: string;
  children: MemberChild[];
  ministryInvolvement: string[];
};

type View =
  | { state: ClosedLink }
  | { state: "thanks" }
  | {
      state: "open";
      firstName: string;
      draft: Draft;
      ministries: Choice[];
      /** The consents in force: changed at once with their own button, not through the review. */
      consents: Consents;
      /** The consents' wording, as the privacy notice section has it. */
      consentTexts: ConsentTexts;
      errors: Record<string, string>;
      notice: "unchanged" | "fix" | "consents-saved" | "consents-same" | "registry-withdrawn" | null;
      /** Empty rows offered for new children. */
      newRows: number;
    };

type Consents = Record<(typeof CONSENT_KINDS)[number], boolean>;
/** The consents' wording (the privacy notice section's), as the registration form shows it too. */
type ConsentTexts = { registry: string; email: string };

async function consentsOf(memberId: string): Promise<Consents> {
  const current = currentConsents(await consentHistory(memberId));
  return { registry: Boolean(current.registry), email: Boolean(current.email) };
}

async function consentTextsOf(): Promise<ConsentTexts> {
  const { privacy } = await getSiteContent();
  return { registry: privacy.registryConsent, email: privacy.emailConsent };
}

const STATUS: Record<ClosedLink, number> = { invalid: 404, expired: 410, used: 410 };

function closed(state: ClosedLink) {
  return data<View>({ state }, { status: STATUS[state], headers: KEEP_TOKEN_HERE });
}

function draftOf(details: OwnDetails): Draft {
  return { ...details, addressBh: details.addressBh ?? "", addressPh: details.addressPh ?? "" };
}

export const clientLoader = loadAsDocument;

export async function loader({ params }: Route.LoaderArgs) {
  const link = await openUpdateLink(params.token);
  if (link.state !== "open") return closed(link.state);
  const [{ ministries }, consents, consentTexts] = await Promise.all([
    loadMemberOptions(),
    consentsOf(link.memberId),
    consentTextsOf(),
  ]);
  return data<View>(
    {
      state: "open",
      firstName: link.firstName,
      draft: draftOf(link.details),
      ministries,
      consents,
      consentTexts,
      errors: {},
      notice: null,
      newRows: 1,
    },
    { headers: KEEP_TOKEN_HERE },
  );
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 1000) : "";
};

const isBlank = (child: { name?: string | null; birthday?: string | null; gender?: string | null }) =>
  !child.name?.trim() && !child.birthday && !child.gender;

/** How many empty child rows were sent (the rows offered for new children, left empty). */
function blankRows(form: FormData): number {
  return (readMemberForm(form).children ?? []).filter(isBlank).length;
}

/** What was typed, for the form to show again; rows marked "remove" and empty rows are gone. */
function typedDraft(form: FormData): Draft {
  const member = readMemberForm(form);
  const removed = new Set(form.getAll("removeChild").map(String));
  return {
    email: text(form, "email"),
    countryCode: text(form, "countryCode"),
    mobile: text(form, "mobile"),
    addressBh: text(form, "addressBh"),
    addressPh: text(form, "addressPh"),
    children: (member.children ?? [])
      .map((child) => ({
        name: (child.name ?? "").slice(0, 1000),
        birthday: child.birthday || null,
        gender: child.gender || null,
      }))
      .filter((child, index) => !removed.has(String(index)) && !isBlank(child)),
    ministryInvolvement: member.ministryInvolvement ?? [],
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = services();
  const limit = await hitRateLimits(db, [
    { key: `forms:minute:${factsOf(context).clientIp}`, limit: 30, windowMs: 60_000 },
  ]);
  if (!limit.allowed) {
    throw data("Too many submissions from your connection. Please wait a minute and try again.", {
      status: 429,
    });
  }
  const link = await openUpdateLink(params.token);
  if (link.state !== "open") return closed(link.state);

  let form: FormData;
  const body = await readBodyWithin(request, MAX_PUBLIC_FORM_BYTES);
  if (body === null) throw data("That is more than this form can take.", { status: 413 });
  try {
    const type = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw data("We could not read the form. Please try again.", { status: 400 });
  }

  const [options, consentTexts] = await Promise.all([loadMemberOptions(), consentTextsOf()]);

  // "Save my consents": a consent is the person's own to give or withdraw, so it changes at once
  // (with its audit entry), without review and without using the link up.
  if (form.get("intent") === "consents") {
    const wanted: Consents = {
      registry: form.get("consentRegistry") === "yes",
      email: form.get("consentEmail") === "yes",
    };
    const name = `${link.firstName} ${link.lastName}`.trim();
    const changed: string[] = [];
    for (const kind of CONSENT_KINDS) {
      if (await changeConsent(link.memberId, name, kind, wanted[kind], "member")) changed.push(kind);
    }
    const notice =
      changed.length === 0
        ? "consents-same"
        : changed.includes("registry") && !wanted.registry
          ? "registry-withdrawn"
          : "consents-saved";
    return data<View>(
      {
        state: "open",
        firstName: link.firstName,
        draft: draftOf(link.details),
        ministries: options.ministries,
        consents: await consentsOf(link.memberId),
        consentTexts,
        errors: {},
        notice,
        newRows: 1,
      },
      { headers: KEEP_TOKEN_HERE },
    );
  }

  const typed = typedDraft(form);
  const consents = await consentsOf(link.memberId);
  const open = (more: Partial<Extract<View, { state: "open" }>>, status = 200) =>
    data<View>(
      {
        state: "open",
        firstName: link.firstName,
        draft: typed,
        ministries: options.ministries,
        consents,
        consentTexts,
        errors: {},
        notice: null,
        newRows: Math.max(1, blankRows(form)),
        ...more,
      },
      { status, headers: KEEP_TOKEN_HERE },
    );

  // "Add another child": the form again with what was typed and one more empty row; nothing sent.
  if (form.get("intent") === "add-child") {
    return open({ newRows: Math.min(blankRows(form) + 1, 10) });
  }

  const parsed = makeOwnDetailsSchema(options).safeParse(ownDetailsDraft(readMemberFormWithout(form)));
  if (!parsed.success) return open({ errors: firstErrors(parsed.error.issues), notice: "fix" }, 400);

  const outcome = await submitOwnDetails(params.token, parsed.data);
  if (outcome.outcome === "closed") return closed(outcome.state);
  if (outcome.outcome === "unchanged") return open({ notice: "unchanged" });
  return data<View>({ state: "thanks" }, { headers: KEEP_TOKEN_HERE });
}

/** The member form's reading of the fields, without the children marked "remove". */
function readMemberFormWithout(form: FormData) {
  const draft = readMemberForm(form);
  const removed = new Set(form.getAll("removeChild").map(String));
  return { ...draft, children: (draft.children ?? []).filter((_, index) => !removed.has(String(index))) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta(matches, texts.title, "Check and update the details the church keeps about you."),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-4 rounded-xl border border-border bg-background p-4 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Notice({ tone, children }: { tone: "ok" | "error"; children: ReactNode }) {
  return (
    <p
      role={tone === "ok" ? "status" : "alert"}
      className={
        tone === "ok"
          ? "rounded-md bg-success/10 px-3 py-2 text-sm text-success"
          : "rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
      }
    >
      {children}
    </p>
  );
}

function ChildRow({ index, child, isNew }: { index: number; child: Partial<MemberChild>; isNew: boolean }) {
  const label = isNew ? "New child" : `Child ${index + 1}`;
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3 sm:p-4" data-testid="own-child-row">
      <p className="text-sm font-semibold text-navy">{isNew ? "Add a child" : (child.name ?? label)}</p>
      <FormField
        id={`child-${index}-name`}
        name={CHILD_INPUTS.name}
        label={
          <>
            Name<span className="sr-only"> of {label}</span>
          </>
        }
        maxLength={MEMBER_FIELDS.children.nameMax}
        defaultValue={child.name ?? ""}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          id={`child-${index}-birthday`}
          name={CHILD_INPUTS.birthday}
          label={
            <>
              Birthday<span className="sr-only"> of {label}</span>
            </>
          }
          type="date"
          defaultValue={child.birthday ?? ""}
        />
        <Field
          id={`child-${index}-gender`}
          label={
            <>
              Gender<span className="sr-only"> of {label}</span>
            </>
          }
          control={(aria) => (
            <NativeSelect
              id={`child-${index}-gender`}
              name={CHILD_INPUTS.gender}
              defaultValue={child.gender ?? ""}
              {...aria}
            >
              <option value="">Select</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {gender}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </div>
      {isNew ? null : (
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" name="removeChild" value={index} className="size-5 accent-destructive" />
          Remove this child from my record
        </label>
      )}
    </li>
  );
}

function ClosedPage({ state }: { state: ClosedLink }) {
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

function ThanksPage() {
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

function OwnPage({ view, token }: { view: Extract<View, { state: "open" }>; token: string }) {
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
          One file with everything the church keeps about you: your record, your consents, your sign-ups and
          registrations, and the messages you sent. It opens in any web browser.
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

function ConsentsForm({ consents, texts }: { consents: Consents; texts: ConsentTexts }) {
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
          {texts.registry}
          <span className="mt-1 block text-muted-foreground">
            Without this consent the church cannot keep your record: the church office will erase it.
          </span>
        </ConsentBox>
        <ConsentBox name="consentEmail" checked={consents.email}>
          {texts.email}
        </ConsentBox>
        <Button type="submit" name="intent" value="consents" variant="outline" className="justify-self-start">
          Save my consents
        </Button>
      </Form>
    </Section>
  );
}

function UpdateForm({ view }: { view: Extract<View, { state: "open" }> }) {
  const { draft, errors } = view;
  const children = draft.children;
  return (
    <Form method="post" className="grid gap-6" noValidate>
      {/* Enter in a field sends the changes: the first submit button is the form's default. */}
      <button type="submit" name="intent" value="send" tabIndex={-1} aria-hidden="true" className="hidden" />
      <Section title="Contact details" id="contact-heading">
        <FormField
          id="email"
          name="email"
          label={MEMBER_FIELDS.email.label}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={MEMBER_FIELDS.email.max}
          defaultValue={draft.email}
          error={errors.email}
        />
        <div className="grid grid-cols-[6.5rem_1fr] gap-3">
          <Field
            id="countryCode"
            label="Country code"
            error={errors.countryCode}
            control={(aria) => (
              <NativeSelect id="countryCode" name="countryCode" defaultValue={draft.countryCode} {...aria}>
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <FormField
            id="mobile"
            name="mobile"
            label={MEMBER_FIELDS.mobile.label}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={MEMBER_FIELDS.mobile.max}
            defaultValue={draft.mobile}
            error={errors.mobile}
          />
        </div>
      </Section>

      <Section title="Addresses" id="address-heading">
        <FormField
          id="addressBh"
          name="addressBh"
          label={MEMBER_FIELDS.addressBh.label}
          autoComplete="street-address"
          maxLength={MEMBER_FIELDS.addressBh.max}
          defaultValue={draft.addressBh}
          error={errors.addressBh}
        />
        <FormField
          id="addressPh"
          name="addressPh"
          label={MEMBER_FIELDS.addressPh.label}
          maxLength={MEMBER_FIELDS.addressPh.max}
          defaultValue={draft.addressPh}
          error={errors.addressPh}
        />
      </Section>

      <Section title="Children" id="children-heading">
        {errors.children ? <Notice tone="error">{errors.children}</Notice> : null}
        <ol className="grid gap-3">
          {children.map((child, index) => (
            <ChildRow key={`child-${index}`} index={index} child={child} isNew={false} />
          ))}
          {Array.from({ length: view.newRows }, (_, n) => (
            <ChildRow key={`new-${n}`} index={children.length + n} child={{}} isNew />
          ))}
        </ol>
        <Button
          type="submit"
          name="intent"
          value="add-child"
          variant="outline"
          className="justify-self-start"
        >
          Add another child
        </Button>
      </Section>

      <Section title="Ministries" id="ministries-heading">
        <fieldset>
          <legend className="text-sm text-muted-foreground">Tick the ministries you take part in.</legend>
          {errors.ministryInvolvement ? <Notice tone="error">{errors.ministryInvolvement}</Notice> : null}
          <div className="mt-3 grid gap-1 sm:grid-cols-2">
            {view.ministries.map((ministry) => (
              <label key={ministry.value} className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  name="ministryInvolvement"
                  value={ministry.value}
                  defaultChecked={draft.ministryInvolvement.includes(ministry.value)}
                  className="size-5 accent-primary"
                />
                {ministry.label}
              </label>
            ))}
          </div>
        </fieldset>
      </Section>

      <Button type="submit" name="intent" value="send" size="lg">
        Send my changes
      </Button>
    </Form>
  );
}

export default function UpdateMyDetails({ loaderData, actionData, params }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  return (
    <>
      <PageHeader eyebrow="Members" title={texts.title} />
      <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
        {view.state === "open" ? (
          <OwnPage view={view} token={params.token} />
        ) : view.state === "thanks" ? (
          <ThanksPage />
        ) : (
          <ClosedPage state={view.state} />
        )}
      </section>
    </>
  );
}
