import { CalendarCheck, Save, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { StaffCard } from "~/components/staff-accounts";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { GROUP_KIND_LABELS, meetingInWords } from "~/lib/groups";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { GROUPS_PATH, groupPath } from "~/schemas/groups";
import { requireUser } from "~/server/auth/guards.server";
import {
  addGroupMembers,
  deleteGroup,
  getGroup,
  groupPeople,
  membersToAdd,
  removeGroupMember,
  setGroupLeader,
  updateGroup,
} from "~/server/groups/groups.server";
import { refusalFor, refuse } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { GroupFields, groupFields, groupValues } from "./group-form";
import { AddMembersCard, GroupPeopleCard } from "./group-people";
import type { Route } from "./+types/group";

// One group (issue 37): its settings, its members and leaders (added from the registry, taken out,
// made leaders), and the way to its attendance. Plain forms and a GET search: it works without
// scripts. Deleting asks first (?delete) on the page itself.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.group.name ?? "Group", "A group, its members and leaders.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "groups:read");
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const canWrite = can(user, "groups:write");
  try {
    const group = await getGroup(params.groupId);
    const [people, found] = await Promise.all([
      groupPeople(group.id),
      canWrite ? membersToAdd(group.id, query) : Promise.resolve(null),
    ]);
    return {
      group: { ...group, meetingTime: group.meetingTime?.slice(0, 5) ?? null },
      people,
      found,
      query,
      canWrite,
      deleting: canWrite && url.searchParams.has("delete"),
    };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

const memberIds = (form: FormData) =>
  form.getAll("member").filter((value): value is string => typeof value === "string");

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "groups:write");
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = groupPath(params.groupId);
  try {
    if (intent === "save-group") {
      const group = await updateGroup(params.groupId, groupFields(form), user);
      return redirectWithToast(
        here,
        { title: "Group saved", description: `${group.name} is saved.` },
        request,
      );
    }
    if (intent === "add") {
      const added = await addGroupMembers(params.groupId, memberIds(form), user);
      return redirectWithToast(
        here,
        {
          title: "Members added",
          description: `${added} ${added === 1 ? "member was" : "members were"} added.`,
        },
        request,
      );
    }
    const [member = ""] = memberIds(form);
    if (intent === "remove") {
      await removeGroupMember(params.groupId, member, user);
      return redirectWithToast(
        here,
        { title: "Taken out", description: "They are no longer in this group; their attendance stays." },
        request,
      );
    }
    if (intent === "leader" || intent === "not-leader") {
      await setGroupLeader(params.groupId, member, intent === "leader", user);
      return redirectWithToast(
        here,
        intent === "leader"
          ? { title: "Leader added", description: "They lead the group now." }
          : {
              title: "Leader changed",
              description: "They are no longer a leader; their attendance link stops working.",
            },
        request,
      );
    }
    if (intent === "delete-group") {
      const group = await getGroup(params.groupId);
      await deleteGroup(params.groupId, user);
      return redirectWithToast(
        GROUPS_PATH,
        { title: "Group deleted", description: `${group.name} is deleted.` },
        request,
      );
    }
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Changing a group",
      fallback: "The group could not be changed. Please try again.",
      values: intent === "save-group" ? groupFields(form) : undefined,
    });
  }
}

export default function Group({ loaderData, actionData }: Route.ComponentProps) {
  const { group, people, found, query, canWrite, deleting } = loaderData;
  const answer = actionData as ActionResult | undefined;
  const values = answer?.values ? { ...groupValues(group), ...answer.values } : groupValues(group);
  return (
    <AdminScreen
      title={group.name}
      description={`${GROUP_KIND_LABELS[group.kind]} · ${meetingInWords(group.meetingDay, group.meetingTime)}${group.area ? ` · ${group.area}` : ""}`}
      backTo={GROUPS_PATH}
      backLabel="Back to Groups"
      actions={
        <Link to={`${groupPath(group.id)}/attendance`} className={buttonVariants()}>
          <CalendarCheck aria-hidden="true" />
          Attendance
        </Link>
      }
    >
      <ChangeNotice answer={answer} id="group" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start [&>*]:min-w-0">
        <div className="grid gap-6">
          <GroupPeopleCard people={people} canWrite={canWrite} />
          {canWrite ? <AddMembersCard query={query} found={found} /> : null}
        </div>
        {canWrite ? (
          <div className="grid gap-6">
            <StaffCard id="settings-heading" title="Settings">
              <Form method="post" className="grid gap-5">
                <GroupFields values={values} errors={answer?.ok === false ? answer.fieldErrors : {}} />
                <Button type="submit" name="intent" value="save-group" className="w-fit">
                  <Save aria-hidden="true" />
                  Save the group
                </Button>
              </Form>
            </StaffCard>
            <StaffCard id="delete-heading" title="Delete the group">
              {deleting ? (
                <Form method="post" className="grid gap-3" data-testid="confirm-delete">
                  <p className="text-sm wrap-anywhere">
                    Delete <strong>{group.name}</strong> with its {people.length}{" "}
                    {people.length === 1 ? "membership" : "memberships"} and its attendance? The members stay
                    in the registry. This cannot be undone.
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" name="intent" value="delete-group" variant="destructive">
                      <Trash2 aria-hidden="true" />
                      Delete group
                    </Button>
                    <Link to={groupPath(group.id)} className={buttonVariants({ variant: "outline" })}>
                      Keep it
                    </Link>
                  </div>
                </Form>
              ) : (
                <div className="grid gap-2">
                  <p className="text-sm text-muted-foreground">
                    Its memberships and attendance go with it; the people stay in the registry.
                  </p>
                  <Link
                    to={`${groupPath(group.id)}?delete`}
                    className={buttonVariants({
                      variant: "outline",
                      size: "sm",
                      className: "w-fit text-destructive",
                    })}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete group…
                  </Link>
                </div>
              )}
            </StaffCard>
          </div>
        ) : null}
      </div>
    </AdminScreen>
  );
}
