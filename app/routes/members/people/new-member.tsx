import { MemberConfirmation } from "~/components/member-confirmation";
import { KeyRound, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { MemberForm } from "~/components/member-form";
import { hasRegistryConsent, REGISTRY_CONSENT_REQUIRED } from "~/components/member-consent-section";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { firstError, firstErrors, type ActionResult } from "~/lib/action-result";
import { isSaveAnyway, type PossibleDuplicate } from "~/lib/member-duplicates";
import { can } from "~/lib/permissions";
import { showToast } from "~/lib/toast";
import { makeMemberSchema } from "~/schemas/member";
import { memberDraftFrom, readMemberForm, typedMemberValues } from "~/schemas/member-fields";
import { getOptionalUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { refuse, refusalFor, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { newFormToken, readFormToken } from "~/server/platform/form-tokens.server";
import { possibleDuplicatesAnswer } from "~/server/people/member-screens.server";
import { loadMemberOptions, registerMember, type RegisteredMember } from "~/server/people/members.server";
import {
  checkPasscode,
  grantCookieHeader,
  hasRegistrationGrant,
  isPasscodeConfigured,
} from "~/server/auth/registration-gate.server";
import type { Route } from "./+types/new-member";
import { factsOf } from "~/server/http/request-context.server";
import { getSiteContent } from "~/server/site/site-content.server";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "New Member Registration", "Register a new member of the church.");
}

// Reachable without signing in, but locked by the registration passcode: the loader only says
// whether this browser holds a grant, and the action checks the grant again before writing. Each
// form it shows carries a fresh one-time token: a second post of the same form saves nothing new.
export async function loader({ request }: Route.LoaderArgs) {
  const [granted, configured, options, { privacy }] = await Promise.all([
    hasRegistrationGrant(request),
    isPasscodeConfigured(),
    loadMemberOptions(),
    getSiteContent(),
  ]);
  const consentTexts = { registry: privacy.registryConsent, email: privacy.emailConsent };
  return { granted, configured, options, consentTexts, formToken: newFormToken() };
}

/** Every answer of the action, read the same way. */
type RegistrationAnswer = ActionResult & {
  registered?: RegisteredMember | null;
  duplicates?: PossibleDuplicate[];
  /** The consent boxes as they were ticked, for a form that comes back. */
  consents?: { registry: boolean; email: boolean };
};

const REGISTERED = { title: "Registration Successful!", description: "New member has been added." };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "verify") {
    const passcode = String(form.get("passcode") ?? "").slice(0, 200);
    const outcome = await checkPasscode(passcode, factsOf(context).clientIp);
    if (outcome === "granted") {
      return data<ActionResult>(
        {
          ok: true,
          at: Date.now(),
          toast: { title: "Access Granted", description: "You can now fill out the form." },
        },
        { headers: { "Set-Cookie": await grantCookieHeader(request) } },
      );
    }
    const description =
      outcome === "wrong"
        ? "Please try again."
        : outcome === "rate_limited"
          ? "Too many attempts. Please wait a few minutes and try again."
          : "Registration is not open: no passcode has been set. Please ask an administrator.";
    return refuse(outcome === "rate_limited" ? 429 : 403, { title: "Incorrect Password", description });
  }

  if (!(await hasRegistrationGrant(request))) {
    return refuse(403, {
      title: "Registration Failed",
      description: "Your access has expired. Please enter the passcode again.",
    });
  }
  const values = typedMemberValues(form);
  const schema = makeMemberSchema(await loadMemberOptions());
  // A registration always makes an active Member; the edit form changes position and status.
  const parsed = schema.safeParse({
    ...readMemberForm(form),
    churchPosition: undefined,
    membershipStatus: undefined,
  });
  // Explicit consent (issue 23): the registry box must be ticked; the e-mails box is the person's choice.
  const consents = { registry: hasRegistryConsent(form), email: form.get("consentEmail") === "on" };
  if (!parsed.success || !consents.registry) {
    const fieldErrors = {
      ...(parsed.success ? {} : firstErrors(parsed.error.issues)),
      ...(consents.registry ? {} : { consentRegistry: REGISTRY_CONSENT_REQUIRED }),
    };
    return refuse(
      400,
      { title: "Registration Failed", description: firstError(fieldErrors) },
      { fieldErrors, values, consents },
    );
  }
  // Staff may register while signed in; anyone else got in through the passcode alone.
  const user = await getOptionalUser(request);
  // Whoever may not read the whole registry (a role limited to its ministries' people reads only
  // them) is never told that someone with these details is in it: their registration is saved as
  // usual, flagged for staff to check (keep or delete).
  const mayReadMembers = can(user, "members:read") && (!user || ministryScope(user) === null);
  let registration;
  try {
    registration = await registerMember(parsed.data, user ?? "registration-passcode", {
      formToken: readFormToken(form),
      allowDuplicates: isSaveAnyway(form),
      flagDuplicates: !mayReadMembers,
      consents: consents.email ? ["registry", "email"] : ["registry"],
    });
  } catch (error) {
    return refusalFor(error, {
      title: "Registration Failed",
      fallback: "The member could not be saved. Please try again.",
      what: "Member registration",
      values,
    });
  }
  if (registration.outcome === "duplicates") {
    return possibleDuplicatesAnswer(registration.duplicates, {
      values,
      more: { consents },
    });
  }
  // A repeat of a form already saved answers as its first post did: nothing new was made.
  return replyWith(REGISTERED, { registered: registration.member });
}

export default function MemberRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";
  const answer = actionData as RegistrationAnswer | undefined;
  const registered = answer?.registered;
  const duplicates = answer?.duplicates ?? null;

  useEffect(() => {
    // Possible duplicates are said in the form itself, where the answer to them is.
    if (actionData?.toast && !(actionData as { duplicates?: unknown }).duplicates)
      showToast({ ...actionData.toast, id: `forms-${actionData.at}` });
  }, [actionData]);

  return (
    <AdminScreen
      title="New Member Registration"
      description="Fill in the member's details. Fields marked * are required."
    >
      {loaderData.granted ? (
        <>
          {/* Always there, so a screen reader reads each new confirmation. */}
          <MemberConfirmation what="Registered" member={registered} testId="registered" />
          <MemberForm
            // After each registration a new, empty form (children too) with a new token; after a
            // refusal the form as it was typed.
            key={registered ? `registered-${actionData?.at}` : actionData?.values ? "retry" : "fresh"}
            mode="create"
            options={loaderData.options}
            formToken={loaderData.formToken}
            defaults={actionData?.values ? memberDraftFrom(actionData.values) : undefined}
            errors={actionData?.fieldErrors}
            duplicates={duplicates}
            duplicatesAt={actionData?.at}
            focusFirstField={Boolean(registered)}
            isSubmitting={isSubmitting}
            consent={{
              texts: loaderData.consentTexts,
              defaults: registered ? undefined : answer?.consents,
            }}
          />
        </>
      ) : (
        <section
          className="mx-auto max-w-md rounded-2xl border border-border bg-background p-8 shadow-sm"
          aria-labelledby="verify-heading"
        >
          <div className="flex flex-col items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <KeyRound className="size-6" aria-hidden="true" />
            </span>
            <h2 id="verify-heading" className="mt-4 text-xl font-bold text-navy">
              Verify Access
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              {loaderData.configured
                ? "Enter the registration password to open the new member form."
                : "Registration is not open yet: an administrator has not set a registration password."}
            </p>
          </div>
          <Form method="post" className="mt-6 grid gap-4">
            <input type="hidden" name="intent" value="verify" />
            <div className="grid gap-2">
              <label htmlFor="passcode" className="text-sm font-medium">
                Password
              </label>
              <input
                id="passcode"
                name="passcode"
                type="password"
                required
                autoComplete="off"
                maxLength={200}
                className="flex h-11 w-full rounded-md border border-input bg-background px-3 py-2 text-base sm:text-sm"
              />
            </div>
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Verify
            </Button>
          </Form>
        </section>
      )}
    </AdminScreen>
  );
}
