import { CalendarClock, Eye, FlaskConical, Save, Send, XCircle, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { Field, FormField, TextareaField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { NativeSelect } from "~/components/ui/select";
import { useIsSubmitting } from "~/lib/use-is-submitting";
import { ANNOUNCEMENT_LIMITS } from "~/schemas/announcement";
import type { AnnouncementFormValues } from "~/schemas/announcement-form";
import type { ComposeOptions } from "~/server/announcements/compose-options.server";
import type { ComposePreview } from "~/server/announcements/compose-preview.server";
import { WHATSAPP_PEOPLE_MAX } from "~/schemas/announcement";
import { AudienceCountLine, EmailPreview, WhatsAppPanel } from "./announcement-parts";
import { AudiencePicker } from "./audience-picker";

// The compose screen (issue 35): the message, who receives it, and what to do with it (save,
// test, send now, schedule) beside a preview the server draws. With scripts on, the preview and
// the count follow what is typed; without, "Update preview" asks the server for them.

export const PREVIEW_ACTION = "/members/announcements/preview";

/** The fields that are the message, not the audience: typing in them need not count anyone again. */
const TEXT_FIELDS = new Set(["subject", "body", "link", "scheduledAt"]);

function useLivePreview(initial: ComposePreview) {
  const fetcher = useFetcher<ComposePreview>({ key: "announcement-preview" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The audience the last count was asked for; the count itself is kept while only the message changes.
  const askedFor = useRef<string | null>(null);
  const [kept, setKept] = useState(() => countOf(initial));
  useEffect(() => () => clearTimeout(timer.current), []);
  // A new answer with a count replaces the kept one (adjusted while rendering, as React advises).
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.counted) setKept(countOf(fetcher.data));
  }
  const shown = fetcher.data ?? initial;
  const preview = shown.counted ? shown : { ...shown, ...kept };
  const ask = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const data = new FormData(form);
      data.delete("intent");
      const audience = JSON.stringify([...data.entries()].filter(([name]) => !TEXT_FIELDS.has(name)));
      // A large audience (no per-person WhatsApp links to redraw) is counted again only when it changes.
      const large = (kept.count?.people ?? 0) > WHATSAPP_PEOPLE_MAX;
      if (large && audience === askedFor.current) data.set("count", "no");
      askedFor.current = audience;
      void fetcher.submit(data, { method: "post", action: PREVIEW_ACTION });
    }, 400);
  };
  return { preview, ask };
}

const countOf = ({ count, countError, people }: ComposePreview) => ({ count, countError, people });

function SubmitButton({
  intent,
  label,
  icon,
  variant,
}: {
  intent: string;
  label: string;
  icon: LucideIcon;
  variant?: "outline" | "default";
}) {
  const busy = useIsSubmitting(intent);
  return (
    <Button type="submit" name="intent" value={intent} variant={variant ?? "outline"} disabled={busy}>
      <BusyIcon busy={busy} icon={icon} />
      {label}
    </Button>
  );
}

/**
 * "Send now", asked once more in a dialog (with scripts on): an announcement cannot be called
 * back. Without scripts the button sends at once.
 */
function SendNowButton({ reachable }: { reachable: number }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const busy = useIsSubmitting("send-now");
  const people = `${reachable.toLocaleString("en-US")} ${reachable === 1 ? "person" : "people"}`;
  return (
    <>
      <Button
        ref={button}
        type="submit"
        name="intent"
        value="send-now"
        disabled={busy}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        <BusyIcon busy={busy} icon={Send} />
        {reachable > 0 ? `Send now to ${people}` : "Send now"}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          role="alertdialog"
          title="Send it now?"
          description={
            reachable > 0
              ? `It goes by e-mail to ${people} now, and cannot be called back.`
              : "It goes by e-mail now, and cannot be called back."
          }
        >
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Not yet
            </Button>
            <Button
              type="button"
              onClick={() => {
                setOpen(false);
                // The form sends as if the button itself was pressed (its intent with it).
                button.current?.form?.requestSubmit(button.current);
              }}
            >
              <Send aria-hidden="true" />
              Send it now
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

export function ComposeForm({
  isNew,
  initial,
  options,
  preview: drawn,
  fieldErrors,
  scheduled,
  me,
}: {
  isNew: boolean;
  initial: AnnouncementFormValues;
  options: ComposeOptions;
  preview: ComposePreview;
  fieldErrors?: Record<string, string>;
  scheduled: { scheduledAt: string | null; scheduledInput: string } | null;
  me: string;
}) {
  const { preview, ask } = useLivePreview(drawn);
  const reachable = preview.count?.reachable ?? 0;
  const hasLinks = options.links.events.length + options.links.sermons.length > 0;
  return (
    <Form
      method="post"
      noValidate
      onChange={(event) => ask(event.currentTarget)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-start"
    >
      <div className="grid min-w-0 gap-6">
        <StaffCard id="compose-message" title="The announcement">
          <div className="grid gap-4">
            <FormField
              id="subject"
              name="subject"
              label="Subject"
              defaultValue={initial.subject}
              maxLength={ANNOUNCEMENT_LIMITS.subject}
              error={fieldErrors?.subject}
              required
            />
            <TextareaField
              id="body"
              name="body"
              label="Message"
              rows={10}
              defaultValue={initial.body}
              maxLength={ANNOUNCEMENT_LIMITS.body}
              error={fieldErrors?.body}
              hint="A blank line starts a new paragraph. **bold**, _italic_, a list with - at the start of lines, a link as [words](https://…)."
              required
            />
            {hasLinks ? (
              <Field
                id="link"
                label="Event or sermon to show as a card (optional)"
                error={fieldErrors?.link}
                control={(aria) => (
                  <NativeSelect id="link" name="link" defaultValue={initial.link} {...aria}>
                    <option value="">None</option>
                    {options.links.events.length > 0 ? (
                      <optgroup label="Events">
                        {options.links.events.map((choice) => (
                          <option key={choice.value} value={choice.value}>
                            {choice.label}
                          </option>
                        ))}
                      </optgroup>
                    ) : null}
                    {options.links.sermons.length > 0 ? (
                      <optgroup label="Sermons">
                        {options.links.sermons.map((choice) => (
                          <option key={choice.value} value={choice.value}>
                            {choice.label}
                          </option>
                        ))}
                      </optgroup>
                    ) : null}
                  </NativeSelect>
                )}
              />
            ) : null}
          </div>
        </StaffCard>
        <StaffCard
          id="compose-audience"
          title="Who receives it"
          description="Only people who agreed to the church's e-mails receive it; the count shows how many."
        >
          <AudiencePicker options={options} form={initial} error={fieldErrors?.audience} />
          {/* On a phone the count is here, under the choice; on a wide screen it stays in view beside. */}
          <div className="mt-4 border-t border-border pt-4 lg:hidden">
            <AudienceCountLine count={preview.count} error={preview.countError} />
          </div>
        </StaffCard>
        <StaffCard id="compose-send" title="Send">
          <div className="grid gap-5">
            <div className="flex flex-wrap gap-2">
              <SubmitButton intent="save" label={isNew ? "Save draft" : "Save changes"} icon={Save} />
              <SubmitButton intent="test" label="Send a test to me" icon={FlaskConical} />
              <SubmitButton intent="preview" label="Update preview" icon={Eye} />
            </div>
            <p className="-mt-3 text-xs text-muted-foreground">The test goes to {me}.</p>
            <div className="grid gap-2 border-t border-border pt-4">
              <SendNowButton reachable={reachable} />
            </div>
            <div className="grid gap-2 border-t border-border pt-4">
              {scheduled?.scheduledAt ? (
                <p className="text-sm font-medium text-navy" data-testid="scheduled-for">
                  Scheduled for {scheduled.scheduledAt} (Bahrain time).
                </p>
              ) : null}
              <div className="flex flex-wrap items-end gap-2">
                <FormField
                  id="scheduledAt"
                  name="scheduledAt"
                  type="datetime-local"
                  label={scheduled ? "Change the time (Bahrain time)" : "Or send it later (Bahrain time)"}
                  defaultValue={scheduled?.scheduledInput ?? ""}
                  error={fieldErrors?.scheduledAt}
                  className="min-w-0 flex-1 sm:max-w-64"
                />
                <SubmitButton
                  intent="schedule"
                  label={scheduled ? "Change time" : "Schedule"}
                  icon={CalendarClock}
                />
              </div>
            </div>
            {!isNew ? (
              <div className="border-t border-border pt-4">
                <Button
                  type="submit"
                  name="intent"
                  value="cancel"
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  formNoValidate
                >
                  <XCircle aria-hidden="true" />
                  {scheduled ? "Cancel the scheduled sending" : "Discard this draft"}
                </Button>
              </div>
            ) : null}
          </div>
        </StaffCard>
      </div>
      <div className="grid min-w-0 gap-6 lg:sticky lg:top-4">
        <StaffCard id="compose-reach" title="Reach" className="max-lg:hidden">
          <AudienceCountLine count={preview.count} error={preview.countError} />
        </StaffCard>
        <StaffCard
          id="compose-preview"
          title="Preview"
          description="As it arrives by e-mail, with its unsubscribe link at the bottom."
        >
          <EmailPreview html={preview.html} />
        </StaffCard>
        <WhatsAppPanel whatsApp={preview.whatsApp} people={preview.people} />
      </div>
    </Form>
  );
}
