import { ListChecks, Plus } from "lucide-react";
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { FormField } from "~/components/form-field";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { StaffCard } from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { ANNOUNCEMENT_LIMITS } from "~/schemas/announcement";
import { createSavedList, listSavedLists } from "~/server/announcements/saved-lists.server";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/saved-lists";

// Saved lists (issue 35): people picked by hand to send announcements to again.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Saved lists", "People picked by hand for announcements.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "announcements:lists");
  return loadOrEmpty("the saved lists", async () => ({ lists: await listSavedLists() }), { lists: [] });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "announcements:lists");
  const form = await readForm(request);
  const name = String(form.get("name") ?? "");
  try {
    const id = await createSavedList(user, name);
    return redirectWithToast(
      `/members/announcements/lists/${id}`,
      { title: "List made", description: "Now add the people to it." },
      request,
    );
  } catch (error) {
    return refusalFor(error, {
      title: "List not made",
      what: "Making a saved list",
      fallback: "The list could not be made. Please try again.",
      values: { name },
    });
  }
}

export default function SavedLists({ loaderData, actionData }: Route.ComponentProps) {
  const { lists, loadFailed } = loaderData;
  const answer = actionData as ActionResult | undefined;
  useLoadFailedToast(loadFailed, "Error fetching the saved lists");
  useEffect(() => {
    if (answer) showToast({ ...answer.toast, id: `list-${answer.at}` });
  }, [answer]);
  return (
    <AdminScreen
      title="Saved lists"
      description="People you pick by hand, to send announcements to again."
      backTo="/members/announcements"
      backLabel="Back to Announcements"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        {lists.length === 0 ? (
          loadFailed ? (
            <span />
          ) : (
            <StatusMessage icon={ListChecks} title="No saved lists yet">
              <p>Make one for a group the registry does not know, such as a choir for Christmas.</p>
            </StatusMessage>
          )
        ) : (
          <ul
            className="divide-y divide-border rounded-xl border border-border bg-background"
            data-testid="saved-lists"
          >
            {lists.map((list) => (
              <li key={list.id}>
                <Link
                  to={`/members/announcements/lists/${list.id}`}
                  className="flex min-h-11 items-center justify-between gap-3 px-4 py-3 hover:bg-muted/50"
                >
                  <span className="min-w-0 break-words font-semibold text-navy">{list.name}</span>
                  <span className="shrink-0 text-sm text-muted-foreground">
                    {list.people} {list.people === 1 ? "person" : "people"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <StaffCard id="new-list-heading" title="New list">
          <Form method="post" className="grid gap-3">
            <FormField
              id="name"
              name="name"
              label="Name"
              maxLength={ANNOUNCEMENT_LIMITS.listName}
              defaultValue={answer?.ok === false ? answer.values?.name : ""}
              error={answer?.ok === false ? answer.fieldErrors?.name : undefined}
              required
            />
            <Button type="submit" className="w-fit">
              <Plus aria-hidden="true" />
              Make list
            </Button>
          </Form>
        </StaffCard>
      </div>
    </AdminScreen>
  );
}
