import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { can } from "~/lib/permissions";
import { requireUser } from "~/server/auth/guards.server";
import { linkedAccountRefusal } from "~/server/auth/member-staff-account.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { matchesOf } from "~/server/people/personal-data.server";
import { eraseSummary, eraseView } from "~/server/people/person-erasure.server";
import { confirmAndErase } from "./erase-action.server";
import { EraseForm } from "./person-data-parts";
import type { Route } from "./+types/member-erase";

// Privacy (issue 23): erasing a person for good. The screen lists what will go (the member and
// what came in with their e-mail address), the possible matches (rows that only share their
// mobile or look like their address: erased only when ticked, issue 33) and the backups taken
// since their first record that still hold it; the admin types the person's name to confirm.
// Works for a member under "Recently deleted" too.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Erase person", "Remove a person and everything linked to them, for good.");
}

/** "Ana  santos " and "ana Santos" are the same name typed. */
function sameName(typed: string, name: string) {
  const plain = (text: string) => text.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
  return plain(typed) !== "" && plain(typed) === plain(name);
}

async function summaryOrBack(request: Request, id: string) {
  const summary = await eraseSummary({ memberId: id });
  if (summary) return summary;
  throw await redirectWithToast(
    "/members/details",
    {
      title: "Error fetching member",
      description: "That member could not be found.",
      variant: "destructive",
    },
    request,
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:erase");
  const summary = await summaryOrBack(request, params.id);
  return {
    ...eraseView(summary),
    // A person with a staff account cannot be erased until the account is removed (issue 34).
    staffAccount: summary.staffAccount
      ? {
          refusal: linkedAccountRefusal(summary.name, summary.staffAccount),
          href: can(user, "staff:manage") ? `/members/staff/${summary.staffAccount.id}` : null,
        }
      : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "members:erase");
  const form = await readForm(request);
  const typed = String(form.get("confirmName") ?? "");
  const matches = matchesOf(form);
  const summary = await summaryOrBack(request, params.id);
  return confirmAndErase({
    request,
    actor: user,
    person: { memberId: params.id },
    matches,
    typed,
    expected: summary.name,
    expectedWhat: "name",
    isConfirmed: sameName(typed, summary.name),
    gone: "That member no longer exists.",
    backTo: summary.isDeleted ? "/members/deleted" : "/members/details",
    done: (name) => `${name} was erased.`,
  });
}

export default function ErasePerson({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, isDeleted, removals, possibleMatches, backups, keepDays, staffAccount } = loaderData;
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `erase-${actionData.at}` });
  }, [actionData]);
  const values = actionData?.values;
  return (
    <AdminScreen
      title={`Erase ${name}`}
      description="Remove this person and everything linked to them, at once and for good."
      backTo={isDeleted ? "/members/deleted" : `/members/profile/${id}`}
      backLabel={isDeleted ? "Back to Recently deleted" : "Back to Profile"}
    >
      {staffAccount ? (
        <div
          role="alert"
          data-testid="erase-refused"
          className="grid gap-3 rounded-xl border border-gold bg-gold/10 p-4 text-sm sm:p-6"
        >
          <p className="min-w-0 wrap-anywhere">{staffAccount.refusal}</p>
          {staffAccount.href ? (
            <p>
              <Link to={staffAccount.href} className="font-medium text-primary underline underline-offset-4">
                Open the staff account
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <EraseForm
          formKey={actionData?.at}
          removalsText={`Everything below is about ${name}: the member record, and what came in with their e-mail address.`}
          removals={removals}
          matches={possibleMatches}
          checked={values?.matches?.split(" ") ?? []}
          backups={backups}
          keepDays={keepDays}
          confirmText={name}
          confirmValue={values?.confirmName ?? ""}
          confirmError={actionData?.fieldErrors?.confirmName}
          busy={busy}
          afterRemovals="To give the person a copy first, use Export data on their profile."
        />
      )}
    </AdminScreen>
  );
}
