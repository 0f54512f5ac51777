import { Plus } from "lucide-react";
import { Form } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { WORKFLOWS_PATH, workflowPath } from "~/schemas/care";
import { requireUser } from "~/server/auth/guards.server";
import { careAssignees } from "~/server/care/assignees.server";
import { createWorkflow } from "~/server/care/workflows.server";
import { refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { NEW_WORKFLOW_VALUES, WorkflowFields, workflowFields } from "./workflow-form";
import type { Route } from "./+types/workflow-new";

// A new follow-up workflow (issue 38), for those who manage care: its name, the moment it starts
// from, and its steps.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "New workflow", "A new follow-up workflow.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "care:workflows");
  return { assignees: await careAssignees() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "care:workflows");
  const fields = workflowFields(await readForm(request));
  try {
    const workflow = await createWorkflow(fields, user);
    return redirectWithToast(
      workflowPath(workflow.id),
      { title: "Workflow made", description: `${workflow.name} can be chosen for new follow-ups now.` },
      request,
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Workflow not made",
      what: "Making a workflow",
      fallback: "The workflow could not be made. Please try again.",
      values: fields,
    });
  }
}

export default function NewWorkflow({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionResult | undefined;
  const values = answer?.values ? { ...NEW_WORKFLOW_VALUES, ...answer.values } : NEW_WORKFLOW_VALUES;
  return (
    <AdminScreen title="New workflow" backTo={WORKFLOWS_PATH} backLabel="Back to Workflows">
      <ChangeNotice answer={answer} id="new-workflow" />
      <StaffCard id="workflow-heading" title="The workflow" className="max-w-3xl">
        <Form method="post" className="grid gap-5">
          <WorkflowFields
            values={values}
            errors={answer?.ok === false ? answer.fieldErrors : {}}
            assignees={loaderData.assignees}
          />
          <Button type="submit" className="w-fit">
            <Plus aria-hidden="true" />
            Make the workflow
          </Button>
        </Form>
      </StaffCard>
    </AdminScreen>
  );
}
