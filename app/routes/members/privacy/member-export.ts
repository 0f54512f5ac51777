import { requireUser } from "~/server/auth/guards.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { staffPersonalDataDownload } from "~/server/people/personal-data-file.server";
import type { Route } from "./+types/member-export";

// Privacy (issue 23): the file of "Export data" on a member's profile. One file with everything
// held about the person: a readable page with the JSON inside it, or (?format=json) the JSON
// alone. It holds the member and what came in with their e-mail address; a row that only shares
// their mobile or looks like their address is in it only when staff ticked it (`match`, issue 33).
// Taking it is an entry in the audit log.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:export");
  const file = await staffPersonalDataDownload({ memberId: params.id }, new URL(request.url), user);
  if (!file) throw appErrorResponse(new AppError("That member could not be found.", 404));
  return file;
}
