import { todayInChurchZone } from "~/lib/dates";
import { requireUser } from "~/server/auth/guards.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import {
  personalDataFileName,
  personalDataHtml,
  personalDataJson,
} from "~/server/people/personal-data-file.server";
import { collectPersonalData, recordExport } from "~/server/people/personal-data.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/member-export";

// Privacy (issue 23): "Export data" on a member's profile. One file with everything held about
// the person: a readable page with the JSON inside it, or (?format=json) the JSON alone. Taking
// it is an entry in the audit log.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:read");
  const format = new URL(request.url).searchParams.get("format") === "json" ? "json" : "html";
  const data = await collectPersonalData(params.id);
  if (!data) throw appErrorResponse(new AppError("That member could not be found.", 404));
  const body =
    format === "json" ? personalDataJson(data) : personalDataHtml(data, (await getSiteContent()).church.name);
  await recordExport(data.member.id, `${data.member.firstName} ${data.member.lastName}`.trim(), user, format);
  const fileName = personalDataFileName(data.name, todayInChurchZone(), format);
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
