import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { SaveButton } from "~/components/save-button";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { showToast } from "~/lib/toast";
import { FREQUENCIES, makePreferencesSchema, preferencesFromForm } from "~/schemas/notifications";
import { requireUser } from "~/server/auth/guards.server";
import { refuse, reply } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import {
  effectivePreferences,
  getDefaultPreferences,
  getOwnPreferences,
  saveOwnPreferences,
  setDefaultPreferences,
  type Preferences,
} from "~/server/messages/notification-preferences.server";
import { services } from "~/server/platform/services.server";
import { isMailSetUp } from "~/server/settings/mail-settings.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/notifications";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "E-mail notifications", "Choose which messages you are told about by e-mail.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "messages:read");
  const [own, everyone, defaults, content] = await Promise.all([
    getOwnPreferences(user.id),
    effectivePreferences(services().db),
    getDefaultPreferences(),
    getSiteContent(),
  ]);
  const mine = everyone.find((person) => person.userId === user.id);
  const isAdmin = can(user, "notifications:defaults");
  return {
    email: user.email,
    chosen: own !== null,
    mine:
      own ??
      (mine
        ? {
            connect: mine.connect,
            ministries: mine.ministries,
            events: mine.events,
            frequency: mine.frequency,
          }
        : null),
    defaults: isAdmin ? defaults : null,
    isAdmin,
    mailReady: isMailSetUp(),
    canSetUpMail: can(user, "settings:manage"),
    ministries: content.ministriesByName().map(({ slug, name }) => ({ slug, name })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, "messages:read");
  const form = await readForm(request);
  const intent = form.get("intent");
  const title = "Not saved";
  if (intent !== "save-own" && intent !== "save-defaults")
    return refuse(400, { title, description: "Unknown request." });
  if (intent === "save-defaults") await requireUser(request, "notifications:defaults");
  const content = await getSiteContent();
  const parsed = makePreferencesSchema(content.ministries.map((ministry) => ministry.slug)).safeParse(
    preferencesFromForm(form),
  );
  if (!parsed.success) return refuse(400, { title, description: parsed.error.issues[0]!.message });
  const preferences = parsed.data as Preferences;
  if (intent === "save-own") {
    await saveOwnPreferences(user, preferences);
    return reply({ title: "Saved", description: "Your e-mail notifications are updated." });
  }
  await setDefaultPreferences(preferences, user);
  return reply({ title: "Saved", description: "Accounts that have not chosen now follow this default." });
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { mine, defaults, isAdmin, mailReady, canSetUpMail, ministries, email, chosen } = loaderData;
  useEffect(() => {
    if (actionData?.toast) showToast({ ...actionData.toast, id: `notifications-${actionData.at}` });
  }, [actionData]);
  return (
    <AdminScreen
      title="E-mail notifications"
      description={`Which messages from the website you are told about at ${email}.`}
    >
      <div className="grid gap-8">
        {!mailReady ? (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          >
            E-mail is not set up on this site yet, so notifications wait in the outbox and are sent once it
            is.{" "}
            {canSetUpMail ? (
              <Link to="/members/settings/email" className="font-medium underline underline-offset-4">
                Set up e-mail
              </Link>
            ) : (
              "An administrator can set it up under Site settings."
            )}
          </p>
        ) : null}
        <PreferencesForm
          intent="save-own"
          heading="What I am told"
          note={
            chosen
              ? undefined
              : "You have not chosen yet: this is the default that applies to you until you save."
          }
          value={mine}
          ministries={ministries}
        />
        {isAdmin ? (
          <PreferencesForm
            intent="save-defaults"
            heading="Default for staff who have not chosen"
            note={
              defaults
                ? undefined
                : "No default is set: until one is, the first administrator is told of everything right away and other staff of nothing."
            }
            value={defaults}
            ministries={ministries}
          />
        ) : null}
      </div>
    </AdminScreen>
  );
}

function PreferencesForm({
  intent,
  heading,
  note,
  value,
  ministries,
}: {
  intent: string;
  heading: string;
  note?: string;
  value: Preferences | null;
  ministries: { slug: string; name: string }[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const id = (name: string) => `${intent}-${name}`;
  const all = value?.ministries.includes("*") ?? false;
  return (
    <Form
      method="post"
      className="grid gap-5 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6"
    >
      <input type="hidden" name="intent" value={intent} />
      <div>
        <h2 className="text-lg font-semibold text-navy">{heading}</h2>
        {note ? <p className="mt-1 text-sm text-muted-foreground">{note}</p> : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium">Tell me about</legend>
        <Check
          id={id("connect")}
          name="connect"
          label="Messages sent on the Connect page"
          defaultChecked={value?.connect ?? false}
        />
        <Check
          id={id("events")}
          name="events"
          label="Event registrations"
          defaultChecked={value?.events ?? false}
        />
        <Check
          id={id("all")}
          name="ministries"
          value="*"
          label="Sign-ups for every ministry"
          defaultChecked={all}
        />
      </fieldset>
      <details
        className="rounded-lg border border-border p-3"
        open={!all && (value?.ministries.length ?? 0) > 0}
      >
        <summary className="cursor-pointer font-medium">Or only sign-ups for these ministries</summary>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {ministries.map((ministry) => (
            <Check
              key={ministry.slug}
              id={id(`ministry-${ministry.slug}`)}
              name="ministries"
              value={ministry.slug}
              label={ministry.name}
              defaultChecked={value?.ministries.includes(ministry.slug) ?? false}
            />
          ))}
        </div>
      </details>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium">How often</legend>
        {FREQUENCIES.map((frequency) => (
          <label key={frequency.value} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="radio"
              name="frequency"
              value={frequency.value}
              defaultChecked={(value?.frequency ?? "off") === frequency.value}
              className="size-5 accent-primary"
            />
            {frequency.label}
          </label>
        ))}
      </fieldset>
      <SaveButton busy={busy} />
    </Form>
  );
}

function Check({
  id,
  name,
  value = "on",
  label,
  defaultChecked,
}: {
  id: string;
  name: string;
  value?: string;
  label: string;
  defaultChecked: boolean;
}) {
  return (
    <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="size-5 accent-primary"
      />
      {label}
    </label>
  );
}
