import { requireUser } from "~/server/auth/guards.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import { staffPersonalDataDownload } from "~/server/people/personal-data-file.server";
import type { Route } from "./+types/person-export";

// Data requests (issue 33): the file of someone outside the registry, known by their e-mail
// address (?email=): the connect messages, sign-ups and registrations with that address, their
// inbox entries, replies and e-mails, and the possible matches staff ticked (`match`). The same
// file as a member's export; an entry in the audit log.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:export");
  const url = new URL(request.url);
  const email = url.searchParams.get("email") ?? "";
  const file = email.includes("@") ? await staffPersonalDataDownload({ email }, url, user) : null;
  if (!file) throw appErrorResponse(new AppError("Nothing is held under that address.", 404));
  return file;
}
