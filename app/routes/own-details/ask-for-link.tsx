import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { FormField } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { PublicForm } from "~/components/public-form";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { forgotPasswordSchema } from "~/schemas/password";
import { AppError } from "~/server/http/errors.server";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { factsOf } from "~/server/http/request-context.server";
import { requestUpdateLinkWithinLimits } from "~/server/people/update-links.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/ask-for-link";

// Public "Update my details" (privacy issue 23): a member asks for a link to their own record. The
// answer is the same whether or not the address belongs to a member, so the page cannot be used
// to find out who is one. A plain page and form: it works without scripts (ADR 013).

export const texts = {
  title: "Update My Details",
  description: "Moved, changed your number or had a baby? Keep the church's record of you up to date.",
  intro:
    "Enter the e-mail address the church has for you. We will send you a link to a form with your details, where you can correct them.",
  sentTitle: "Check your e-mail",
  sent: "If this address belongs to a member, we have sent a link to it. It works for 7 days.",
  noEmail:
    "No e-mail, or no longer using the address the church has? Ask at the church office or after a service: staff can show you a link as a QR code to scan with your phone.",
};

export const clientLoader = loadAsDocument;

// A server loader, so the page is drawn on the server (a route with only a client loader is not).
export function loader() {
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    texts.title,
    "Ask for a link to check and update the details the church keeps about you.",
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: forgotPasswordSchema,
    failureTitle: "No link sent",
    save: async ({ email }) => {
      const limit = await requestUpdateLinkWithinLimits({
        email,
        clientIp: factsOf(context).clientIp,
        origin: siteOrigin(),
      });
      if (!limit.allowed) {
        const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
        throw new AppError(
          `Too many requests, please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
          429,
          { title: "Too many requests" },
        );
      }
      return { title: texts.sentTitle, description: texts.sent };
    },
  });
}

export default function AskForUpdateLink({ actionData }: Route.ComponentProps) {
  const isSent = actionData?.ok === true;
  return (
    <>
      <PageHeader eyebrow="Members" title={texts.title} description={texts.description} />
      <section className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
        <div className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8">
          {isSent ? (
            <div className="grid gap-4 text-center" role="status">
              <MailCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
              <h2 className="text-2xl font-bold text-navy">{texts.sentTitle}</h2>
              <p data-testid="update-link-answer">{texts.sent}</p>
              <p className="text-sm text-muted-foreground">Check your spam folder too.</p>
              <Link to="/update-my-details" className="font-medium text-primary underline underline-offset-4">
                Use another address
              </Link>
            </div>
          ) : (
            <>
              <h2 className="text-2xl font-bold text-navy">Get a link by e-mail</h2>
              <p className="mt-2 text-muted-foreground">{texts.intro}</p>
              <PublicForm
                name="update-link"
                action="/update-my-details"
                submitLabel="Send me a link"
                className="mt-6"
              >
                {(state) => (
                  <FormField
                    id="email"
                    name="email"
                    label="Email"
                    type="email"
                    autoComplete="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    required
                    maxLength={254}
                    defaultValue={state.values.email}
                    error={state.errors.email}
                  />
                )}
              </PublicForm>
            </>
          )}
          <p className="mt-6 border-t border-border pt-4 text-sm text-muted-foreground">{texts.noEmail}</p>
        </div>
      </section>
    </>
  );
}
