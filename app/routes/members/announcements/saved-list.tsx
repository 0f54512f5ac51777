import { Megaphone, Plus, Trash2, UserMinus } from "lucide-react";
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { FormField } from "~/components/form-field";
import { PersonSearchForm } from "~/components/person-search-form";
import { StaffCard } from "~/components/staff-accounts";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { ANNOUNCEMENT_LIMITS } from "~/schemas/announcement";
import {
  addToSavedList,
  deleteSavedList,
  findMembersToAdd,
  getSavedList,
  removeFromSavedList,
  renameSavedList,
} from "~/server/announcements/saved-lists.server";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/saved-list";

// One saved list (issue 35): its people, finding more to add, renaming and deleting it, and
// writing an announcement to it. Plain forms: it works with scripts off.

const LISTS = "/members/announcements/lists";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData ? `${loaderData.list.name} · Saved list` : "Saved list",
    "A saved list.",
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "announcements:lists");
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100);
  try {
    const list = await getSavedList(params.id);
    return { list, query, found: query ? await findMembersToAdd(list.id, query) : null };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "announcements:lists");
  const form = await readForm(request);
  const intent = form.get("intent");
  try {
    if (intent === "rename") {
      await renameSavedList(user, params.id, form.get("name"));
      return reply({ title: "List renamed", description: "The new name shows everywhere." });
    }
    if (intent === "add") {
      const memberIds = form.getAll("member").filter((value): value is string => typeof value === "string");
      const added = await addToSavedList(user, params.id, memberIds);
      return redirectWithToast(
        `${LISTS}/${params.id}`,
        {
          title: "People added",
          description: `${added} ${added === 1 ? "person was" : "people were"} added.`,
        },
        request,
      );
    }
    if (intent === "remove") {
      const removed = await removeFromSavedList(user, params.id, String(form.get("member") ?? ""));
      if (!removed) {
        return refuse(404, { title: "Not removed", description: "That person is not on this list." });
      }
      return reply({ title: "Removed", description: "They are no longer on this list." });
    }
    if (intent === "delete") {
      const name = await deleteSavedList(user, params.id);
      return redirectWithToast(
        LISTS,
        { title: "List deleted", description: `“${name}” is deleted.` },
        request,
      );
    }
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Changing a saved list",
      fallback: "The list could not be changed. Please try again.",
    });
  }
}

export default function SavedList({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, found } = loaderData;
  const answer = actionData as ActionResult | undefined;
  useEffect(() => {
    if (answer) showToast({ ...answer.toast, id: `list-${answer.at}` });
  }, [answer]);
  return (
    <AdminScreen
      title={list.name}
      description={`${list.people.length} ${list.people.length === 1 ? "person" : "people"}`}
      backTo={LISTS}
      backLabel="Back to Saved lists"
      actions={
        <Link to={`/members/announcements/new?list=${list.id}`} className={buttonVariants()}>
          <Megaphone aria-hidden="true" />
          Write to this list
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
        <StaffCard id="list-people-heading" title="People">
          {list.people.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody yet. Find people to add.</p>
          ) : (
            <ul className="divide-y divide-border" data-testid="list-people">
              {list.people.map((person) => (
                <li key={person.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <Link
                      to={`/members/profile/${person.id}`}
                      className="block break-words font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {person.name}
                    </Link>
                    <span className="block break-all text-muted-foreground">{person.email}</span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="member" value={person.id} />
                    <Button type="submit" name="intent" value="remove" variant="outline" size="sm">
                      <UserMinus aria-hidden="true" />
                      Remove<span className="sr-only"> {person.name}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </StaffCard>
        <div className="grid gap-6">
          <StaffCard id="list-add-heading" title="Add people">
            <PersonSearchForm query={query} />
            {found ? (
              found.length === 0 ? (
                <p className="mt-3 text-sm text-muted-foreground">No one else matches “{query}”.</p>
              ) : (
                <Form method="post" className="mt-3 grid gap-2">
                  <fieldset>
                    <legend className="text-sm font-medium">Tick who to add</legend>
                    {found.map((person) => (
                      <label key={person.id} className="flex min-h-11 items-center gap-3 text-sm">
                        <input
                          type="checkbox"
                          name="member"
                          value={person.id}
                          className="size-5 shrink-0 accent-primary"
                        />
                        <span className="min-w-0 break-words">
                          {person.name} <span className="text-muted-foreground">{person.email}</span>
                        </span>
                      </label>
                    ))}
                  </fieldset>
                  <Button type="submit" name="intent" value="add" className="w-fit">
                    <Plus aria-hidden="true" />
                    Add to the list
                  </Button>
                </Form>
              )
            ) : null}
          </StaffCard>
          <StaffCard id="list-name-heading" title="Name">
            <Form method="post" className="grid gap-3">
              <FormField
                id="name"
                name="name"
                label="Name of the list"
                defaultValue={list.name}
                maxLength={ANNOUNCEMENT_LIMITS.listName}
                error={answer?.ok === false ? answer.fieldErrors?.name : undefined}
              />
              <Button type="submit" name="intent" value="rename" variant="outline" className="w-fit">
                Rename
              </Button>
            </Form>
          </StaffCard>
          <StaffCard id="list-delete-heading" title="Delete list">
            <Form method="post" className="grid gap-2">
              <p className="text-sm text-muted-foreground">
                The people stay in the registry; only the list goes.
              </p>
              <Button
                type="submit"
                name="intent"
                value="delete"
                variant="outline"
                size="sm"
                className="w-fit text-destructive"
              >
                <Trash2 aria-hidden="true" />
                Delete list
              </Button>
            </Form>
          </StaffCard>
        </div>
      </div>
    </AdminScreen>
  );
}
