import { Copy, ShieldQuestion } from "lucide-react";
import { useEffect } from "react";
import { data, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ConfirmActionButton, useDeleteToast } from "~/components/confirm-dialog";
import { useLoadFailedToast } from "~/components/load-failed-toast";
import { StaffCard } from "~/components/staff-accounts";
import { StatusMessage } from "~/components/status-message";
import { buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { AREAS, can, cleanLevels } from "~/lib/permissions";
import { showToast } from "~/lib/toast";
import { levelField, readRoleForm, type RoleForm } from "~/schemas/staff-role";
import { requireUser } from "~/server/auth/guards.server";
import { listStaffAccounts } from "~/server/auth/staff-accounts.server";
import { createRole, deleteRole, findRole, updateRole } from "~/server/auth/staff-roles.server";
import { refusalFor, refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/staff-role";
import { usedBy } from "./staff-role-parts";
import { RoleEditor } from "./staff-role-form";

// One role (issue 34): a new one (/members/staff/roles/new, or ?from=<role> to start from a copy),
// one of the church's own to rename, change or delete, or a built-in one to read and copy.

const NEW = "new";
const ROLES = "/members/staff/roles";
const DELETE_KEY = "role-delete";

const texts = {
  notFound: "That role could not be found. It may have been deleted.",
  back: "Back to Roles",
  builtIn: "This role comes with the site and cannot be changed. Copy it to make a role of your own.",
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const role = loaderData?.role;
  return pageMeta(matches, role?.key ? `${role.name} · Role` : "New role", "What a staff role may do.");
}

interface RoleView extends RoleForm {
  /** Null for a role not made yet. */
  key: string | null;
  builtIn: boolean;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "staff:manage");
  const empty = { role: null as RoleView | null, accounts: [] as { id: string; name: string }[] };
  const loaded = await loadOrEmpty(
    "a role",
    async () => {
      if (params.id === NEW) {
        const from = new URL(request.url).searchParams.get("from");
        const source = from ? await findRole(from) : null;
        const role: RoleView = {
          key: null,
          builtIn: false,
          name: source ? `Copy of ${source.name}`.slice(0, 60) : "",
          levels: source?.levels ?? {},
          ministryOnly: source?.ministryOnly ?? false,
        };
        return { ...empty, role };
      }
      const [found, accounts] = await Promise.all([findRole(params.id), listStaffAccounts()]);
      if (!found) return empty;
      return {
        role: { ...found, key: found.key } satisfies RoleView,
        accounts: accounts
          .filter((account) => account.role === found.key)
          .map(({ id, name }) => ({ id, name })),
      };
    },
    empty,
  );
  return loaded.data.loadFailed || loaded.data.role ? loaded : data(loaded.data, { status: 404 });
}

/** What was typed, to put back after a refusal. */
function typedValues(role: RoleForm): Record<string, string> {
  return {
    name: role.name,
    ministryOnly: role.ministryOnly ? "on" : "",
    ...Object.fromEntries(AREAS.map((area) => [levelField(area), role.levels[area] ?? "none"])),
  };
}

function fromValues(values: Record<string, string>): RoleForm {
  return {
    name: values.name ?? "",
    ministryOnly: values.ministryOnly === "on",
    levels: cleanLevels(Object.fromEntries(AREAS.map((area) => [area, values[levelField(area)]]))),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "staff:manage");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "delete") {
    try {
      const role = await deleteRole(params.id, user);
      return redirectWithToast(
        ROLES,
        { title: "Role deleted", description: `“${role.name}” is deleted.` },
        request,
      );
    } catch (error) {
      return refusalFor(error, {
        title: "Role not deleted",
        what: "Deleting a role",
        fallback: "The role could not be deleted. Please try again.",
      });
    }
  }
  const isNew = params.id === NEW;
  const title = isNew ? "Role not created" : "Role not saved";
  if (intent !== "save") return refuse(400, { title, description: "Unknown request." });
  const read = readRoleForm(form);
  if (!read.ok) {
    return refuse(
      400,
      { title, description: read.error },
      { fieldErrors: { name: read.error }, values: typedValues(read.typed) },
    );
  }
  try {
    if (isNew) {
      const role = await createRole(read.role, user);
      return redirectWithToast(
        `${ROLES}/${role.key}`,
        { title: "Role created", description: `“${role.name}” can now be given to staff accounts.` },
        request,
      );
    }
    const role = await updateRole(params.id, read.role, user);
    // Someone who took staff accounts away from their own role is no longer welcome here.
    if (user.role === role.key && !can({ access: role }, "staff:manage"))
      return redirectWithToast(
        "/members",
        { title: "Role saved", description: `“${role.name}” no longer manages staff accounts.` },
        request,
      );
    return reply({
      title: "Role saved",
      description: `Accounts with “${role.name}” have these rights from their next page on.`,
    });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: isNew ? "Creating a role" : "Changing a role",
      fallback: "The role could not be saved. Please try again.",
      values: typedValues(read.role),
    });
  }
}

function DeleteCard({ role, accounts }: { role: RoleView; accounts: { id: string; name: string }[] }) {
  return (
    <StaffCard id="role-delete-heading" title="Delete role">
      {accounts.length === 0 ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">No account has this role, so it can be deleted.</p>
          <ConfirmActionButton
            label="Delete role"
            question={`Delete the role “${role.name}”? This cannot be undone.`}
            confirmLabel="Delete role"
            intent="delete"
            fetcherKey={DELETE_KEY}
          />
        </div>
      ) : (
        <div className="grid gap-2 text-sm">
          <p data-testid="role-in-use">
            {usedBy(accounts.length)}: give {accounts.length === 1 ? "it" : "them"} another role before
            deleting this one.
          </p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Accounts with this role">
            {accounts.map((account) => (
              <li key={account.id}>
                <Link
                  to={`/members/staff/${account.id}`}
                  className="font-medium text-primary underline underline-offset-4"
                >
                  {account.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </StaffCard>
  );
}

export default function StaffRole({ loaderData, actionData }: Route.ComponentProps) {
  const { role, accounts, loadFailed } = loaderData;
  const answer = actionData as ActionResult | undefined;
  useLoadFailedToast(loadFailed, "Error fetching the role");
  useDeleteToast(DELETE_KEY);
  useEffect(() => {
    if (answer) showToast({ ...answer.toast, id: `role-${answer.at}` });
  }, [answer]);

  if (!role) {
    return (
      <AdminScreen title="Role" backTo={ROLES} backLabel={texts.back}>
        {loadFailed ? null : (
          <StatusMessage icon={ShieldQuestion} title="Role not found">
            <p>{texts.notFound}</p>
          </StatusMessage>
        )}
      </AdminScreen>
    );
  }
  const refused = answer?.ok === false ? answer : undefined;
  const initial: RoleForm = refused?.values ? fromValues(refused.values) : role;
  return (
    <AdminScreen
      title={role.key ? role.name : "New role"}
      description={
        role.builtIn ? texts.builtIn : role.key ? usedBy(accounts.length) : "A role of your church's own."
      }
      backTo={ROLES}
      backLabel={texts.back}
      actions={
        role.key ? (
          <Link
            to={`${ROLES}/${NEW}?from=${encodeURIComponent(role.key)}`}
            className={buttonVariants({ variant: "outline" })}
          >
            <Copy aria-hidden="true" />
            Copy to a new role
          </Link>
        ) : null
      }
    >
      <div className="grid gap-6">
        {refused && !refused.fieldErrors ? (
          <p
            role="alert"
            className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive"
          >
            {refused.toast.description}
          </p>
        ) : null}
        <RoleEditor
          key={role.key ?? NEW}
          initial={initial}
          readOnly={role.builtIn}
          isNew={!role.key}
          nameError={refused?.fieldErrors?.name}
        />
        {role.key && !role.builtIn ? <DeleteCard role={role} accounts={accounts} /> : null}
      </div>
    </AdminScreen>
  );
}
