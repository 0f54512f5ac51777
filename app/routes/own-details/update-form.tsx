import { data } from "react-router";
import { PageHeader } from "~/components/page-header";
import { localeOfPath, localeOfRequest, sectionLang, translator, useT, type Locale } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { makeOwnDetailsSchema, ownDetailsDraft } from "~/schemas/own-details";
import { MAX_PUBLIC_FORM_BYTES, readBodyWithin } from "~/server/http/public-forms.server";
import { factsOf } from "~/server/http/request-context.server";
import {
  changeConsent,
  consentHistory,
  CONSENT_KINDS,
  currentConsents,
} from "~/server/people/consents.server";
import { setOwnLanguage, submitOwnDetails } from "~/server/people/member-updates.server";
import { openUpdateLink, type ClosedLink } from "~/server/people/update-links.server";
import { loadMemberOptions } from "~/server/people/members.server";
import { hitRateLimits } from "~/server/platform/rate-limit.server";
import { services } from "~/server/platform/services.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/update-form";
import { blankRows, draftOf, readMemberFormWithout, typedDraft } from "./update-form-draft";
import { ownDetailsErrors } from "./update-form-errors";
import { ClosedPage, OwnPage, ThanksPage } from "./update-form-pages";
import type { Consents, ConsentTexts, View } from "./update-form-view";

// The page an update link opens (privacy issue 23): one member's own contact details, addresses,
// children and ministries, nothing else and nobody else's. The token in the address is the only
// key: the form carries no member id, and the server takes the member from the link alone. It is
// a plain page and form (no scripts, ADR 013): adding a child row is a round trip to the server.
// What is sent waits for the church office; the link works once, and only for a real change.
// The page is in English and, under /fil, in Filipino (issue 39); either address opens the link.

// The token must not travel to other sites: no referrer leaves the site ("same-origin" rather than
// "no-referrer", which would make the browser send `Origin: null` with the form, and the site
// refuses such posts as sent from elsewhere), and no cache keeps the page.
const KEEP_TOKEN_HERE = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

export function headers() {
  return KEEP_TOKEN_HERE;
}

async function consentsOf(memberId: string): Promise<Consents> {
  const current = currentConsents(await consentHistory(memberId));
  return {
    registry: Boolean(current.registry),
    email: Boolean(current.email),
    digest: Boolean(current.digest),
  };
}

async function consentTextsOf(locale: Locale): Promise<ConsentTexts> {
  const { privacy, englishOnly } = await getSiteContent(locale);
  const lang = sectionLang(englishOnly, "privacy");
  return { registry: privacy.registryConsent, email: privacy.emailConsent, ...(lang ? { lang } : {}) };
}

const STATUS: Record<ClosedLink, number> = { invalid: 404, expired: 410, used: 410 };

function closed(state: ClosedLink) {
  return data<View>({ state }, { status: STATUS[state], headers: KEEP_TOKEN_HERE });
}

export const clientLoader = loadAsDocument;

export async function loader({ params, request }: Route.LoaderArgs) {
  const link = await openUpdateLink(params.token);
  if (link.state !== "open") return closed(link.state);
  const [{ ministries }, consents, consentTexts] = await Promise.all([
    loadMemberOptions(),
    consentsOf(link.memberId),
    consentTextsOf(localeOfRequest(request)),
  ]);
  return data<View>(
    {
      state: "open",
      firstName: link.firstName,
      draft: draftOf(link.details),
      ministries,
      consents,
      consentTexts,
      language: link.language,
      errors: {},
      notice: null,
      newRows: 1,
    },
    { headers: KEEP_TOKEN_HERE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const t = translator(locale);
  const { db } = services();
  const limit = await hitRateLimits(db, [
    { key: `forms:minute:${factsOf(context).clientIp}`, limit: 30, windowMs: 60_000 },
  ]);
  if (!limit.allowed) throw data(t("update.busy"), { status: 429 });
  const link = await openUpdateLink(params.token);
  if (link.state !== "open") return closed(link.state);

  let form: FormData;
  const body = await readBodyWithin(request, MAX_PUBLIC_FORM_BYTES);
  if (body === null) throw data(t("update.tooLarge"), { status: 413 });
  try {
    const type = request.headers.get("content-type") ?? "application/x-www-form-urlencoded";
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw data(t("update.unreadable"), { status: 400 });
  }

  const [options, consentTexts] = await Promise.all([loadMemberOptions(), consentTextsOf(locale)]);
  const unchangedPage = async (
    notice: Extract<View, { state: "open" }>["notice"],
    language = link.language,
  ) =>
    data<View>(
      {
        state: "open",
        firstName: link.firstName,
        draft: draftOf(link.details),
        ministries: options.ministries,
        consents: await consentsOf(link.memberId),
        consentTexts,
        language,
        errors: {},
        notice,
        newRows: 1,
      },
      { headers: KEEP_TOKEN_HERE },
    );

  // "Save my language": the member's own preference, changed at once like a consent (issue 39).
  if (form.get("intent") === "language") {
    const wanted = form.get("language") === "fil" ? "fil" : "en";
    const outcome = await setOwnLanguage(params.token, wanted);
    if (outcome.outcome === "closed") return closed(outcome.state);
    return unchangedPage(outcome.outcome === "saved" ? "language-saved" : "language-same", wanted);
  }

  // "Save my consents": a consent is the person's own to give or withdraw, so it changes at once
  // (with its audit entry), without review and without using the link up.
  if (form.get("intent") === "consents") {
    const wanted: Consents = {
      registry: form.get("consentRegistry") === "yes",
      email: form.get("consentEmail") === "yes",
      digest: form.get("consentDigest") === "yes",
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
    return unchangedPage(notice);
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
        language: link.language,
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
  if (!parsed.success) {
    return open({ errors: ownDetailsErrors(parsed.error.issues, locale, t), notice: "fix" }, 400);
  }

  const outcome = await submitOwnDetails(params.token, parsed.data);
  if (outcome.outcome === "closed") return closed(outcome.state);
  if (outcome.outcome === "unchanged") return open({ notice: "unchanged" });
  return data<View>({ state: "thanks" }, { headers: KEEP_TOKEN_HERE });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return [
    ...pageMeta(matches, t("update.title"), t("update.form.metaDescription")),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

export default function UpdateMyDetails({ loaderData, actionData, params }: Route.ComponentProps) {
  const view: View = actionData ?? loaderData;
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("update.eyebrow")} title={t("update.title")} />
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
