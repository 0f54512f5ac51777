import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { matchesOf, membersWithAddress, normalEmail } from "~/server/people/personal-data.server";
import { eraseSummary, eraseView } from "~/server/people/person-erasure.server";
import { confirmAndErase } from "./erase-action.server";
import { EraseForm } from "./person-data-parts";
import type { Route } from "./+types/person-erase";

// Data requests (issue 33): erasing, for good, someone outside the registry (who only sent a
// connect message, signed up or registered), known by their e-mail address (?email=). Like a
// member's erasure: what will go, the possible matches (erased only when ticked), the backups
// taken since their first record; the admin types the address to confirm.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Erase person",
    "Remove a person's messages, sign-ups and registrations, for good.",
  );
}

const PEOPLE = "/members/privacy/people";

function addressOf(request: Request, form?: FormData) {
  return String(form?.get("email") ?? new URL(request.url).searchParams.get("email") ?? "").trim();
}

async function summaryOrBack(request: Request, email: string) {
  const summary = email.includes("@") ? await eraseSummary({ email }) : null;
  if (summary) return summary;
  throw await redirectWithToast(
    PEOPLE,
    { title: "Nothing found", description: "Nothing is held under that address.", variant: "destructive" },
    request,
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "members:erase");
  const email = addressOf(request);
  const summary = await summaryOrBack(request, email);
  return { ...eraseView(summary), members: await membersWithAddress(summary.email) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "members:erase");
  const form = await readForm(request);
  const email = addressOf(request, form);
  const typed = String(form.get("confirmName") ?? "");
  const matches = matchesOf(form);
  const summary = await summaryOrBack(request, email);
  return confirmAndErase({
    request,
    actor: user,
    person: { email: summary.email },
    matches,
    typed,
    expected: summary.email,
    expectedWhat: "address",
    isConfirmed: typed.trim() !== "" && normalEmail(typed) === summary.email,
    gone: "Nothing is held under that address any more.",
    backTo: PEOPLE,
    done: () => `Everything that came in with ${summary.email} was erased.`,
  });
}

export default function ErasePersonByAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { email, removals, possibleMatches, backups, keepDays, members } = loaderData;
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `erase-person-${actionData.at}` });
  }, [actionData]);
  const values = actionData?.values;
  return (
    <AdminScreen
      title={`Erase ${email}`}
      description="Remove what this person sent and everything linked to it, at once and for good."
      backTo={`${PEOPLE}?email=${encodeURIComponent(email)}`}
      backLabel="Back to Data requests"
    >
      <EraseForm
        formKey={actionData?.at}
        hidden={{ email }}
        removalsText={`Everything below came in with ${email}: connect messages, sign-ups and registrations, their inbox entries and replies, and the e-mails sent to or about this address.`}
        removals={removals}
        matches={possibleMatches}
        checked={values?.matches?.split(" ") ?? []}
        backups={backups}
        keepDays={keepDays}
        confirmText={email}
        confirmValue={values?.confirmName ?? ""}
        confirmError={actionData?.fieldErrors?.confirmName}
        busy={busy}
        afterRemovals={
          members.length > 0 ? (
            <>
              This address is also on the member record{members.length === 1 ? "" : "s"} of{" "}
              {members.map((member, index) => (
                <span key={member.id}>
                  {index > 0 ? ", " : ""}
                  <Link to={`/members/profile/${member.id}`} className="text-primary underline">
                    {member.name}
                  </Link>
                </span>
              ))}
              , which {members.length === 1 ? "stays" : "stay"}: a member is erased from their profile.
            </>
          ) : (
            "To give the person a copy first, use Download on Data requests."
          )
        }
      />
    </AdminScreen>
  );
}
