import { Archive, ShieldAlert, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { AdminScreen } from "~/components/admin-screen";
import { FormField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { Button } from "~/components/ui/button";
import { formatDate, formatDateTime } from "~/lib/format";
import { dayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { countInWords, PERSONAL_DATA_KINDS } from "~/server/people/personal-data.server";
import { erasePerson, eraseSummary } from "~/server/people/person-erasure.server";
import type { Route } from "./+types/member-erase";

// Privacy (issue 23): erasing a person for good. The screen lists what will go and the backups
// that still hold it until they expire; the admin types the person's name to confirm. Works for
// a member under "Recently deleted" too.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Erase person", "Remove a person and everything linked to them, for good.");
}

/** "Ana  santos " and "ana Santos" are the same name typed. */
function sameName(typed: string, name: string) {
  const plain = (text: string) => text.trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
  return plain(typed) !== "" && plain(typed) === plain(name);
}

async function summaryOrBack(request: Request, id: string) {
  const summary = await eraseSummary(id);
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
  await requireUser(request, "members:erase");
  const summary = await summaryOrBack(request, params.id);
  return {
    ...summary,
    removals: PERSONAL_DATA_KINDS.filter((kind) => summary.counts[kind] > 0).map((kind) => ({
      kind,
      text: countInWords(kind, summary.counts[kind]),
    })),
    backups: summary.backups.map((backup) => ({
      name: backup.name,
      takenAt: formatDateTime(backup.takenAt),
      expires: formatDate(dayInChurchZone(new Date(backup.expiresAt))),
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "members:erase");
  const form = await readForm(request);
  const typed = String(form.get("confirmName") ?? "");
  const summary = await summaryOrBack(request, params.id);
  const title = "Not erased";
  if (!sameName(typed, summary.name)) {
    const message = typed.trim()
      ? `That is not the name. Type ${summary.name} to confirm.`
      : `Type ${summary.name} to confirm.`;
    return refuse(
      400,
      { title, description: "Nothing was removed." },
      { fieldErrors: { confirmName: message }, values: { confirmName: typed } },
    );
  }
  let erased;
  try {
    erased = await erasePerson(params.id, user);
  } catch (error) {
    return refusalFor(error, {
      title,
      what: "Erasing a person",
      fallback: "The person could not be erased, and nothing was removed. Please try again.",
    });
  }
  if (!erased) return refuse(404, { title, description: "That member no longer exists." });
  throw await redirectWithToast(
    summary.isDeleted ? "/members/deleted" : "/members/details",
    { title: "Person erased", description: `${erased.name} was erased.` },
    request,
  );
}

export default function ErasePerson({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, isDeleted, removals, backups, keepDays } = loaderData;
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `erase-${actionData.at}` });
  }, [actionData]);
  return (
    <AdminScreen
      title={`Erase ${name}`}
      description="Remove this person and everything linked to them, at once and for good."
      backTo={isDeleted ? "/members/deleted" : `/members/profile/${id}`}
      backLabel={isDeleted ? "Back to Recently deleted" : "Back to Profile"}
    >
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Panel
          title="What will be removed"
          description={`Everything below is about ${name}: the member record, and what came in with the same e-mail address or mobile number.`}
          testId="erase-removals"
        >
          <ul className="grid gap-2">
            {removals.map((removal) => (
              <li key={removal.kind} className="flex items-start gap-2">
                <Trash2 className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                <span>{removal.text}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted-foreground">
            The audit log will keep only that a person was erased, by you, and when: not their name, e-mail or
            mobile. To give the person a copy first, use Export data on their profile.
          </p>
        </Panel>

        <div className="grid min-w-0 gap-6">
          <Panel title="Backups still holding their data" testId="erase-backups">
            {backups.length === 0 ? (
              <p>No backups have been taken, so no copy is left anywhere else.</p>
            ) : (
              <>
                <p>
                  These backups were taken before today and still hold this person&apos;s data. Each is
                  removed automatically {keepDays} days after it was taken.
                </p>
                <ul className="mt-3 grid gap-2" aria-label="Backups">
                  {backups.map((backup) => (
                    <li key={backup.name} className="flex items-start gap-2 text-sm">
                      <Archive className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <span className="min-w-0 wrap-anywhere">
                        Taken {backup.takenAt}, kept until {backup.expires}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Panel>

          <Panel title="Confirm" testId="erase-confirm">
            <div className="mb-4 flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
              <ShieldAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              <p>This cannot be undone. Nothing erased can be restored from the members area.</p>
            </div>
            <Form method="post" className="grid gap-4">
              <FormField
                id="confirmName"
                name="confirmName"
                label={`Type ${name} to confirm`}
                autoComplete="off"
                spellCheck={false}
                required
                defaultValue={actionData?.values?.confirmName ?? ""}
                key={actionData?.at}
                error={actionData?.fieldErrors?.confirmName}
              />
              <div>
                <Button type="submit" variant="destructive" disabled={busy}>
                  <BusyIcon busy={busy} icon={Trash2} />
                  Erase for good
                </Button>
              </div>
            </Form>
          </Panel>
        </div>
      </div>
    </AdminScreen>
  );
}
