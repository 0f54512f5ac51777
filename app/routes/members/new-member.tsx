import { KeyRound, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { MemberForm } from "~/components/member-form";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { showToast, type Toast } from "~/lib/toast";
import { memberFieldErrors, memberFormValues, memberSchema } from "~/schemas/member";
import { getOptionalUser } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/forms.server";
import { createMember } from "~/server/people/members.server";
import {
  checkPasscode,
  grantCookieHeader,
  hasRegistrationGrant,
  isPasscodeConfigured,
} from "~/server/auth/registration-gate.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/new-member";

export function meta(_: Route.MetaArgs) {
  return pageMeta("New Member Registration", "Register a new member of the church.");
}

// Reachable without signing in, but locked by the registration passcode: the loader only says
// whether this browser holds a grant, and the action checks the grant again before writing.
export async function loader({ request }: Route.LoaderArgs) {
  const [granted, configured] = await Promise.all([hasRegistrationGrant(request), isPasscodeConfigured()]);
  return { granted, configured };
}

type ActionResult = {
  toast: Omit<Toast, "id">;
  at: number;
  errors?: Record<string, string>;
  values?: unknown;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const at = Date.now();
  if (form.get("intent") === "verify") {
    const passcode = String(form.get("passcode") ?? "").slice(0, 200);
    const outcome = await checkPasscode(passcode, context.clientIp);
    if (outcome === "granted") {
      return data<ActionResult>(
        { toast: { title: "Access Granted", description: "You can now fill out the form." }, at },
        { headers: { "Set-Cookie": await grantCookieHeader(request) } },
      );
    }
    const description =
      outcome === "wrong"
        ? "Please try again."
        : outcome === "rate_limited"
          ? "Too many attempts. Please wait a few minutes and try again."
          : "Registration is not open: no passcode has been set. Please ask an administrator.";
    return data<ActionResult>(
      { toast: { title: "Incorrect Password", description, variant: "destructive" }, at },
      { status: outcome === "rate_limited" ? 429 : 403 },
    );
  }

  if (!(await hasRegistrationGrant(request))) {
    return data<ActionResult>(
      {
        toast: {
          title: "Registration Failed",
          description: "Your access has expired. Please enter the passcode again.",
          variant: "destructive",
        },
        at,
      },
      { status: 403 },
    );
  }
  const values = memberFormValues(form);
  const parsed = memberSchema.safeParse({
    ...values,
    churchPosition: undefined,
    membershipStatus: undefined,
  });
  if (!parsed.success) {
    const errors = memberFieldErrors(parsed.error);
    return data<ActionResult>(
      {
        toast: {
          title: "Registration Failed",
          description: Object.values(errors)[0],
          variant: "destructive",
        },
        at,
        errors,
        values,
      },
      { status: 400 },
    );
  }
  try {
    // Staff may register while signed in; anyone else got in through the passcode alone.
    await createMember(parsed.data, (await getOptionalUser(request)) ?? "registration-passcode");
  } catch (error) {
    console.error("Member registration failed:", error);
    return data<ActionResult>(
      {
        toast: {
          title: "Registration Failed",
          description: "The member could not be saved. Please try again.",
          variant: "destructive",
        },
        at,
        values,
      },
      { status: 500 },
    );
  }
  throw await redirectWithToast(
    "/members/forms",
    { title: "Registration Successful!", description: "New member has been added." },
    request,
  );
}

export default function MemberRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting";

  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `forms-${actionData.at}` });
  }, [actionData]);

  return (
    <AdminScreen
      title="New Member Registration"
      description="Fill in the member's details. Fields marked * are required."
    >
      {loaderData.granted ? (
        <MemberForm
          // A new form after each registration.
          key={actionData?.values ? "retry" : "fresh"}
          mode="create"
          defaults={(actionData?.values as never) ?? undefined}
          errors={actionData?.errors}
          isSubmitting={isSubmitting}
        />
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
