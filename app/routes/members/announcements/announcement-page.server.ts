import { data } from "react-router";
import type { ToastMessage } from "~/lib/action-result";
import { ANNOUNCEMENTS_PATH, NEW_ANNOUNCEMENT } from "~/schemas/announcement";
import type { RecipientStatus } from "../../../../database/schema";
import { localInputInChurchZone } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import {
  EMPTY_FORM,
  draftOfForm,
  formOfDraft,
  readAnnouncementForm,
  type AnnouncementFormValues,
} from "~/schemas/announcement-form";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import type { StaffUser } from "~/server/auth/staff-user.server";
import {
  cancelAnnouncement,
  getAnnouncement,
  saveDraft,
  schedule,
  sendNow,
  sendTest,
} from "~/server/announcements/announcements.server";
import {
  recipientsPage,
  whatsAppPeople,
  WHATSAPP_PEOPLE_MAX,
} from "~/server/announcements/announcement-views.server";
import { audienceInWords } from "~/server/announcements/audience-words.server";
import { composeOptions } from "~/server/announcements/compose-options.server";
import { composePreview } from "~/server/announcements/compose-preview.server";
import { refusalFor, refuse, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { services } from "~/server/platform/services.server";
import { getSiteContent } from "~/server/site/site-content.server";

// The announcement page's reads and answers (issue 35): a new one (/members/announcements/new)
// or a draft to write, test and send or schedule; one being sent or sent, with how each
// recipient stands.

const NEW = NEW_ANNOUNCEMENT;
const LIST = ANNOUNCEMENTS_PATH;
const STATUSES: RecipientStatus[] = ["waiting", "queued", "sent", "failed", "skipped"];

function textsOf(form: AnnouncementFormValues): Record<string, string> {
  return { subject: form.subject, body: form.body };
}

export async function loadAnnouncementPage(user: StaffUser, request: Request, id: string) {
  const url = new URL(request.url);
  const scope = ministryScope(user);
  const announcement = id === NEW ? null : await getAnnouncement(id, scope);
  const listId = url.searchParams.get("list");
  const form: AnnouncementFormValues = announcement
    ? formOfDraft(announcement)
    : { ...EMPTY_FORM, list: listId ? [listId] : [] };
  // The weekly digest is the site's own: it is read here, never changed.
  const isDigest = announcement?.audience.parts.some((part) => part.kind === "digest") ?? false;
  const editable =
    !isDigest && (!announcement || announcement.status === "draft" || announcement.status === "scheduled");
  const [options, preview] = await Promise.all([
    editable ? composeOptions(user) : null,
    composePreview(user, form, { count: editable }),
  ]);
  const recipientsTotal = announcement
    ? Object.values(announcement.recipients).reduce((sum, n) => sum + n, 0)
    : 0;
  const statusParam = url.searchParams.get("status");
  const status = STATUSES.includes(statusParam as RecipientStatus) ? (statusParam as RecipientStatus) : null;
  // A sent announcement's WhatsApp list: its audience resolved again, when it is short.
  const shortSent = !editable && recipientsTotal <= WHATSAPP_PEOPLE_MAX;
  const [recipients, whatsApp, audienceWords] = await Promise.all([
    announcement && !editable
      ? recipientsPage(announcement.id, { status, page: Number(url.searchParams.get("page") ?? 1) })
      : null,
    announcement && shortSent
      ? whatsAppPeople(announcement.audience, scope, preview.whatsApp.text).catch(() => null)
      : preview.people,
    announcement ? audienceInWords(services().db, announcement.audience, await getSiteContent()) : null,
  ]);
  return {
    user: { email: user.email },
    form,
    options,
    preview,
    whatsAppPeople: whatsApp,
    announcement: announcement && {
      id: announcement.id,
      subject: announcement.subject,
      status: announcement.status,
      audienceWords,
      createdByName: announcement.createdByName,
      scheduledAt: announcement.scheduledAt ? formatDateTime(announcement.scheduledAt) : null,
      scheduledInput: announcement.scheduledAt ? localInputInChurchZone(announcement.scheduledAt) : "",
      startedAt: announcement.startedAt ? formatDateTime(announcement.startedAt) : null,
      finishedAt: announcement.finishedAt ? formatDateTime(announcement.finishedAt) : null,
      counts: announcement.recipients,
      editable,
    },
    recipients: recipients && { ...recipients, status },
  };
}

export type AnnouncementPageData = Awaited<ReturnType<typeof loadAnnouncementPage>>;

/** Back to the announcement's page (a new draft's own page), saying what happened. */
function toPage(request: Request, id: string, toast: ToastMessage) {
  return redirectWithToast(`${LIST}/${id}`, toast, request);
}

/** A refusal that also puts back the whole form (the boxes ticked, not only the texts). */
function withForm(refusal: ReturnType<typeof refuse>, form: AnnouncementFormValues) {
  return data({ ...refusal.data, form }, { status: refusal.init?.status ?? 400 });
}

export async function answerAnnouncement(user: StaffUser, request: Request, id: string) {
  const isNew = id === NEW;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const typed = readAnnouncementForm(form);
  if (intent === "preview") {
    return replyWith(
      { title: "Preview updated", description: "The preview and the count show what is typed now." },
      { preview: await composePreview(user, typed), form: typed },
    );
  }
  if (intent === "cancel" && !isNew) {
    try {
      const cancelled = await cancelAnnouncement(user, id);
      return toPage(
        request,
        id,
        cancelled
          ? { title: "Announcement cancelled", description: "Nothing more of it will be sent." }
          : {
              title: "Already finished",
              description: "This announcement had already ended.",
              variant: "destructive",
            },
      );
    } catch (error) {
      return refusalFor(error, {
        title: "Not cancelled",
        what: "Cancelling an announcement",
        fallback: "Please try again.",
      });
    }
  }
  if (!SAVING_INTENTS.includes(intent))
    return refuse(400, { title: "Not saved", description: "Unknown request." });
  // Every other button saves what is typed first: the test, the sending and the schedule use it.
  let savedId: string;
  try {
    savedId = await saveDraft(user, draftOfForm(typed), isNew ? undefined : id);
  } catch (error) {
    return withForm(
      refusalFor(error, {
        title: intent === "save" ? "Draft not saved" : "Not sent",
        what: "Saving an announcement",
        fallback: "The announcement could not be saved. Please try again.",
        values: textsOf(typed),
      }),
      typed,
    );
  }
  try {
    if (intent === "save") {
      if (isNew)
        return toPage(request, savedId, {
          title: "Draft saved",
          description: "You can come back to it from Announcements.",
        });
      return replyWith({ title: "Draft saved", description: "Your changes are kept." }, { form: typed });
    }
    if (intent === "test") {
      const to = await sendTest(user, savedId);
      return toPage(request, savedId, { title: "Test sent", description: `A test is on its way to ${to}.` });
    }
    if (intent === "send-now") {
      const { recipients } = await sendNow(user, savedId);
      return toPage(request, savedId, {
        title: "Sending",
        description: `The announcement is on its way to ${recipients} ${recipients === 1 ? "person" : "people"}.`,
      });
    }
    const at = await schedule(user, savedId, String(form.get("scheduledAt") ?? ""));
    return toPage(request, savedId, {
      title: "Scheduled",
      description: `It will be sent on ${formatDateTime(at)} (Bahrain time).`,
    });
  } catch (error) {
    const refusal = refusalFor(error, {
      title: intent === "test" ? "Test not sent" : intent === "schedule" ? "Not scheduled" : "Not sent",
      what: "Sending an announcement",
      fallback: "Please try again.",
    });
    // A new draft was kept: its own page says what stopped the sending.
    if (isNew) return toPage(request, savedId, refusal.data.toast);
    return withForm(refusal, typed);
  }
}

const SAVING_INTENTS = ["save", "test", "send-now", "schedule"];

/** Tomorrow at this time, as the schedule field's first suggestion. */
export const scheduleSuggestion = () => localInputInChurchZone(new Date(Date.now() + 24 * 3600_000));
