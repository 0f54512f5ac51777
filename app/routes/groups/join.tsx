import { data } from "react-router";
import { FormField, TextareaField } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { FormResultNotice, PublicForm } from "~/components/public-form";
import {
  localeOfPath,
  localeOfRequest,
  sectionLang,
  translator,
  useLocale,
  useLocalePath,
  useT,
} from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { groupJoinSchema } from "~/schemas/group-join";
import { LIMITS } from "~/schemas/public-forms";
import { PRIVACY_SECTION } from "~/schemas/site-sections";
import { getOpenGroup } from "~/server/groups/finder.server";
import { saveJoinRequest } from "~/server/groups/join-requests.server";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { factsOf } from "~/server/http/request-context.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/join";
import { GroupFacts, typedLang } from "./finder-pieces";

// One open group and its "Ask to join" form (issue 37): a plain post through the public form
// pipeline (size, rate limit, honeypot, the schema); the answer page shows the outcome. A closed
// or deleted group says so and takes nothing. In the page's language (issue 39); the request keeps
// it, and the leaders' e-mail is English.

export const handle: PageHandle = { enhancements: ["forms"] };
export const clientLoader = loadAsDocument;

export async function loader({ params, request }: Route.LoaderArgs) {
  const [group, { englishOnly }] = await Promise.all([
    getOpenGroup(params.id),
    getSiteContent(localeOfRequest(request)),
  ]);
  const privacyLang = sectionLang(englishOnly, PRIVACY_SECTION.id);
  if (!group) return data({ group: null, privacyLang }, { status: 404 });
  return { group, privacyLang };
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  const name = loaderData?.group?.name;
  return pageMeta(
    matches,
    name ? t("groups.joinTitle", { group: name }) : t("groups.title"),
    name ? t("groups.joinMetaDescription", { group: name }) : undefined,
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const t = translator(localeOfRequest(request));
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: groupJoinSchema,
    failureTitle: t("forms.submissionFailed"),
    save: async (input, { locale }) => {
      await saveJoinRequest(params.id, input, siteOrigin(), locale);
      return { title: t("groups.sentTitle"), description: t("groups.sentDescription") };
    },
  });
}

export default function JoinGroup({ loaderData }: Route.ComponentProps) {
  const { group, privacyLang } = loaderData;
  const t = useT();
  const href = useLocalePath();
  const lang = typedLang(useLocale());
  if (!group) {
    return (
      <>
        <PageHeader eyebrow={t("groups.eyebrow")} title={t("groups.title")} />
        <div className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:px-6">
          <FormResultNotice />
          <p className="text-lg text-navy" role="alert">
            {t("groups.closed")}
          </p>
          <a href={href("/groups")} className="font-medium text-primary underline underline-offset-4">
            {t("groups.seeOpen")}
          </a>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader eyebrow={t("groups.eyebrow")} title={group.name} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8">
        <section className="grid content-start gap-3 lg:col-span-2" aria-label={t("groups.aboutGroup")}>
          <GroupFacts group={group} />
          {group.description ? (
            <p className="break-words whitespace-pre-line text-foreground" lang={lang}>
              {group.description}
            </p>
          ) : null}
          <a href={href("/groups")} className="text-sm font-medium text-primary underline underline-offset-4">
            {t("groups.all")}
          </a>
        </section>
        <section
          aria-labelledby="join-heading"
          className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="join-heading" className="text-2xl font-bold text-navy">
            {t("groups.askToJoin")}
          </h2>
          <PublicForm
            name="group-join"
            action={href(`/groups/${group.id}`)}
            submitLabel={t("groups.send")}
            privacyLang={privacyLang}
            className="mt-6"
          >
            {(state) => (
              <>
                <FormField
                  id="name"
                  name="name"
                  label={t("forms.name")}
                  required
                  maxLength={LIMITS.name}
                  autoComplete="name"
                  error={state.errors.name}
                  defaultValue={state.values.name}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormField
                    id="email"
                    name="email"
                    type="email"
                    label={t("forms.email")}
                    maxLength={LIMITS.email}
                    autoComplete="email"
                    hint={t("groups.contactHint")}
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
                <TextareaField
                  id="message"
                  name="message"
                  label={t("forms.messageOptionalLower")}
                  rows={4}
                  maxLength={LIMITS.message}
                  error={state.errors.message}
                  defaultValue={state.values.message}
                />
              </>
            )}
          </PublicForm>
        </section>
      </div>
    </>
  );
}
