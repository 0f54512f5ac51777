import { ListChecks, Plus, Zap } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { StaffCard } from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import { CARE_TRIGGER_LABELS } from "~/lib/care";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { CARE_PATH, NEW_WORKFLOW, WORKFLOWS_PATH, workflowPath } from "~/schemas/care";
import { requireUser } from "~/server/auth/guards.server";
import { listWorkflows, type WorkflowView } from "~/server/care/workflows.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import type { Route } from "./+types/workflows";

// Follow-up workflows (issue 38): each with the moment it starts from and its steps, the way to
// change them (for those who may) and to read them (for everyone who sees follow-ups).

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Follow-up workflows", "The steps a follow-up goes through.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "care:read");
  const canManage = can(user, "care:workflows");
  return loadOrEmpty("the workflows", async () => ({ workflows: await listWorkflows(), canManage }), {
    workflows: [] as WorkflowView[],
    canManage,
  });
}

const days = (n: number) => (n === 0 ? "the same day" : `within ${n} ${n === 1 ? "day" : "days"}`);

function WorkflowItem({ workflow }: { workflow: WorkflowView }) {
  return (
    <li className="grid gap-2 p-4" data-testid="workflow-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={workflowPath(workflow.id)}
          className="font-semibold text-primary underline-offset-4 wrap-anywhere hover:underline"
        >
          {workflow.name}
        </Link>
        <span className="text-sm text-muted-foreground">
          {workflow.openFollowUps} open {workflow.openFollowUps === 1 ? "follow-up" : "follow-ups"}
        </span>
      </div>
      {workflow.description ? <p className="text-sm wrap-anywhere">{workflow.description}</p> : null}
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <Zap className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 wrap-anywhere">
          {workflow.trigger
            ? `Starts when: ${CARE_TRIGGER_LABELS[workflow.trigger]}`
            : "Started by hand only"}
        </span>
      </p>
      <ol className="grid gap-1 text-sm" aria-label={`Steps of ${workflow.name}`}>
        {workflow.steps.map((step, index) => (
          <li key={index} className="wrap-anywhere">
            {index + 1}. {step.title}{" "}
            <span className="text-muted-foreground">
              ({days(step.days)}
              {step.assigneeName ? `, ${step.assigneeName}` : ""})
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}

export default function Workflows({ loaderData }: Route.ComponentProps) {
  const { workflows, canManage, loadFailed } = loaderData;
  useLoadFailedToast(loadFailed, "Error fetching the workflows");
  return (
    <AdminScreen
      title="Follow-up workflows"
      description="The steps a follow-up goes through, each due some days after it starts."
      backTo={CARE_PATH}
      backLabel="Back to Follow-ups"
      actions={
        canManage ? (
          <Link to={`${WORKFLOWS_PATH}/${NEW_WORKFLOW}`} className={buttonVariants()}>
            <Plus aria-hidden="true" />
            New workflow
          </Link>
        ) : null
      }
    >
      <StaffCard id="workflows-heading" title="Workflows">
        {workflows.length === 0 ? (
          loadFailed ? null : (
            <StatusMessage icon={ListChecks} title="No workflows yet">
              {canManage
                ? "Make one for each kind of follow-up the church does the same way each time."
                : "Those who manage care make the workflows."}
            </StatusMessage>
          )
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" data-testid="workflows">
            {workflows.map((workflow) => (
              <WorkflowItem key={workflow.id} workflow={workflow} />
            ))}
          </ul>
        )}
      </StaffCard>
    </AdminScreen>
  );
}
