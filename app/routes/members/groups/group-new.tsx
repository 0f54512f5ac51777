import { Plus } from "lucide-react";
import { Form } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { GROUPS_PATH, groupPath } from "~/schemas/groups";
import { requireUser } from "~/server/auth/guards.server";
import { createGroup } from "~/server/groups/groups.server";
import { refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { GroupFields, groupFields, NEW_GROUP_VALUES } from "./group-form";
import type { Route } from "./+types/group-new";

// A new group (issue 37): its name, kind, when and where it meets, and whether newcomers may ask
// to join. Its members and leaders come next, on the group's page.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "New group", "A new group.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "groups:write");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "groups:write");
  const fields = groupFields(await readForm(request));
  try {
    const group = await createGroup(fields, user);
    return redirectWithToast(
      groupPath(group.id),
      { title: "Group made", description: `Now add the members and leaders of ${group.name}.` },
      request,
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Group not made",
      what: "Making a group",
      fallback: "The group could not be made. Please try again.",
      values: fields,
    });
  }
}

export default function NewGroup({ actionData }: Route.ComponentProps) {
  const answer = actionData as ActionResult | undefined;
  const values = answer?.values ? { ...NEW_GROUP_VALUES, ...answer.values } : NEW_GROUP_VALUES;
  return (
    <AdminScreen title="New group" backTo={GROUPS_PATH} backLabel="Back to Groups">
      <ChangeNotice answer={answer} id="new-group" />
      <StaffCard id="group-heading" title="The group" className="max-w-2xl">
        <Form method="post" className="grid gap-5">
          <GroupFields values={values} errors={answer?.ok === false ? answer.fieldErrors : {}} />
          <Button type="submit" className="w-fit">
            <Plus aria-hidden="true" />
            Make the group
          </Button>
        </Form>
      </StaffCard>
    </AdminScreen>
  );
}
