import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import type { ActionResult } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { ANNOUNCEMENTS_PATH as LIST, NEW_ANNOUNCEMENT as NEW } from "~/schemas/announcement";
import type { AnnouncementFormValues } from "~/schemas/announcement-form";
import type { ComposePreview } from "~/server/announcements/compose-preview.server";
import { requireUser } from "~/server/auth/guards.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import type { Route } from "./+types/announcement";
import { answerAnnouncement, loadAnnouncementPage } from "./announcement-page.server";
import { AnnouncementStatusBadge } from "./announcement-parts";
import { ComposeForm } from "./compose-form";
import { SendingReport } from "./sending-report";

// One announcement (issue 35): /members/announcements/new to write one; a draft or scheduled one
// to change, test, send or schedule; one being sent or sent, with each recipient's status.

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const subject = loaderData?.announcement?.subject;
  return pageMeta(
    matches,
    subject ? `${subject} · Announcement` : "New announcement",
    "An announcement by e-mail and WhatsApp.",
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "announcements:send");
  try {
    return await loadAnnouncementPage(user, request, params.id);
  } catch (error) {
    // Not found, or outside the person's ministries: the refusal's own page and status.
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "announcements:send");
  return answerAnnouncement(user, request, params.id);
}

type Answer = ActionResult & { preview?: ComposePreview; form?: AnnouncementFormValues };

export default function AnnouncementScreen({ loaderData, actionData, params }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const { announcement } = loaderData;
  useEffect(() => {
    if (answer?.toast) showToast({ ...answer.toast, id: `announcement-${answer.at}` });
  }, [answer]);
  // While it is being sent, the counts follow (every 5 seconds, with scripts on).
  const revalidator = useRevalidator();
  const sending = announcement?.status === "sending";
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible")
        void revalidator.revalidate();
    }, 5000);
    return () => clearInterval(timer);
  }, [sending, revalidator]);

  const editable = !announcement || announcement.status === "draft" || announcement.status === "scheduled";
  return (
    <AdminScreen
      title={announcement ? announcement.subject : "New announcement"}
      description={
        announcement ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            <AnnouncementStatusBadge status={announcement.status} />
            <span>Written by {announcement.createdByName}</span>
          </span>
        ) : (
          "Write it once: it goes by e-mail to those who agreed, and you can paste it into WhatsApp."
        )
      }
      backTo={LIST}
      backLabel="Back to Announcements"
    >
      {editable && loaderData.options ? (
        <ComposeForm
          key={`${params.id}-${answer?.at ?? "loaded"}`}
          isNew={params.id === NEW}
          initial={answer?.form ?? loaderData.form}
          options={loaderData.options}
          preview={answer?.preview ?? loaderData.preview}
          fieldErrors={answer?.ok === false ? answer.fieldErrors : undefined}
          scheduled={announcement?.status === "scheduled" ? announcement : null}
          me={loaderData.user.email}
        />
      ) : announcement ? (
        <SendingReport
          announcement={announcement}
          recipients={loaderData.recipients}
          preview={loaderData.preview}
          whatsAppPeople={loaderData.whatsAppPeople}
        />
      ) : null}
    </AdminScreen>
  );
}
