import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as digestAction, loader as digestLoader } from "~/routes/members/care/digest";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import { startFollowUp, type NewFollowUp } from "~/server/care/follow-ups.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The screens of one's own follow-ups (issue 38): "My follow-ups" on the dashboard (the account's
// open ones, soonest due first, the overdue flagged, up to 8) and the daily e-mail's setting (on
// or off and the hour; a bad hour is refused with nothing written; both need care:read).

const today = todayInChurchZone();

describe.each(databaseKinds)("my follow-ups' screens on %s", (kind) => {
  let t: TestServices;
  let grace: { id: string; email: string; password: string };
  let graceCookie: string;
  let editorCookie: string;
  let newVisitorWorkflow: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const digestRows = () =>
    q<{ enabled: boolean; hour: number }>("select enabled, hour from follow_up_digests where user_id = $1", [
      grace.id,
    ]);
  const get = (loader: unknown, path: string, cookie: string) =>
    callRoute(loader, new Request(`http://localhost${path}`, { headers: { cookie } }));
  const saveDigest = (fields: Record<string, string>, cookie = graceCookie) =>
    callRoute(digestAction, formRequest("/members/care/digest", fields, { cookie }));

  async function followUp(name: string, dueOn: string, more: Partial<NewFollowUp> = {}, startedOn = today) {
    const { id } = await t.services.db.transaction((tx) =>
      startFollowUp(
        tx,
        {
          memberId: null,
          name,
          email: "",
          mobile: "",
          reason: "New visitor",
          source: "manual",
          workflowId: null,
          assigneeId: grace.id,
          dueOn,
          ...more,
        },
        "system",
        startedOn,
      ),
    );
    return id;
  }

  beforeAll(async () => {
    t = await startTestServices(kind);
    grace = await createStaffAccount({ name: "Grace Santos" });
    graceCookie = await signInCookie(grace.email, grace.password);
    const editor = await createStaffAccount({ role: "editor", name: "Eddie" });
    editorCookie = await signInCookie(editor.email, editor.password);
    newVisitorWorkflow = (
      await q<{ id: string }>("select id from care_workflows where trigger = 'new-visitor'")
    )[0]!.id;
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await q("delete from follow_ups");
    await q("delete from follow_up_digests");
  });

  it("shows the account's open follow-ups on the dashboard, soonest due first, the overdue flagged, up to 8", async () => {
    const other = await createStaffAccount({ name: "Ben Uy" });
    const nadia = await followUp(
      "Nadia Karim",
      today,
      { workflowId: newVisitorWorkflow, reason: "New visitor" },
      addDays(today, -4),
    );
    const omar = await followUp("Omar Haddad", today, { reason: "Asked to join Group 2" });
    const pia = await followUp("Pia Lim", addDays(today, -1));
    await q("update follow_ups set status = 'waiting' where id = $1", [pia]);
    // Snoozed until today: back in the list, due today.
    const rosa = await followUp("Rosa Cruz", addDays(today, -6));
    await q("update follow_ups set snoozed_until = $2 where id = $1", [rosa, today]);
    for (let n = 1; n <= 5; n++) await followUp(`Later ${n}`, addDays(today, n));
    // Not listed: snoozed past today, closed, someone else's.
    const snoozed = await followUp("Snoozed Person", addDays(today, -3));
    await q("update follow_ups set snoozed_until = $2 where id = $1", [snoozed, addDays(today, 1)]);
    const done = await followUp("Done Person", addDays(today, -3));
    await q("update follow_ups set status = 'no-response' where id = $1", [done]);
    await followUp("Bens Person", today, { assigneeId: other.id });

    const { data } = await get(dashboardLoader, "/members", graceCookie);
    const mine = (
      data as {
        followUps: {
          total: number;
          overdue: number;
          rows: {
            id: string;
            name: string;
            reason: string;
            step: string | null;
            dueOn: string;
            overdue: boolean;
            dueToday: boolean;
          }[];
        };
      }
    ).followUps;
    expect(mine.total).toBe(9);
    expect(mine.overdue).toBe(2);
    expect(mine.rows.map((row) => [row.name, row.reason, row.step, row.dueOn, row.overdue])).toEqual([
      ["Nadia Karim", "New visitor", "Welcome call", addDays(today, -2), true],
      ["Pia Lim", "New visitor", null, addDays(today, -1), true],
      ["Omar Haddad", "Asked to join Group 2", null, today, false],
      ["Rosa Cruz", "New visitor", null, today, false],
      ["Later 1", "New visitor", null, addDays(today, 1), false],
      ["Later 2", "New visitor", null, addDays(today, 2), false],
      ["Later 3", "New visitor", null, addDays(today, 3), false],
      ["Later 4", "New visitor", null, addDays(today, 4), false],
    ]);
    expect(mine.rows[0]!.id).toBe(nadia);
    expect(mine.rows.filter((row) => row.dueToday).map((row) => row.name)).toEqual([
      "Omar Haddad",
      "Rosa Cruz",
    ]);
    // Started the same day: the one started first comes first.
    expect(mine.rows.findIndex((row) => row.id === omar)).toBeLessThan(
      mine.rows.findIndex((row) => row.id === rosa),
    );

    // The second step becomes the current one once the first is done.
    await q("update follow_up_steps set done_at = now() where follow_up_id = $1 and position = 1", [nadia]);
    const after = (await get(dashboardLoader, "/members", graceCookie)).data as typeof data & {
      followUps: { rows: { step: string | null }[] };
    };
    expect(after.followUps.rows[0]!.step).toBe("Invite to a group");

    // Without care:read there is no panel at all.
    const editorView = (await get(dashboardLoader, "/members", editorCookie)).data as { followUps: unknown };
    expect(editorView.followUps).toBeNull();
  });

  it("shows an empty panel when nothing is assigned", async () => {
    const { data } = await get(dashboardLoader, "/members", graceCookie);
    expect((data as { followUps: unknown }).followUps).toEqual({ rows: [], total: 0, overdue: 0 });
  });

  it("saves the account's own daily e-mail setting, and says what today's e-mail would list", async () => {
    await followUp("Nadia Karim", addDays(today, -1));
    await followUp("Omar Haddad", today);
    await followUp("Later Person", addDays(today, 2));
    const first = (await get(digestLoader, "/members/care/digest", graceCookie)).data;
    expect(first).toMatchObject({
      email: grace.email,
      setting: { enabled: false, hour: 7 },
      due: { total: 2, overdue: 1 },
    });

    const saved = await saveDigest({ enabled: "on", hour: "18" });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      ok: true,
      toast: { description: "Your follow-ups will come by e-mail every day at 6:00 PM." },
    });
    expect(await digestRows()).toEqual([{ enabled: true, hour: 18 }]);
    expect((await get(digestLoader, "/members/care/digest", graceCookie)).data).toMatchObject({
      setting: { enabled: true, hour: 18 },
    });
    const logged = await q<{ actor_label: string; details: unknown }>(
      "select actor_label, details from audit_log where action = 'follow-up.digest-changed'",
    );
    expect(logged).toEqual([{ actor_label: grace.email, details: { enabled: true, hour: 18 } }]);

    // Turned off (the box unticked sends nothing for it), keeping the hour.
    expect((await saveDigest({ hour: "18" })).status).toBe(200);
    expect(await digestRows()).toEqual([{ enabled: false, hour: 18 }]);
  });

  it("refuses an hour outside 00-23 with a message on the field, writing nothing", async () => {
    await saveDigest({ enabled: "on", hour: "9" });
    for (const hour of ["24", "-1", "7.5", "seven", ""]) {
      const refused = await saveDigest({ enabled: "", hour });
      expect(refused.status, hour).toBe(400);
      expect(refused.data, hour).toMatchObject({
        ok: false,
        fieldErrors: { hour: "Please choose an hour from the list (00:00 to 23:00)." },
      });
    }
    const noHour = await callRoute(
      digestAction,
      formRequest("/members/care/digest", { enabled: "on" }, { cookie: graceCookie }),
    );
    expect(noHour.status).toBe(400);
    expect(await digestRows()).toEqual([{ enabled: true, hour: 9 }]);
  });

  it("refuses the setting with 403 to an account without care:read", async () => {
    const page = await get(digestLoader, "/members/care/digest", editorCookie);
    expect(page.status).toBe(403);
    const post = await saveDigest({ enabled: "on", hour: "8" }, editorCookie);
    expect(post.status).toBe(403);
    expect(await q("select 1 from follow_up_digests")).toEqual([]);
  });
});
