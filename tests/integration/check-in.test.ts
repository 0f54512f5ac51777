import jsQR from "jsqr";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, eventRegistrations, events, outboxEmails } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as checkInAction, loader as checkInLoader } from "~/routes/members/people/check-in";
import { loader as reportsLoader } from "~/routes/members/people/reports";
import { attendanceByEvent } from "~/server/people/check-in.server";
import { checkInCode } from "~/server/people/registration-links.server";
import { cancelRegistration, registerForEvent } from "~/server/people/event-seats.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  TEST_ADMIN,
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

const ORIGIN = "http://localhost";

/** What a phone camera reads from a PNG picture of a QR code. */
async function readQrCode(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe.each(databaseKinds)("checking people in at the door on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  const today = todayInChurchZone();

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(eventRegistrations);
    await t.services.db.delete(events);
    await t.services.db.delete(outboxEmails);
    // The registrations' follow-ups (issue 38), so each test sees only its own.
    await t.services.database.query("delete from follow_ups");
  });

  async function addEvent(title = "Youth Camp") {
    const [row] = await t.services.db
      .insert(events)
      .values({
        title,
        eventDate: addDays(today, 2),
        eventTime: "08:00",
        locationName: "Camp Site",
        googleMapsUrl: "https://maps.example.org/?q=camp",
        capacity: 10,
      })
      .returning();
    return row!;
  }

  const asStaff = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { cookie } });

  it("the confirmation's QR code opens the check-in page with that person, who is checked in with one tap", async () => {
    const event = await addEvent();
    for (const [name, email] of [
      ["Ana Cruz", "ana@example.org"],
      ["Ben Uy", "ben@example.org"],
    ]) {
      await registerForEvent(
        event.id,
        { name: name!, email: email!, mobile: "+973 3333 4444", message: null },
        today,
        ORIGIN,
      );
    }
    const [mail] = await t.services.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, "ben@example.org"));
    const picture = mail!.attachments.find((attachment) => attachment.filename === "check-in.png");
    expect(picture?.cid).toBe("check-in-code");
    expect(mail!.htmlBody).toContain('src="cid:check-in-code"');

    const scanned = new URL((await readQrCode(Buffer.from(picture!.content, "base64")))!);
    expect(scanned.pathname).toBe(`/members/events/${event.id}/check-in`);
    const page = await callRoute(checkInLoader, asStaff(scanned.pathname + scanned.search), {
      params: { id: event.id },
    });
    expect(page.data).toMatchObject({
      scanned: { name: "Ben Uy", arrivedAt: null },
      scanError: null,
      rows: [{ name: "Ana Cruz" }, { name: "Ben Uy" }],
    });

    const tap = await callRoute(
      checkInAction,
      formRequest(
        scanned.pathname,
        { intent: "arrive", id: (page.data as { scanned: { id: string } }).scanned.id },
        { cookie },
      ),
      { params: { id: event.id } },
    );
    expect(tap.data).toMatchObject({ ok: true, toast: { description: "Ben Uy is checked in." } });
    const after = await callRoute(checkInLoader, asStaff(scanned.pathname), { params: { id: event.id } });
    expect(
      (after.data as { rows: { name: string; arrivedAt: string | null }[] }).rows.map((row) => [
        row.name,
        row.arrivedAt !== null,
      ]),
    ).toEqual([
      ["Ana Cruz", false],
      ["Ben Uy", true],
    ]);
    expect(await attendanceByEvent(today)).toMatchObject([
      { title: "Youth Camp", confirmed: 2, arrived: 1, capacity: 10 },
    ]);
  });

  it("refuses another event's code, a forged code and another event's registration", async () => {
    const camp = await addEvent("Youth Camp");
    const retreat = await addEvent("Retreat");
    await registerForEvent(
      retreat.id,
      { name: "Cy Lim", email: "cy@example.org", mobile: "+973 3333 4444", message: null },
      today,
      ORIGIN,
    );
    const [row] = await t.services.db.select().from(eventRegistrations);

    const forged = await callRoute(
      checkInLoader,
      asStaff(`/members/events/${camp.id}/check-in?code=${row!.id}.forged`),
      {
        params: { id: camp.id },
      },
    );
    expect(forged.data).toMatchObject({
      scanned: null,
      scanError: expect.stringContaining("not a registration"),
    });

    const elsewhere = await callRoute(
      checkInAction,
      formRequest(`/members/events/${camp.id}/check-in`, { intent: "arrive", id: row!.id }, { cookie }),
      { params: { id: camp.id } },
    );
    expect(elsewhere.status).toBe(404);
    expect((await t.services.db.select().from(eventRegistrations))[0]!.checkedInAt).toBeNull();
  });

  /** Registers a person for an event through the public sign-up; answers their registration's id. */
  async function register(event: { id: string }, name: string) {
    const email = `${name.split(" ")[0]!.toLowerCase()}@example.org`;
    await registerForEvent(event.id, { name, email, mobile: "+973 3333 4444", message: null }, today, ORIGIN);
    const [row] = await t.services.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, email));
    return row!.id;
  }

  /** What the check-in page sends when its scanner reads a QR code. */
  const scan = (event: { id: string }, code: string, who = cookie) =>
    callRoute(
      checkInAction,
      formRequest(
        `/members/events/${event.id}/check-in`,
        { intent: "arrive-code", code },
        who ? { cookie: who } : {},
      ),
      { params: { id: event.id } },
    );

  const arrivals = async () =>
    Object.fromEntries(
      (await t.services.db.select().from(eventRegistrations)).map((row) => [row.name, row.checkedInAt]),
    );
  const checkInsLogged = (event: { id: string }) =>
    t.services.db.select().from(auditLog).where(eq(auditLog.subjectId, event.id));

  it("a code scanned on the page checks the person in at once, audited; scanned again it says they arrived", async () => {
    const event = await addEvent();
    const ana = await register(event, "Ana Cruz");
    await register(event, "Ben Uy");
    const [mail] = await t.services.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, "ana@example.org"));
    const picture = mail!.attachments.find((attachment) => attachment.filename === "check-in.png")!;
    // The scanner sends what the e-mail's QR code holds: the page's address with the code.
    const text = (await readQrCode(Buffer.from(picture.content, "base64")))!;
    expect(text).toContain(`?code=${ana}.`);

    const first = await scan(event, text);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      ok: true,
      toast: { title: "Checked in", description: "Ana Cruz checked in." },
      id: ana,
      name: "Ana Cruz",
      already: false,
    });
    const arrived = (await arrivals())["Ana Cruz"];
    expect(arrived).toBeInstanceOf(Date);
    expect((await arrivals())["Ben Uy"]).toBeNull();
    expect(await checkInsLogged(event)).toEqual([
      expect.objectContaining({
        action: "registration.checked-in",
        actorLabel: TEST_ADMIN.email,
        subjectType: "event",
        subjectId: event.id,
        subjectLabel: "Youth Camp",
        details: { registration: ana, by: "qr-code" },
      }),
    ]);

    // The same code again (the bare code, as another reader may give it): no error, nothing new.
    const again = await scan(event, checkInCode(ana));
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({
      ok: true,
      toast: {
        title: "Already arrived",
        description: expect.stringMatching(/^Ana Cruz already arrived at \d/),
      },
      id: ana,
      already: true,
    });
    expect((await arrivals())["Ana Cruz"]).toEqual(arrived);
    expect(await checkInsLogged(event)).toHaveLength(1);

    // The list shows her as arrived, and Undo (the existing intent) takes it back.
    const undo = await callRoute(
      checkInAction,
      formRequest(`/members/events/${event.id}/check-in`, { intent: "undo", id: ana }, { cookie }),
      { params: { id: event.id } },
    );
    expect(undo.data).toMatchObject({ ok: true, toast: { title: "Check-in undone" } });
    expect((await arrivals())["Ana Cruz"]).toBeNull();
  });

  it("refuses a forged code, another event's code and a cancelled registration, writing nothing", async () => {
    const camp = await addEvent("Youth Camp");
    const retreat = await addEvent("Retreat");
    const ana = await register(camp, "Ana Cruz");
    const ben = await register(camp, "Ben Uy");
    const cy = await register(retreat, "Cy Lim");
    expect(await cancelRegistration(ben, ORIGIN)).toMatchObject({ ok: true });

    const refusals = [
      [`${ana}.forged`, 400, "This QR code is not a check-in code of this site (or it was altered)."],
      // A real signature, but of another registration.
      [`${ana}.${checkInCode(cy).split(".")[1]}`, 400, "This QR code is not a check-in code of this site"],
      ["https://church.example/events", 400, "not a check-in code"],
      ["", 400, "not a check-in code"],
      [checkInCode(cy), 409, "Cy Lim registered for “Retreat”, not this event."],
      [checkInCode(ben), 409, "Ben Uy's registration was cancelled."],
    ] as const;
    for (const [code, status, said] of refusals) {
      const answer = await scan(camp, code);
      expect(answer.status, code).toBe(status);
      expect(answer.data, code).toMatchObject({
        ok: false,
        toast: {
          title: "Not checked in",
          description: expect.stringContaining(said),
          variant: "destructive",
        },
      });
    }
    expect(await arrivals()).toEqual({ "Ana Cruz": null, "Ben Uy": null, "Cy Lim": null });
    expect(await checkInsLogged(camp)).toEqual([]);
    expect(await checkInsLogged(retreat)).toEqual([]);
    // Nor is anyone's first check-in noted on a follow-up (issue 38).
    expect(
      await t.services.database.query("select 1 from follow_up_notes where body like 'Checked in at%'"),
    ).toEqual([]);
  });

  it("refuses a visitor and a role without the check-in permission", async () => {
    const event = await addEvent();
    const ana = await register(event, "Ana Cruz");

    const visitor = await scan(event, checkInCode(ana), "");
    expect(visitor.status).toBe(302);
    expect(visitor.response!.headers.get("location")).toMatch(/^\/members\/login/);

    const editor = await createStaffAccount({ role: "editor" });
    const editorCookie = await signInCookie(editor.email, editor.password);
    const refused = await scan(event, checkInCode(ana), editorCookie);
    expect(refused.status).toBe(403);

    expect(await arrivals()).toEqual({ "Ana Cruz": null });
    expect(await checkInsLogged(event)).toEqual([]);
  });

  it("Reports lists each past event's registrations and arrivals, the latest first", async () => {
    const made = async (title: string, daysAgo: number) => {
      const [row] = await t.services.db
        .insert(events)
        .values({
          title,
          eventDate: addDays(today, -daysAgo),
          eventTime: "08:00",
          locationName: "Hall",
          googleMapsUrl: "https://maps.example.org/?q=hall",
        })
        .returning();
      return row!;
    };
    const supper = await made("Harvest Supper", 10);
    const picnic = await made("Church Picnic", 40);
    const longAgo = await made("Long Ago", 400);
    const future = await addEvent("Still to Come");
    const people = (
      event: { id: string; title: string },
      n: number,
      arrived: number,
      status: "confirmed" | "cancelled" = "confirmed",
    ) =>
      Array.from({ length: n }, (_, i) => ({
        eventId: event.id,
        eventTitle: event.title,
        name: `Person ${i}`,
        email: `p${i}.${event.id.slice(0, 4)}@example.org`,
        mobile: "+973 3333 4444",
        status,
        checkedInAt: i < arrived ? new Date() : null,
      }));
    await t.services.db
      .insert(eventRegistrations)
      .values([
        ...people(supper, 4, 3),
        ...people(supper, 1, 0, "cancelled"),
        ...people(picnic, 2, 0),
        ...people(longAgo, 2, 2),
        ...people(future, 3, 0),
      ]);

    const answer = await callRoute(reportsLoader, asStaff("/members/reports"));
    expect((answer.data as { attendance: unknown[] }).attendance).toEqual([
      { id: supper.id, title: "Harvest Supper", eventDate: supper.eventDate, confirmed: 4, arrived: 3 },
      { id: picnic.id, title: "Church Picnic", eventDate: picnic.eventDate, confirmed: 2, arrived: 0 },
    ]);
  });
});
