import { HeartHandshake } from "lucide-react";
import { FormField, TextareaField } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { PublicForm, type PublicFormState } from "~/components/public-form";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { LIMITS } from "~/schemas/public-forms";
import {
  PRAYER_DAYS,
  PRAYER_LIMITS,
  prayerFormSchema,
  VISITOR_VISIBILITY_CHOICES,
  type PrayerFormInput,
} from "~/schemas/prayer";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { factsOf } from "~/server/http/request-context.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { savePrayerRequest } from "~/server/prayer/prayer-form.server";
import type { Route } from "./+types/request";

// The public prayer request form (issue 38): a name if they wish, the request, who may read it,
// and a contact only if they would like a call. A plain post through the public form pipeline
// (size, rate limit, honeypot, the schema); the answer page says what happens next. No script at
// all on this page: it is a form and its answer (ADR 013).

export const clientLoader = loadAsDocument;

export const texts = {
  title: "Prayer Request",
  description: "Tell us what you would like us to pray for. You choose who may read it.",
  successTitle: "Prayer Request Sent",
  kept: `We keep your request for ${PRAYER_DAYS} days, then it leaves our prayer lists.`,
};

/** The answer in plain words: who will pray, and whether someone will call. */
export function thanks(input: Pick<PrayerFormInput, "visibility" | "wantsCall">): string {
  const who =
    input.visibility === "private"
      ? "Our pastors will pray for you."
      : input.visibility === "team"
        ? "Our pastors and our prayer team will pray for you."
        : "Our pastors and our prayer team will pray for you, and your request will be on the weekly prayer list without your name.";
  return `Thank you for trusting us with your request. ${who}${input.wantsCall ? " Someone will call or write to you soon." : ""}`;
}

// A server loader, so the page is drawn on the server (a route with only a client loader is not).
export function loader() {
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    texts.title,
    "Send the church a prayer request: privately to our pastors, to our prayer team, or for the weekly prayer list without your name.",
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: prayerFormSchema,
    failureTitle: "Submission Failed",
    save: async (input) => {
      await savePrayerRequest(input, siteOrigin());
      return { title: texts.successTitle, description: thanks(input) };
    },
  });
}

function WhoMayReadIt({ state }: { state: PublicFormState }) {
  const chosen = state.values.visibility ?? "private";
  const error = state.errors.visibility;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "visibility-error" : undefined}>
      <legend className="pb-1 text-sm font-medium">Who may read it</legend>
      {VISITOR_VISIBILITY_CHOICES.map((choice) => (
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
  return (
    <>
      <FormField
        id="name"
        name="name"
        label="Your name (optional)"
        maxLength={PRAYER_LIMITS.name}
        autoComplete="name"
        error={state.errors.name}
        defaultValue={state.values.name}
      />
      <TextareaField
        id="request"
        name="request"
        label="Your prayer request"
        rows={6}
        required
        maxLength={PRAYER_LIMITS.request}
        error={state.errors.request}
        defaultValue={state.values.request}
      />
      <WhoMayReadIt state={state} />
      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-2 text-sm font-medium">A call or a message</legend>
        <label className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="wantsCall"
            defaultChecked={state.values.wantsCall === "on"}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <span className="font-medium">I would like a call or a message</span>
        </label>
        <p className="text-sm text-muted-foreground">
          Then give your e-mail or your mobile number (or both). We keep them only to reach you.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="email"
            name="email"
            type="email"
            label="Email"
            maxLength={LIMITS.email}
            autoComplete="email"
            error={state.errors.email}
            defaultValue={state.values.email}
          />
          <FormField
            id="mobile"
            name="mobile"
            type="tel"
            label="Mobile Number"
            placeholder="+973 XXXX XXXX"
            maxLength={LIMITS.mobile}
            autoComplete="tel"
            error={state.errors.mobile}
            defaultValue={state.values.mobile}
          />
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground">{texts.kept}</p>
    </>
  );
}

function Sent({ answer }: { answer: ActionResult }) {
  return (
    <div className="grid gap-4 text-center" role="status" data-testid="prayer-sent">
      <HeartHandshake className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h2 className="text-2xl font-bold text-navy">{answer.toast?.title ?? texts.successTitle}</h2>
      <p>{answer.toast?.description ?? "Thank you for trusting us with your request."}</p>
      <a href="/prayer" className="font-medium text-primary underline underline-offset-4">
        Send another prayer request
      </a>
    </div>
  );
}

export default function PrayerRequest({ actionData }: Route.ComponentProps) {
  const answer = actionData as ActionResult | undefined;
  return (
    <>
      <PageHeader eyebrow="Connect" title={texts.title} description={texts.description} />
      <section className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6">
        <div className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8">
          {answer?.ok ? (
            <Sent answer={answer} />
          ) : (
            <>
              <h2 className="text-2xl font-bold text-navy">How can we pray for you?</h2>
              <p className="mt-2 text-muted-foreground">
                Write as much or as little as you like. You need not give your name.
              </p>
              <PublicForm name="prayer" action="/prayer" submitLabel="Send Prayer Request" className="mt-6">
                {(state) => <PrayerFields state={state} />}
              </PublicForm>
            </>
          )}
        </div>
      </section>
    </>
  );
}
