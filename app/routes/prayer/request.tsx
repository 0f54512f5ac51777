import { HeartHandshake } from "lucide-react";
import { FormField, TextareaField } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { PublicForm, type PublicFormState } from "~/components/public-form";
import type { ActionResult } from "~/lib/action-result";
import {
  localeOfPath,
  localeOfRequest,
  sectionLang,
  translator,
  useLocalePath,
  useT,
  type Translate,
} from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { LIMITS } from "~/schemas/public-forms";
import {
  PRAYER_DAYS,
  PRAYER_LIMITS,
  prayerFormSchema,
  visitorVisibilityChoices,
  type PrayerFormInput,
} from "~/schemas/prayer";
import { PRIVACY_SECTION } from "~/schemas/site-sections";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { factsOf } from "~/server/http/request-context.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { savePrayerRequest } from "~/server/prayer/prayer-form.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/request";

// The public prayer request form (issue 38): a name if they wish, the request, who may read it,
// and a contact only if they would like a call. A plain post through the public form pipeline
// (size, rate limit, honeypot, the schema); the answer page says what happens next. No script at
// all on this page: it is a form and its answer (ADR 013). In the page's language (issue 39).

export const clientLoader = loadAsDocument;

/** The answer in plain words: who will pray, and whether someone will call. */
function thanks(input: Pick<PrayerFormInput, "visibility" | "wantsCall">, t: Translate) {
  const who =
    input.visibility === "private"
      ? t("prayer.whoPastors")
      : input.visibility === "team"
        ? t("prayer.whoTeam")
        : t("prayer.whoShared");
  return `${t("prayer.thanks")} ${who}${input.wantsCall ? ` ${t("prayer.willCall")}` : ""}`;
}

// A server loader, so the page is drawn on the server (a route with only a client loader is not).
export async function loader({ request }: Route.LoaderArgs) {
  const { englishOnly } = await getSiteContent(localeOfRequest(request));
  return { privacyLang: sectionLang(englishOnly, PRIVACY_SECTION.id) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta(matches, t("prayer.title"), t("prayer.metaDescription"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOfRequest(request));
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: prayerFormSchema,
    failureTitle: t("forms.submissionFailed"),
    save: async (input, { locale }) => {
      await savePrayerRequest(input, siteOrigin(), undefined, locale);
      return { title: t("prayer.sentTitle"), description: thanks(input, t) };
    },
  });
}

function WhoMayReadIt({ state }: { state: PublicFormState }) {
  const t = useT();
  const chosen = state.values.visibility ?? "private";
  const error = state.errors.visibility;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "visibility-error" : undefined}>
      <legend className="pb-1 text-sm font-medium">{t("prayer.whoMayRead")}</legend>
      {visitorVisibilityChoices(t).map((choice) => (
        <div
          key={choice.value}
          className="flex items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
        >
          <input
            id={`visibility-${choice.value}`}
            type="radio"
            name="visibility"
            value={choice.value}
            defaultChecked={chosen === choice.value}
            aria-describedby={`visibility-${choice.value}-hint`}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <div className="min-w-0">
            <label
              htmlFor={`visibility-${choice.value}`}
              className="block cursor-pointer font-medium text-navy"
            >
              {choice.label}
            </label>
            <p id={`visibility-${choice.value}-hint`} className="text-sm text-muted-foreground">
              {choice.hint}
            </p>
          </div>
        </div>
      ))}
      {error ? (
        <p id="visibility-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function PrayerFields({ state }: { state: PublicFormState }) {
  const t = useT();
  return (
    <>
      <FormField
        id="name"
        name="name"
        label={t("prayer.nameLabel")}
        maxLength={PRAYER_LIMITS.name}
        autoComplete="name"
        error={state.errors.name}
        defaultValue={state.values.name}
      />
      <TextareaField
        id="request"
        name="request"
        label={t("prayer.requestLabel")}
        rows={6}
        required
        maxLength={PRAYER_LIMITS.request}
        error={state.errors.request}
        defaultValue={state.values.request}
      />
      <WhoMayReadIt state={state} />
      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-2 text-sm font-medium">{t("prayer.callLegend")}</legend>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="wantsCall"
            defaultChecked={state.values.wantsCall === "on"}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <span className="font-medium">{t("prayer.wantsCall")}</span>
        </label>
        <p className="text-sm text-muted-foreground">{t("prayer.contactHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="email"
            name="email"
            type="email"
            label={t("forms.email")}
            maxLength={LIMITS.email}
            autoComplete="email"
            error={state.errors.email}
            defaultValue={state.values.email}
          />
          <FormField
            id="mobile"
            name="mobile"
            type="tel"
            label={t("forms.mobile")}
            placeholder="+973 XXXX XXXX"
            maxLength={LIMITS.mobile}
            autoComplete="tel"
            error={state.errors.mobile}
            defaultValue={state.values.mobile}
          />
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground">{t("prayer.kept", { days: PRAYER_DAYS })}</p>
    </>
  );
}

function Sent({ answer }: { answer: ActionResult }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <div className="grid gap-4 text-center" role="status" data-testid="prayer-sent">
      <HeartHandshake className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h2 className="text-2xl font-bold text-navy">{answer.toast?.title ?? t("prayer.sentTitle")}</h2>
      <p>{answer.toast?.description ?? t("prayer.thanks")}</p>
      <a href={href("/prayer")} className="font-medium text-primary underline underline-offset-4">
        {t("prayer.sendAnother")}
      </a>
    </div>
  );
}

export default function PrayerRequest({ actionData, loaderData }: Route.ComponentProps) {
  const answer = actionData as ActionResult | undefined;
  const t = useT();
  const href = useLocalePath();
  return (
    <>
      <PageHeader
        eyebrow={t("connect.eyebrow")}
        title={t("prayer.title")}
        description={t("prayer.description")}
      />
      <section className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6">
        <div className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8">
          {answer?.ok ? (
            <Sent answer={answer} />
          ) : (
            <>
              <h2 className="text-2xl font-bold text-navy">{t("prayer.howCanWePray")}</h2>
              <p className="mt-2 text-muted-foreground">{t("prayer.asMuchAsYouLike")}</p>
              <PublicForm
                name="prayer"
                action={href("/prayer")}
                submitLabel={t("prayer.submit")}
                privacyLang={loaderData?.privacyLang}
                className="mt-6"
              >
                {(state) => <PrayerFields state={state} />}
              </PublicForm>
            </>
          )}
        </div>
      </section>
    </>
  );
}
