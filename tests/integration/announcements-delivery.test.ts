import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consents, eventRegistrations, events, members, ministryRegistrations } from "../../database/schema";
import { action as unsubscribeAction } from "~/routes/announcements/unsubscribe";
import { getAnnouncement, saveDraft, schedule } from "~/server/announcements/announcements.server";
import { runAnnouncementRound } from "~/server/announcements/announcement-sending.server";
import { countAudience } from "~/server/announcements/audiences.server";
import { requireUser } from "~/server/auth/guards.server";
import type { StaffUser } from "~/server/auth/staff-user.server";
import { sendDueEmails, RETRY_DELAYS_MS } from "~/server/messages/outbox.server";
import { createMailTransport } from "~/server/platform/mail.server";
import { issueLink } from "~/server/platform/signed-links.server";
import { erasePerson } from "~/server/people/person-erasure.server";
import { startSmtpServer } from "../helpers/smtp";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Delivery of announcements as the worker runs it: a scheduled one goes out in the worker's rounds
// and is audited; a recipient follows its outbox e-mail to 'failed' with the mail server's answer;
// people outside the registry (event registrants, ministry sign-ups) are reached by their own
// answer to e-mail consent; the public unsubscribe is rate-limited like the public forms.

const FROM = '"ACTS Church" <office@church.example.org>';

describe.each(databaseKinds)("announcement delivery on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let transport: ReturnType<typeof createMailTransport>;
  let admin: StaffUser;
  let eventId: string;
  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.services.database.query<T>(sql, params);

  beforeAll(async () => {
    t = await startTestServices(kind);
    smtp = await startSmtpServer();
    transport = createMailTransport({ url: smtp.url, from: FROM });
    const { db } = t.services;
    const [member] = await db
      .insert(members)
      .values({ firstName: "Ana", lastName: "Reyes", email: "ana@example.org", mobile: "33000001" })
      .returning({ id: members.id });
    await db
      .insert(consents)
      .values({ memberId: member!.id, kind: "email", noticeVersion: 1, recordedBy: "office@example.org" });
    const [event] = await db
      .insert(events)
      .values({
        title: "Harvest Supper",
        eventDate: "2031-10-03",
        eventTime: "18:30",
        locationName: "Hall",
        googleMapsUrl: "https://maps.google.com/?q=hall",
      })
      .returning({ id: events.id });
    eventId = event!.id;
    await db.insert(eventRegistrations).values([
      {
        eventId,
        eventTitle: "Harvest Supper",
        name: "Rae Guest",
        email: "rae@example.org",
        mobile: "1",
        emailConsent: true,
      },
      {
        eventId,
        eventTitle: "Harvest Supper",
        name: "Wes Wait",
        email: "wes@example.org",
        mobile: "2",
        status: "waitlisted",
        emailConsent: true,
      },
      {
        eventId,
        eventTitle: "Harvest Supper",
        name: "Nat No",
        email: "nat@example.org",
        mobile: "3",
        emailConsent: false,
      },
      {
        eventId,
        eventTitle: "Harvest Supper",
        name: "Bad Address",
        email: "not an address",
        mobile: "4",
        emailConsent: true,
      },
    ]);
    // Ana's sign-up without the consent box ticked: her consent in the registry decides.
    await db.insert(ministryRegistrations).values([
      {
        ministrySlug: "amplify",
        name: "Ana Reyes",
        email: "ANA@example.org",
        mobile: "1",
        emailConsent: false,
      },
      {
        ministrySlug: "amplify",
        name: "Sam Signup",
        email: "sam@example.org",
        mobile: "5",
        emailConsent: true,
      },
    ]);
    admin = await requireUser(
      new Request("http://localhost/members", { headers: { cookie: await signInCookie() } }),
    );
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
    await t?.stop();
  });

  it("reaches registrants and sign-ups by their own answer, members by the registry's", async () => {
    const confirmed = {
      combine: "any" as const,
      parts: [{ kind: "event" as const, eventId, statuses: ["confirmed" as const] }],
    };
    expect(await countAudience(confirmed)).toEqual({
      people: 3,
      reachable: 1,
      noConsent: 1,
      noAddress: 1,
      unsubscribed: 0,
    });
    expect(
      await countAudience({
        combine: "any",
        parts: [{ kind: "event", eventId, statuses: ["confirmed", "waitlisted"] }],
      }),
    ).toMatchObject({ people: 4, reachable: 2 });
    expect(
      await countAudience({ combine: "any", parts: [{ kind: "sign-ups", slug: "amplify" }] }),
    ).toMatchObject({
      people: 2,
      reachable: 2,
    });
  });

  it("a scheduled announcement goes out in the worker's rounds, audited as the system's", async () => {
    const id = await saveDraft(admin, {
      subject: "Supper reminder",
      body: "Bring a dish.",
      link: { kind: "event", id: eventId },
      audience: { combine: "any", parts: [{ kind: "sign-ups", slug: "amplify" }] },
    });
    await schedule(admin, id, "2030-06-01T10:00");
    await rows("update announcements set scheduled_at = now() - interval '1 second' where id = $1", [id]);
    await runAnnouncementRound();
    expect(await sendDueEmails(transport, FROM, { limit: 100 })).toEqual({ sent: 2, failed: 0 });
    await runAnnouncementRound();
    const done = await getAnnouncement(id, null);
    expect(done).toMatchObject({ status: "sent", recipients: { sent: 2 } });
    expect(smtp.to("sam@example.org")[0]!.text).toContain(`/events/${eventId}`);
    expect(
      await rows("select action, actor_label from audit_log where subject_id = $1 order by at", [id]),
    ).toEqual([
      { action: "announcement.scheduled", actor_label: admin.email },
      { action: "announcement.sent", actor_label: "system" },
    ]);
  });

  it("a recipient whose e-mail the mail server refuses for good is failed, with its answer", async () => {
    const id = await saveDraft(admin, {
      subject: "Refused",
      body: "This will not arrive.",
      audience: { combine: "any", parts: [{ kind: "all-members" }] },
    });
    await rows(
      "update announcements set status = 'scheduled', scheduled_at = now() - interval '1 second' where id = $1",
      [id],
    );
    await runAnnouncementRound();
    // Its last attempt: the next refusal is final.
    await rows("update outbox_emails set attempts = $1 where kind = 'announcement' and status = 'pending'", [
      RETRY_DELAYS_MS.length,
    ]);
    smtp.state.refuse = true;
    expect(await sendDueEmails(transport, FROM, { limit: 100 })).toEqual({ sent: 0, failed: 1 });
    smtp.state.refuse = false;
    await runAnnouncementRound();
    expect(await getAnnouncement(id, null)).toMatchObject({ status: "sent", recipients: { failed: 1 } });
    const [recipient] = await rows<{ status: string; error: string }>(
      "select status, error from announcement_recipients where announcement_id = $1",
      [id],
    );
    expect(recipient!.status).toBe("failed");
    expect(recipient!.error).toContain("Try again later");
  });

  it("the public unsubscribe is rate-limited per connection like the public forms", async () => {
    const token = await issueLink(t.services.db, {
      purpose: "unsubscribe",
      subject: "sam@example.org",
      singleUse: false,
    });
    const post = () =>
      callRoute(unsubscribeAction, new Request(`http://localhost/unsubscribe/${token}`, { method: "POST" }), {
        params: { token },
        clientIp: "192.0.2.99",
      });
    for (let i = 0; i < 30; i++) expect((await post()).status).toBe(200);
    expect(await post()).toMatchObject({ status: 429, data: { state: "busy" } });
  });

  it("erasing a person outside the registry removes what announcements kept under their address", async () => {
    const count = async () =>
      rows(
        `select (select count(*)::int from announcement_recipients where email = $1) as recipients,
                (select count(*)::int from signed_links where subject_id = $1) as links,
                (select count(*)::int from email_unsubscribes where address = $1) as unsubscribes,
                (select count(*)::int from audit_log where subject_label = $1) as audit`,
        ["sam@example.org"],
      );
    expect((await count())[0]).toMatchObject({ recipients: 1, unsubscribes: 1, audit: 1 });
    expect(
      await erasePerson({ email: "sam@example.org" }, { id: admin.id, email: admin.email }),
    ).not.toBeNull();
    expect(await count()).toEqual([{ recipients: 0, links: 0, unsubscribes: 0, audit: 0 }]);
  });
});
