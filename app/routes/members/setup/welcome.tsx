import { PartyPopper } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { Panel } from "~/components/panel";
import { Button, buttonVariants } from "~/components/ui/button";
import { firstErrors } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { changePasswordSchema, setupProfileSchema } from "~/schemas/account";
import { changeOwnNameAndEmail, PLACEHOLDER_ADMIN_EMAIL } from "~/server/auth/email-change.server";
import {
  churchDetails,
  firstAdminSetup,
  markSetupStep,
  postponeSetup,
  saveChurchName,
} from "~/server/auth/first-admin-setup.server";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { changeOwnPassword } from "~/server/auth/own-account.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { services } from "~/server/platform/services.server";
import { saveSiteAddress, siteAddressView } from "~/server/settings/site-address.server";
import { PasswordForm } from "../auth/account-forms";
import type { Route } from "./+types/welcome";
import { AddressForm, ChurchNameForm, ProfileForm, SetupStepCard } from "./welcome-steps";

// The first sign-in set-up of a fresh install's first administrator: four steps, each saved on its
// own, in any order; "Finish later" leaves for the dashboard, whose checklist lists what is open.
// Anyone else (another admin, or once the set-up is gone) is sent to the dashboard.

const SCREEN = "/members/welcome";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Welcome: set up the site", "The first administrator's set-up.");
}

async function setupOf(request: Request) {
  const user = await requireUser(request, "settings:manage");
  const progress = firstAdminSetup();
  if (!progress || progress.userId !== user.id) throw redirect("/members");
  return { user, progress };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, progress } = await setupOf(request);
  const church = await churchDetails();
  const address = siteAddressView();
  return {
    steps: progress.steps,
    openCount: progress.open.length,
    name: user.name,
    // The placeholder is no address to keep: the field starts empty.
    email: user.email === PLACEHOLDER_ADMIN_EMAIL ? "" : user.email,
    church,
    address: address.saved ?? (address.source === "default" ? "" : address.origin),
    environment: address.environment,
  };
}

const INTENTS = ["password", "profile", "church", "address", "later"] as const;
type Intent = (typeof INTENTS)[number];
const TITLES: Record<Exclude<Intent, "later">, string> = {
  password: "Password not changed",
  profile: "Not saved",
  church: "Church name not saved",
  address: "Site address not saved",
};

export async function action({ request }: Route.ActionArgs) {
  const { user } = await setupOf(request);
  const form = await readForm(request);
  const intent = INTENTS.find((known) => known === form.get("intent"));
  if (!intent) return refuse(400, { title: "Not saved", description: "Unknown request." });
  if (intent === "later") {
    await postponeSetup(user);
    return redirectWithToast(
      "/members",
      {
        title: "Set-up saved for later",
        description: "What is still open is listed on the dashboard under “Set up your website”.",
      },
      request,
    );
  }
  try {
    return await saveStep(intent, request, user, form);
  } catch (error) {
    return refusalFor(error, {
      title: TITLES[intent],
      what: `The set-up step ${intent}`,
      fallback: "Nothing was saved. Please try again.",
      values: intent === "password" ? undefined : valuesOf(form),
    });
  }
}

function valuesOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of ["name", "email", "churchName", "address"]) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value.slice(0, 500);
  }
  return values;
}

async function saveStep(intent: Exclude<Intent, "later">, request: Request, user: StaffUser, form: FormData) {
  const title = TITLES[intent];
  switch (intent) {
    case "password": {
      const parsed = changePasswordSchema.safeParse({
        currentPassword: form.get("currentPassword") ?? "",
        password: form.get("password") ?? "",
        confirmPassword: form.get("confirmPassword") ?? "",
      });
      if (!parsed.success) {
        const fieldErrors = firstErrors(parsed.error.issues);
        return refuse(400, { title, description: Object.values(fieldErrors)[0] }, { fieldErrors });
      }
      const setCookies = await changeOwnPassword(request, user, parsed.data);
      return redirectWithToast(
        SCREEN,
        { title: "Password changed", description: "From now on, sign in with your new password." },
        request,
        setCookies,
      );
    }
    case "profile": {
      const parsed = setupProfileSchema.safeParse({
        name: form.get("name") ?? "",
        email: form.get("email") ?? "",
      });
      if (!parsed.success) {
        const fieldErrors = firstErrors(parsed.error.issues);
        return refuse(
          400,
          { title, description: Object.values(fieldErrors)[0] },
          { fieldErrors, values: valuesOf(form) },
        );
      }
      if (parsed.data.email === PLACEHOLDER_ADMIN_EMAIL) {
        const message = `${PLACEHOLDER_ADMIN_EMAIL} is a placeholder nobody reads. Enter your own e-mail address.`;
        return refuse(
          400,
          { title, description: message },
          { fieldErrors: { email: message }, values: valuesOf(form) },
        );
      }
      await changeOwnNameAndEmail(user, parsed.data);
      await markSetupStep(services().db, user.id, "profile");
      return reply({
        title: "Saved",
        description: `You are ${parsed.data.name}, and you sign in with ${parsed.data.email}.`,
      });
    }
    case "church": {
      const name = String(form.get("churchName") ?? "").trim();
      const version = Number(form.get("version"));
      if (!Number.isInteger(version) || version < 0)
        return refuse(400, { title, description: "The page is out of date. Please open it again." });
      await saveChurchName(user, name, version);
      return reply({ title: "Church name saved", description: `The site now shows ${name}.` });
    }
    case "address": {
      const { origin } = await saveSiteAddress(user, String(form.get("address") ?? "").slice(0, 500));
      return reply({ title: "Site address saved", description: `Links now start with ${origin}.` });
    }
  }
}

export default function Welcome({ loaderData, actionData }: Route.ComponentProps) {
  const { steps, openCount, name, email, church, address, environment } = loaderData;
  const errors = actionData?.ok === false ? (actionData.fieldErrors ?? {}) : {};
  const values = actionData?.ok === false ? (actionData.values ?? {}) : {};
  const leaving = useIsSubmitting("later");
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `welcome-${actionData.at}` });
  }, [actionData]);

  const finishLater = (
    <Form method="post">
      <input type="hidden" name="intent" value="later" />
      <Button type="submit" variant="outline" disabled={leaving}>
        {leaving ? "Leaving..." : "Finish later"}
      </Button>
    </Form>
  );

  return (
    <AdminScreen
      title="Welcome! Set up the site"
      description="A few things only you can tell the site. Each step is saved on its own: do them in any order, and finish later if you like."
      backTo={null}
      actions={openCount > 0 ? finishLater : null}
    >
      <div className="grid max-w-2xl gap-6">
        {openCount === 0 ? (
          <Panel title="All done" testId="setup-done">
            <div className="flex gap-3 text-sm">
              <PartyPopper className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              <p>
                The site knows who you are, what the church is called and where it lives. The dashboard lists
                what else is worth setting up.
              </p>
            </div>
            <Link to="/members" className={`${buttonVariants()} mt-4`}>
              Go to the dashboard
            </Link>
          </Panel>
        ) : null}
        <SetupStepCard
          id="password"
          number={1}
          title="Replace the generated password"
          isDone={steps.password}
          description="The password printed when the server first started is in its log. Choose one only you know."
        >
          {steps.password ? (
            <p className="text-sm">Your own password is set. You can change it any time on My account.</p>
          ) : (
            <PasswordForm
              errors={errors}
              currentLabel="Generated password"
              currentHint="The one you just signed in with."
              submitLabel="Save my password"
            />
          )}
        </SetupStepCard>
        <SetupStepCard
          id="profile"
          number={2}
          title="Your name and e-mail address"
          isDone={steps.profile}
          description="How other staff and the records of changes name you, and where your password reset links go."
        >
          <ProfileForm name={values.name ?? name} email={values.email ?? email} errors={errors} />
        </SetupStepCard>
        <SetupStepCard
          id="church"
          number={3}
          title="The church's name"
          isDone={steps.church}
          description="Check it is written as the church wants it."
        >
          <ChurchNameForm
            key={church.version}
            name={values.churchName ?? church.name}
            version={church.version}
            error={errors.churchName}
          />
        </SetupStepCard>
        <SetupStepCard
          id="address"
          number={4}
          title="The site's address"
          isDone={steps.address}
          description="Where the website lives on the internet. Until it is set, links in e-mails point at this computer."
        >
          <AddressForm address={values.address ?? address} error={errors.address} environment={environment} />
        </SetupStepCard>
        {openCount > 0 ? (
          <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4 text-sm text-muted-foreground">
            {finishLater}
            <p>The dashboard lists what is still open.</p>
          </div>
        ) : null}
      </div>
    </AdminScreen>
  );
}
