import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { FormField } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { PublicForm } from "~/components/public-form";
import { localeOfPath, localeOfRequest, translator, useLocalePath, useT, type Locale } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/lib/page-scripts";
import { forgotPasswordSchema } from "~/schemas/password";
import { UPDATE_LINK_DAYS } from "~/schemas/own-details";
import { AppError } from "~/server/http/errors.server";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { factsOf } from "~/server/http/request-context.server";
import { requestUpdateLinkWithinLimits } from "~/server/people/update-links.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/ask-for-link";

// Public "Update my details" (privacy issue 23): a member asks for a link to their own record. The
// answer is the same whether or not the address belongs to a member, so the page cannot be used
// to find out who is one. A plain page and form: it works without scripts (ADR 013). In English
// and, under /fil, in Filipino (issue 39); the link's e-mail is in the member's own language.

export const clientLoader = loadAsDocument;

// A server loader, so the page is drawn on the server (a route with only a client loader is not).
export function loader() {
  return null;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta(matches, t("update.title"), t("update.ask.metaDescription"));
}

/** The address checked as the password pages check it, with its messages in the page's language. */
function schemaFor(locale: Locale) {
  if (locale === "en") return forgotPasswordSchema;
  const t = translator(locale);
  return z.object({
    email: z
      .string({ error: t("update.ask.emailRequired") })
      .trim()
      .min(1, t("update.ask.emailRequired"))
      .max(254, t("update.ask.emailInvalid"))
      .pipe(z.email(t("update.ask.emailInvalid")))
      .transform((value) => value.toLowerCase()),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const t = translator(locale);
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: schemaFor(locale),
    failureTitle: t("update.ask.failure"),
    save: async ({ email }) => {
      const limit = await requestUpdateLinkWithinLimits({
        email,
        clientIp: factsOf(context).clientIp,
        origin: siteOrigin(),
      });
      if (!limit.allowed) {
        const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
        throw new AppError(t("update.ask.tooMany", { minutes }), 429, {
          title: t("update.ask.tooManyTitle"),
        });
      }
      return {
        title: t("update.ask.sentTitle"),
        description: t("update.ask.sent", { days: UPDATE_LINK_DAYS }),
      };
    },
  });
}

export default function AskForUpdateLink({ actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const isSent = actionData?.ok === true;
  return (
    <>
      <PageHeader
        eyebrow={t("update.eyebrow")}
        title={t("update.title")}
        description={t("update.ask.description")}
      />
      <section className="mx-auto w-full max-w-xl px-4 py-12 sm:px-6">
        <div className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8">
          {isSent ? (
            <div className="grid gap-4 text-center" role="status">
              <MailCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
              <h2 className="text-2xl font-bold text-navy">{t("update.ask.sentTitle")}</h2>
              <p data-testid="update-link-answer">{t("update.ask.sent", { days: UPDATE_LINK_DAYS })}</p>
              <p className="text-sm text-muted-foreground">{t("update.ask.spam")}</p>
              <Link
                to={to("/update-my-details")}
                className="font-medium text-primary underline underline-offset-4"
              >
                {t("update.ask.another")}
              </Link>
            </div>
          ) : (
            <>
              <h2 className="text-2xl font-bold text-navy">{t("update.ask.formTitle")}</h2>
              <p className="mt-2 text-muted-foreground">{t("update.ask.intro")}</p>
              <PublicForm
                name="update-link"
                action={to("/update-my-details")}
                submitLabel={t("update.ask.submit")}
                className="mt-6"
              >
                {(state) => (
                  <FormField
                    id="email"
                    name="email"
                    label={t("update.ask.email")}
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
          <p className="mt-6 border-t border-border pt-4 text-sm text-muted-foreground">
            {t("update.ask.noEmail")}
          </p>
        </div>
      </section>
    </>
  );
}
