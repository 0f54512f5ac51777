import { Save, UserRound, X } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { ChangeNotice } from "~/components/change-notice";
import { FormField, TextareaField } from "~/components/form-field";
import { PersonSearchForm } from "~/components/person-search-form";
import { StaffCard } from "~/components/staff-accounts";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { LIMITS } from "~/schemas/public-forms";
import { NEW_PRAYER, PRAYER_DAYS, PRAYER_LIMITS, PRAYER_PATH, prayerPath } from "~/schemas/prayer";
import { requireUser } from "~/server/auth/guards.server";
import { refusalFor } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { recordPrayerRequest } from "~/server/prayer/prayer-changes.server";
import { chosenMember, mayReadPrivate, membersToChoose } from "~/server/prayer/prayer-requests.server";
import type { Route } from "./+types/prayer-new";
import { VisibilityChoices } from "./prayer-pieces";

// Staff record a prayer request (issue 38): told in person or on the phone, for a member of the
// registry (found by a GET search, chosen by a link: it works without scripts) or by a name, any
// visibility, and an expiry. Asking for a call starts a follow-up, as from the public form.

const FIELDS = [
  "memberId",
  "name",
  "request",
  "visibility",
  "wantsCall",
  "email",
  "mobile",
  "expiresOn",
] as const;
const NEW_PATH = `${PRAYER_PATH}/${NEW_PRAYER}`;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Record a prayer request", "A prayer request told to staff.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "prayer:write");
  const url = new URL(request.url);
  // Only those who may read the registry look people up in it; the others give a name.
  const canSearch = can(user, "members:read");
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const memberId = url.searchParams.get("member") ?? "";
  const [found, member] = canSearch
    ? await Promise.all([membersToChoose(query), memberId ? chosenMember(memberId) : null])
    : [null, null];
  const today = todayInChurchZone();
  return { canSearch, query, found, member, today, expiresOn: addDays(today, PRAYER_DAYS) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "prayer:write");
  const form = await readForm(request);
  const fields = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  if (!can(user, "members:read")) fields.memberId = "";
  try {
    const saved = await recordPrayerRequest(fields, user);
    // A private request is the pastors' alone: whoever else recorded it goes back to the list.
    if (saved.visibility === "private" && !mayReadPrivate(user)) {
      return redirectWithToast(
        PRAYER_PATH,
        { title: "Prayer request saved", description: "It is private: only the pastors can read it now." },
        request,
      );
    }
    return redirectWithToast(
      prayerPath(saved.id),
      { title: "Prayer request saved", description: "It is on the active list." },
      request,
    );
  } catch (error) {
    return refusalFor(error, {
      title: "Not saved",
      what: "Recording a prayer request",
      fallback: "The prayer request could not be saved. Please try again.",
      values: fields,
    });
  }
}

function MemberCard({
  query,
  found,
  member,
}: {
  query: string;
  found: { id: string; name: string }[] | null;
  member: { id: string; name: string } | null;
}) {
  return (
    <StaffCard
      id="member-heading"
      title="For a member (optional)"
      description="Find them in the registry by name, e-mail or mobile, or leave this and give a name below."
    >
      {member ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-primary bg-primary/5 p-3">
          <span
            className="flex min-w-0 items-center gap-2 break-words font-medium"
            data-testid="chosen-member"
          >
            <UserRound className="size-4 shrink-0" aria-hidden="true" />
            {member.name}
          </span>
          <Link to={NEW_PATH} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <X aria-hidden="true" />
            Not for a member
          </Link>
        </div>
      ) : (
        <>
          <PersonSearchForm query={query} />
          {found ? (
            found.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">No one matches “{query}”.</p>
            ) : (
              <ul className="mt-3 divide-y divide-border" data-testid="found">
                {found.map((person) => (
                  <li
                    key={person.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  >
                    <span className="min-w-0 break-words">{person.name}</span>
                    <Link
                      to={`${NEW_PATH}?member=${person.id}`}
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                    >
                      Choose<span className="sr-only"> {person.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </>
      )}
    </StaffCard>
  );
}

export default function NewPrayerRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { canSearch, query, found, member, today, expiresOn } = loaderData;
  const answer = actionData as ActionResult | undefined;
  const values: Record<string, string> = { visibility: "private", expiresOn, ...(answer?.values ?? {}) };
  const errors = answer?.ok === false ? (answer.fieldErrors ?? {}) : {};
  return (
    <AdminScreen title="Record a prayer request" backTo={PRAYER_PATH} backLabel="Back to Prayer requests">
      <ChangeNotice answer={answer} id="new-prayer" />
      <div className="grid max-w-2xl gap-6">
        {canSearch ? <MemberCard query={query} found={found} member={member} /> : null}
        <StaffCard id="request-heading" title="The request">
          <Form method="post" className="grid gap-5">
            <input type="hidden" name="memberId" value={member?.id ?? ""} />
            {errors.memberId ? <p className="text-sm text-destructive">{errors.memberId}</p> : null}
            {member ? null : (
              <FormField
                id="name"
                name="name"
                label="Name (optional)"
                maxLength={PRAYER_LIMITS.name}
                defaultValue={values.name}
                error={errors.name}
              />
            )}
            <TextareaField
              id="request"
              name="request"
              label="The prayer request"
              rows={5}
              required
              maxLength={PRAYER_LIMITS.request}
              defaultValue={values.request}
              error={errors.request}
            />
            <VisibilityChoices chosen={values.visibility ?? "private"} error={errors.visibility} />
            <div className="grid gap-3 rounded-lg border border-border p-4">
              <div className="flex min-h-11 items-start gap-3 text-sm">
                <input
                  id="wantsCall"
                  type="checkbox"
                  name="wantsCall"
                  defaultChecked={values.wantsCall === "on"}
                  aria-describedby="wantsCall-hint"
                  className="mt-0.5 size-5 shrink-0 accent-primary"
                />
                <div>
                  <label htmlFor="wantsCall" className="cursor-pointer font-medium">
                    They would like a call or a message
                  </label>
                  <p id="wantsCall-hint" className="text-muted-foreground">
                    Starts a follow-up. Give an e-mail or a mobile number
                    {member ? " if the registry's are not the ones to use" : ""}; they are kept only for the
                    call.
                  </p>
                </div>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  id="email"
                  name="email"
                  type="email"
                  label="Email"
                  maxLength={LIMITS.email}
                  defaultValue={values.email}
                  error={errors.email}
                />
                <FormField
                  id="mobile"
                  name="mobile"
                  type="tel"
                  label="Mobile Number"
                  maxLength={LIMITS.mobile}
                  defaultValue={values.mobile}
                  error={errors.mobile}
                />
              </div>
            </div>
            <FormField
              id="expiresOn"
              name="expiresOn"
              type="date"
              label="On the lists until"
              min={today}
              required
              defaultValue={values.expiresOn}
              error={errors.expiresOn}
              hint={`${PRAYER_DAYS} days from today unless you choose another date.`}
              className="sm:max-w-xs"
            />
            <Button type="submit" className="w-fit">
              <Save aria-hidden="true" />
              Save the request
            </Button>
          </Form>
        </StaffCard>
      </div>
    </AdminScreen>
  );
}
