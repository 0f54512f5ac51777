import { Save, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { StaffCard } from "~/components/staff-accounts";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { WORKFLOWS_PATH, workflowPath } from "~/schemas/care";
import { requireUser } from "~/server/auth/guards.server";
import { careAssignees } from "~/server/care/assignees.server";
import { deleteWorkflow, getWorkflow, updateWorkflow } from "~/server/care/workflows.server";
import { refusalFor, refuse } from "~/server/http/action-result.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { WorkflowFields, workflowFields, workflowValues } from "./workflow-form";
import type { Route } from "./+types/workflow";

// One follow-up workflow (issue 38): everyone who sees follow-ups reads it; those who manage care
// change or delete it. Follow-ups already started keep the steps they copied. Deleting asks first
// (?delete) on the page itself, so it works without scripts.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.workflow.name ?? "Workflow", "A follow-up workflow and its steps.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "care:read");
  const canManage = can(user, "care:workflows");
  try {
    const [workflow, assignees] = await Promise.all([getWorkflow(params.workflowId), careAssignees()]);
    return {
      workflow,
      assignees,
      canManage,
      deleting: canManage && new URL(request.url).searchParams.has("delete"),
    };
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "care:workflows");
  const form = await readForm(request);
  const intent = form.get("intent");
  const fields = workflowFields(form);
  try {
    if (intent === "save-workflow") {
      const workflow = await updateWorkflow(params.workflowId, fields, user);
      return redirectWithToast(
        workflowPath(workflow.id),
        {
          title: "Workflow saved",
          description: "New follow-ups take these steps; those started keep theirs.",
        },
        request,
      );
    }
    if (intent === "delete-workflow") {
      const { name } = await getWorkflow(params.workflowId);
      const open = await deleteWorkflow(params.workflowId, user);
      return redirectWithToast(
        WORKFLOWS_PATH,
        {
          title: "Workflow deleted",
          description:
            open > 0
              ? `${name} is deleted. Its ${open} open ${open === 1 ? "follow-up keeps its" : "follow-ups keep their"} steps.`
              : `${name} is deleted.`,
        },
        request,
      );
    }
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Changing a workflow",
      fallback: "The workflow could not be changed. Please try again.",
      values: intent === "save-workflow" ? fields : undefined,
    });
  }
}

export default function Workflow({ loaderData, actionData }: Route.ComponentProps) {
  const { workflow, assignees, canManage, deleting } = loaderData;
  const answer = actionData as ActionResult | undefined;
  const values = answer?.values ? answer.values : workflowValues(workflow);
  const here = workflowPath(workflow.id);
  return (
    <AdminScreen
      title={workflow.name}
      description={workflow.description || undefined}
      backTo={WORKFLOWS_PATH}
      backLabel="Back to Workflows"
    >
      <ChangeNotice answer={answer} id="workflow" />
      <div className="grid max-w-3xl gap-6">
        <StaffCard
          id="workflow-heading"
          title={canManage ? "Change the workflow" : "The workflow"}
          description={canManage ? undefined : "Those who manage care can change it."}
        >
          <Form method="post" className="grid gap-5">
            {/* Read-only for those who may not change it: the same fields, disabled. */}
            <fieldset disabled={!canManage} className="grid gap-5">
              <WorkflowFields
                values={values}
                errors={answer?.ok === false ? answer.fieldErrors : {}}
                assignees={assignees}
                workflow={workflow}
              />
            </fieldset>
            {canManage ? (
              <Button type="submit" name="intent" value="save-workflow" className="w-fit">
                <Save aria-hidden="true" />
                Save the workflow
              </Button>
            ) : null}
          </Form>
        </StaffCard>
        {canManage ? (
          <StaffCard id="delete-heading" title="Delete the workflow">
            {deleting ? (
              <Form method="post" className="grid gap-3" data-testid="confirm-delete">
                <p className="text-sm wrap-anywhere">
                  Delete <strong>{workflow.name}</strong>? The {workflow.openFollowUps} open{" "}
                  {workflow.openFollowUps === 1 ? "follow-up" : "follow-ups"} started from it keep their
                  steps. This cannot be undone.
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="delete-workflow" variant="destructive">
                    <Trash2 aria-hidden="true" />
                    Delete workflow
                  </Button>
                  <Link to={here} className={buttonVariants({ variant: "outline" })}>
                    Keep it
                  </Link>
                </div>
              </Form>
            ) : (
              <div className="grid gap-2">
                <p className="text-sm text-muted-foreground">
                  Follow-ups started from it keep their steps; new ones can no longer choose it.
                </p>
                <Link
                  to={`${here}?delete`}
                  className={buttonVariants({
                    variant: "outline",
                    size: "sm",
                    className: "w-fit text-destructive",
                  })}
                >
                  <Trash2 aria-hidden="true" />
                  Delete workflow…
                </Link>
              </div>
            )}
          </StaffCard>
        ) : null}
      </div>
    </AdminScreen>
  );
}
