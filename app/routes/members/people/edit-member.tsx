import { useEffect } from "react";
import { useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { MemberForm } from "~/components/member-form";
import { pageMeta } from "~/lib/meta";
import { firstError, firstErrors, type ActionResult } from "~/lib/action-result";
import { isSaveAnyway, type PossibleDuplicate } from "~/lib/member-duplicates";
import { showToast } from "~/lib/toast";
import { makeMemberSchema } from "~/schemas/member";
import { memberDraftFrom, readMemberForm, typedMemberValues } from "~/schemas/member-fields";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import {
  findPossibleDuplicates,
  getMember,
  loadMemberOptions,
  updateMember,
} from "~/server/people/members.server";
import { fullName } from "~/lib/names";
import { redirectWithToast } from "~/server/http/toast.server";
import { memberOrBackToList, possibleDuplicatesAnswer } from "~/server/people/member-screens.server";
import type { Route } from "./+types/edit-member";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Edit Member", "Update a member's details.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "members:write");
  const [member, options] = await Promise.all([getMember(params.id), loadMemberOptions()]);
  return { member: await memberOrBackToList(request, member, params.id), options };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "members:write");
  const form = await readForm(request);
  const values = typedMemberValues(form);
  const parsed = makeMemberSchema(await loadMemberOptions()).safeParse(readMemberForm(form));
  if (!parsed.success) {
    const fieldErrors = firstErrors(parsed.error.issues);
    return refuse(
      400,
      { title: "Update Failed", description: firstError(fieldErrors) },
      { fieldErrors, values },
    );
  }
  let updated;
  try {
    if (!isSaveAnyway(form)) {
      const duplicates = await findPossibleDuplicates(parsed.data, { exceptId: params.id });
      if (duplicates.length > 0) {
        return possibleDuplicatesAnswer(duplicates, { values });
      }
    }
    updated = await updateMember(params.id, parsed.data, user);
  } catch (error) {
    return refusalFor(error, {
      title: "Update Failed",
      fallback: "The changes could not be saved. Please try again.",
      what: "Member update",
      values,
    });
  }
  await memberOrBackToList(request, updated, params.id);
  throw await redirectWithToast(
    "/members/details",
    { title: "Update Successful!", description: "Member details have been updated." },
    request,
  );
}

export default function EditMember({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { member, options } = loaderData;
  const answer = actionData as (ActionResult & { duplicates?: PossibleDuplicate[] }) | undefined;

  useEffect(() => {
    // Possible duplicates are said in the form itself, where the answer to them is.
    if (actionData?.toast && !(actionData as { duplicates?: unknown }).duplicates)
      showToast({ ...actionData.toast, id: `edit-${actionData.at}` });
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
        options={options}
        defaults={actionData?.values ? memberDraftFrom(actionData.values) : member}
        errors={actionData?.fieldErrors}
        duplicates={answer?.duplicates}
        duplicatesAt={answer?.at}
        isSubmitting={navigation.state === "submitting"}
      />
    </AdminScreen>
  );
}
