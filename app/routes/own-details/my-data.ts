import { data } from "react-router";
import { todayInChurchZone } from "~/lib/dates";
import { personalDataFileName, personalDataHtml } from "~/server/people/personal-data-file.server";
import { collectPersonalData, recordExport } from "~/server/people/personal-data.server";
import { openUpdateLink, type ClosedLink } from "~/server/people/update-links.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/my-data";

// "Download my data" on the update form (privacy issue 23): the member's own file, only while the
// link is open. It holds their member record and what came in with the address the link was
// e-mailed to (a link shown as a QR code proves no address: the record alone); never a row that
// only shares their mobile or looks like their address (issue 33). The token is the only key;
// taking the file is an entry in the audit log.

const CLOSED: Record<ClosedLink, { status: number; text: string }> = {
  invalid: { status: 404, text: "This link is not valid. Please ask for a new one." },
  expired: { status: 410, text: "This link has expired. Please ask for a new one." },
  used: { status: 410, text: "This link has already been used. Please ask for a new one." },
};

export async function loader({ params }: Route.LoaderArgs) {
  const link = await openUpdateLink(params.token);
  if (link.state !== "open") {
    const closed = CLOSED[link.state];
    throw data(closed.text, { status: closed.status, headers: { "Cache-Control": "no-store" } });
  }
  const personal = await collectPersonalData(
    { memberId: link.memberId },
    { ownCopy: { address: link.sentTo } },
  );
  if (!personal) throw data(CLOSED.invalid.text, { status: 404 });
  const body = personalDataHtml(personal, (await getSiteContent()).church.name);
  await recordExport(personal, "member", "html");
  return new Response(body, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${personalDataFileName(personal.name, todayInChurchZone(), "html")}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
