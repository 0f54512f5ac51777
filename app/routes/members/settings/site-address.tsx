import { Globe, Info } from "lucide-react";
import { useEffect } from "react";
import { Form } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { Panel } from "~/components/panel";
import { SaveButton } from "~/components/save-button";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { saveSiteAddress, siteAddressView } from "~/server/settings/site-address.server";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { SiteAddressField } from "./site-address-field";
import type { Route } from "./+types/site-address";

// The site's own address (https://www.actschurch.bh): what links in e-mails, the sitemap and link
// previews start with. PUBLIC_URL in the server's environment wins when it is set.

export const texts = {
  title: "Site address",
  description:
    "The address of the church's website, for the links in e-mails, shared links and search engines.",
  hint: "Only the address itself, as visitors type it, for example https://www.actschurch.bh.",
  unset:
    "Not set yet: links in e-mails and shared links point at this computer's own address, which nobody else can open.",
  environment: (origin: string) =>
    `The server's settings (PUBLIC_URL) set the address to ${origin}. That one wins: what you save here is used only once PUBLIC_URL is removed.`,
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, texts.title, texts.description);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "settings:manage");
  return siteAddressView();
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "settings:manage");
  const form = await readForm(request);
  const typed = String(form.get("address") ?? "").slice(0, 500);
  try {
    const { origin, changed } = await saveSiteAddress(user, typed);
    return reply(
      changed
        ? { title: "Site address saved", description: `Links now start with ${origin}.` }
        : { title: "Nothing changed", description: `The site address is already ${origin}.` },
      { values: { address: origin } },
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Site address not saved",
      what: "Saving the site address",
      fallback: "The site address could not be saved. Please try again.",
      values: { address: typed },
    });
  }
}

export default function SiteAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { origin, source, saved, environment } = loaderData;
  const busy = useIsSubmitting("site-address");
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `site-address-${actionData.at}` });
  }, [actionData]);
  return (
    <AdminScreen
      title={texts.title}
      description={texts.description}
      backTo="/members/settings"
      backLabel="Back to Site settings"
    >
      <div className="grid max-w-2xl gap-6">
        <Panel title="Where the site is" testId="site-address-now">
          <div className="flex gap-3 text-sm">
            {source === "default" ? (
              <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
            ) : (
              <Globe className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
            )}
            <div className="grid min-w-0 gap-1">
              <p>
                Links start with <span className="font-semibold wrap-anywhere text-navy">{origin}</span>
              </p>
              {source === "default" ? <p className="text-muted-foreground">{texts.unset}</p> : null}
              {environment ? (
                <p className="text-muted-foreground" data-testid="site-address-env">
                  {texts.environment(environment)}
                </p>
              ) : null}
            </div>
          </div>
        </Panel>
        <Panel title="Change the address">
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="site-address" />
            <SiteAddressField
              // A new field after each answer, so it shows what the server kept.
              key={actionData?.at ?? "first"}
              defaultValue={actionData?.values?.address ?? saved ?? ""}
              hint={texts.hint}
              error={actionData?.ok === false ? actionData.fieldErrors?.address : undefined}
            />
            <SaveButton busy={busy}>Save address</SaveButton>
          </Form>
        </Panel>
      </div>
    </AdminScreen>
  );
}
