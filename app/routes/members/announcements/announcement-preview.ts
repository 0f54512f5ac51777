import { readAnnouncementForm } from "~/schemas/announcement-form";
import { composePreview } from "~/server/announcements/compose-preview.server";
import { requireUser } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/forms.server";
import type { Route } from "./+types/announcement-preview";

// The compose screen's live preview (issue 35): what is typed, posted as the form is, answered
// with the e-mail's HTML, the WhatsApp text and the audience's count. Nothing is written.

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "announcements:send");
  return new Response("Post the announcement's form to preview it.", {
    status: 405,
    headers: { Allow: "POST" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "announcements:send");
  const form = await readForm(request);
  // "count=no": only the message changed and the screen keeps the count it has (a large audience).
  return composePreview(user, readAnnouncementForm(form), { count: form.get("count") !== "no" });
}
