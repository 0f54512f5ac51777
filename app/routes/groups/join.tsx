import { data } from "react-router";
import { FormField, TextareaField } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { FormResultNotice, PublicForm } from "~/components/public-form";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { GROUP_CLOSED, groupJoinSchema } from "~/schemas/group-join";
import { LIMITS } from "~/schemas/public-forms";
import { getOpenGroup } from "~/server/groups/finder.server";
import { saveJoinRequest } from "~/server/groups/join-requests.server";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { factsOf } from "~/server/http/request-context.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import type { Route } from "./+types/join";
import { finderTexts, GroupFacts } from "./finder-pieces";

// One open group and its "Ask to join" form (issue 37): a plain post through the public form
// pipeline (size, rate limit, honeypot, the schema); the answer page shows the outcome. A closed
// or deleted group says so and takes nothing.

export const handle: PageHandle = { enhancements: ["forms"] };
export const clientLoader = loadAsDocument;

const texts = {
  successTitle: "Request Sent!",
  successDescription:
    "Thank you. The group's leaders will get in touch with you soon to welcome you and tell you where they meet.",
  contactHint: "Your e-mail or your mobile number (or both), so the leaders can reply.",
};

export async function loader({ params }: Route.LoaderArgs) {
  const group = await getOpenGroup(params.id);
  if (!group) return data({ group: null }, { status: 404 });
  return { group };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.group?.name;
  return pageMeta(
    matches,
    name ? `Join ${name}` : finderTexts.title,
    name ? `Ask to join ${name}: its leaders will get in touch.` : undefined,
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: groupJoinSchema,
    failureTitle: "Submission Failed",
    save: async (input) => {
      await saveJoinRequest(params.id, input, siteOrigin());
      return { title: texts.successTitle, description: texts.successDescription };
    },
  });
}

export default function JoinGroup({ loaderData }: Route.ComponentProps) {
  const { group } = loaderData;
  if (!group) {
    return (
      <>
        <PageHeader eyebrow={finderTexts.eyebrow} title={finderTexts.title} />
        <div className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:px-6">
          <FormResultNotice />
          <p className="text-lg text-navy" role="alert">
            {GROUP_CLOSED}
          </p>
          <a href="/groups" className="font-medium text-primary underline underline-offset-4">
            See the groups open to newcomers
          </a>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader eyebrow={finderTexts.eyebrow} title={group.name} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:px-8">
        <section className="grid content-start gap-3 lg:col-span-2" aria-label="About the group">
          <GroupFacts group={group} />
          {group.description ? (
            <p className="break-words whitespace-pre-line text-foreground">{group.description}</p>
          ) : null}
          <a href="/groups" className="text-sm font-medium text-primary underline underline-offset-4">
            All the groups
          </a>
        </section>
        <section
          aria-labelledby="join-heading"
          className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="join-heading" className="text-2xl font-bold text-navy">
            Ask to join
          </h2>
          <PublicForm name="group-join" action={`/groups/${group.id}`} submitLabel="Send" className="mt-6">
            {(state) => (
              <>
                <FormField
                  id="name"
                  name="name"
                  label="Name"
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
                    label="Email"
                    maxLength={LIMITS.email}
                    autoComplete="email"
                    hint={texts.contactHint}
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
                <TextareaField
                  id="message"
                  name="message"
                  label="Message (optional)"
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
