import { useEffect } from "react";
import { data, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { MemberForm } from "~/components/member-form";
import { pageMeta } from "~/lib/meta";
import { showToast, type Toast } from "~/lib/toast";
import { memberFieldErrors, memberFormValues, memberSchema } from "~/schemas/member";
import { requireUser } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/forms.server";
import { getMember, updateMember } from "~/server/people/members.server";
import { fullName } from "~/lib/names";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Route } from "./+types/edit-member";

export function meta(_: Route.MetaArgs) {
  return pageMeta("Edit Member", "Update a member's details.");
}

async function memberOrBack(request: Request, id: string) {
  const member = await getMember(id);
  if (!member) {
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
  return member;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "members:write");
  return { member: await memberOrBack(request, params.id) };
}

type ActionResult = {
  toast: Omit<Toast, "id">;
  at: number;
  errors?: Record<string, string>;
  values?: unknown;
};

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "members:write");
  const form = await readForm(request);
  const values = memberFormValues(form);
  const at = Date.now();
  const parsed = memberSchema.safeParse(values);
  if (!parsed.success) {
    const errors = memberFieldErrors(parsed.error);
    return data<ActionResult>(
      {
        toast: { title: "Update Failed", description: Object.values(errors)[0], variant: "destructive" },
        at,
        errors,
        values,
      },
      { status: 400 },
    );
  }
  let updated;
  try {
    updated = await updateMember(params.id, parsed.data, user);
  } catch (error) {
    console.error("Member update failed:", error);
    return data<ActionResult>(
      {
        toast: {
          title: "Update Failed",
          description: "The changes could not be saved. Please try again.",
          variant: "destructive",
        },
        at,
        values,
      },
      { status: 500 },
    );
  }
  if (!updated) await memberOrBack(request, params.id);
  throw await redirectWithToast(
    "/members/details",
    { title: "Update Successful!", description: "Member details have been updated." },
    request,
  );
}

export default function EditMember({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { member } = loaderData;

  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `edit-${actionData.at}` });
  }, [actionData]);

  return (
    <AdminScreen
      title={`Edit ${fullName(member)}`}
      description="Change what needs changing, then Save Changes."
      backTo="/members/details"
      backLabel="Back to List"
    >
      <MemberForm
        mode="edit"
        defaults={(actionData?.values as never) ?? member}
        errors={actionData?.errors}
        isSubmitting={navigation.state === "submitting"}
      />
    </AdminScreen>
  );
}
