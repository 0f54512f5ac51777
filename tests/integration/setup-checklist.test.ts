import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESETS } from "~/lib/permissions";
import { documents, eventRegistrations, events, sermons } from "../../database/schema";
import { church as defaultChurch } from "~/content/church";
import { demoEvents, demoSermonTitles } from "~/content/demo";
import { ministries as defaultMinistries } from "~/content/ministries";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/members/home/dashboard";
import { removeDemoContent } from "~/server/content/demo-content.server";
import { saveDocumentDetails } from "~/server/content/documents.server";
import { updateEvent } from "~/server/content/event-edits.server";
import { updateSermon } from "~/server/content/sermons.server";
import { setupChecklist, type SetupChecklist } from "~/server/site/setup-checklist.server";
import { siteContentChanged } from "~/server/site/site-content.server";
import {
  callRoute,
  databaseKinds,
  expectingConsoleErrors,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

const PLACEHOLDER_ITEMS = ["phone", "email", "address", "social", "pastors", "ministry-leaders"];
const DEMO_ITEMS = ["demo-sermons", "demo-events", "demo-documents"];

describe.each(databaseKinds)("the setup checklist and demo content on %s", (kind) => {
  let t: TestServices;
  let cookie = "";
  beforeAll(async () => {
    // E-mail set up on the server, so its checklist item (tests/integration/mail-settings.test.ts) stays away.
    t = await startTestServices(kind, {
      SEED_DEMO: "true",
      SMTP_URL: "smtp://127.0.0.1:2525",
      MAIL_FROM: "office@example.org",
    });
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });

  /** Changes a stored section the way the test hooks do: SQL, then the content is read again. */
  async function setSection(key: string, path: string[], value: unknown) {
    await t.services.database.query(
      "update site_sections set data = jsonb_set(data, $2::text[], $3::jsonb) where key = $1",
      [key, `{${path.join(",")}}`, JSON.stringify(value)],
    );
    siteContentChanged();
  }

  async function checklist(): Promise<SetupChecklist | null> {
    return setupChecklist();
  }

  const keysOf = (setup: SetupChecklist | null) => setup?.items.map((item) => item.key) ?? [];

  it("lists every placeholder and the seeded demo content on a fresh install, with where to fix each", async () => {
    const setup = await checklist();
    expect(keysOf(setup)).toEqual([...PLACEHOLDER_ITEMS, ...DEMO_ITEMS]);
    const item = (key: string) => setup!.items.find((entry) => entry.key === key)!;
    expect(item("phone")).toMatchObject({ href: "/members/site/church", detail: defaultChurch.phone });
    expect(item("email")).toMatchObject({ href: "/members/site/church", detail: defaultChurch.email });
    expect(item("address")).toMatchObject({ href: "/members/site/church" });
    expect(item("social")).toMatchObject({
      href: "/members/site/church",
      detail: "Facebook, Instagram, YouTube",
    });
    expect(item("pastors")).toMatchObject({
      href: "/members/site/pastors",
      label: "4 pastors are still invented examples.",
    });
    expect(item("ministry-leaders")).toMatchObject({
      href: `/members/site/ministries/${defaultMinistries[0]!.slug}`,
      label: `${defaultMinistries.length} ministries still show an example leader.`,
    });
    expect(item("demo-sermons")).toMatchObject({
      href: "/members/add-sermon",
      label: "4 demo sermons are still published.",
    });
    expect(item("demo-events")).toMatchObject({
      href: "/members/add-event",
      label: "3 demo events are still published.",
    });
    expect(item("demo-documents")).toMatchObject({
      href: "/members/upload",
      label: "3 demo eLibrary documents are still published.",
    });
    expect([...setup!.demo.sermons].sort()).toEqual([...demoSermonTitles].sort());
    expect([...setup!.demo.events].sort()).toEqual(demoEvents.map((event) => event.title).sort());
    expect(setup!.demo.documents).toHaveLength(3);

    // The dashboard sends it to someone who can fix it.
    const page = await callRoute(
      dashboardLoader,
      new Request("http://localhost/members", { headers: { cookie } }),
    );
    expect(page.status).toBe(200);
    expect((page.data as { setup: SetupChecklist | null }).setup?.items).toHaveLength(9);
  });

  it("drops an item as soon as its value is changed", async () => {
    await setSection("church", ["phone"], "+973 1700 0000");
    expect(keysOf(await checklist())).not.toContain("phone");

    // Any example address counts, not only the default one.
    await setSection("church", ["email"], "office@example.com");
    expect(keysOf(await checklist())).toContain("email");
    await setSection("church", ["email"], "office@actschurch.bh");
    expect(keysOf(await checklist())).not.toContain("email");

    await setSection("church", ["address"], "Building 12, Road 34, Manama");
    expect(keysOf(await checklist())).not.toContain("address");

    // A page on the platform is fine, and so is an empty link (it hides the icon).
    await setSection("church", ["facebook"], "https://www.facebook.com/actschurchbahrain");
    await setSection("church", ["instagram"], "");
    const social = (await checklist())!.items.find((item) => item.key === "social");
    expect(social?.detail).toBe("YouTube");
    await setSection("church", ["youtube"], "https://www.youtube.com/@actschurch");
    expect(keysOf(await checklist())).not.toContain("social");

    // One invented pastor left, then one whose e-mail is still an example.
    await setSection(
      "pastors",
      ["pastors"],
      [
        {
          name: "Pastor Ana Cruz",
          title: "Senior Pastor",
          description: "",
          email: "ana@actschurch.bh",
          phone: "",
          image: "",
        },
        {
          name: "Pastor Mark Villanueva",
          title: "Youth Pastor",
          description: "",
          email: "mark@actschurch.bh",
          phone: "",
          image: "",
        },
      ],
    );
    expect((await checklist())!.items.find((item) => item.key === "pastors")).toMatchObject({
      label: "1 pastor is still an invented example.",
      detail: "Pastor Mark Villanueva",
    });
    await setSection("pastors", ["pastors", "1"], {
      name: "Pastor Leo Tan",
      title: "Youth Pastor",
      description: "",
      email: "leo@example.org",
      phone: "",
      image: "",
    });
    expect(keysOf(await checklist())).toContain("pastors");
    await setSection("pastors", ["pastors", "1", "email"], "leo@actschurch.bh");
    expect(keysOf(await checklist())).not.toContain("pastors");

    // The link moves on to the next ministry with an example leader.
    const [first, second] = defaultMinistries;
    await setSection(`ministry:${first!.slug}`, ["leader"], "Sis. Real Leader");
    const leaders = (await checklist())!.items.find((item) => item.key === "ministry-leaders");
    expect(leaders).toMatchObject({
      label: `${defaultMinistries.length - 1} ministries still show an example leader.`,
      href: `/members/site/ministries/${second!.slug}`,
    });
    for (const ministry of defaultMinistries.slice(1))
      await setSection(`ministry:${ministry.slug}`, ["leader"], "");
    expect(keysOf(await checklist())).toEqual(DEMO_ITEMS);
  });

  it("leaves the checklist out, and shows the rest of the dashboard, when it cannot be read", async () => {
    await t.services.database.query("alter table sermons rename to sermons_away");
    try {
      const { result: page, logged } = await expectingConsoleErrors(() =>
        callRoute(dashboardLoader, new Request("http://localhost/members", { headers: { cookie } })),
      );
      expect(page.status).toBe(200);
      const data = page.data as { setup: unknown; stats: unknown; loadFailed: boolean };
      expect(data).toMatchObject({ setup: null, loadFailed: false });
      expect(data.stats).not.toBeNull();
      expect(logged.join("\n")).toContain("Reading the setup checklist failed");
    } finally {
      await t.services.database.query("alter table sermons_away rename to sermons");
    }
  });

  it("refuses an anonymous visitor and removes nothing", async () => {
    const before = await t.services.db.select({ id: sermons.id }).from(sermons);
    const answer = await callRoute(dashboardAction, formRequest("/members", { intent: "remove-demo" }));
    expect(answer.status).toBe(302);
    expect(answer.response!.headers.get("location")).toMatch(/^\/members\/login/);
    expect(await t.services.db.select({ id: sermons.id }).from(sermons)).toHaveLength(before.length);
  });

  it("counts a demo sermon or event that staff edited as the church's own", async () => {
    const { db } = t.services;
    const [sermon] = await db.select().from(sermons).where(eq(sermons.isDemo, true)).limit(1);
    const [event] = await db.select().from(events).where(eq(events.isDemo, true)).limit(1);
    const { id: sermonId, title, sermonDate, speaker, youtubeId } = sermon!;
    await updateSermon(sermonId, { title, sermonDate, speaker, youtubeId }, "system");
    const {
      id: eventId,
      eventDate,
      eventTime,
      eventEndTime,
      locationName,
      googleMapsUrl,
      description,
    } = event!;
    await updateEvent(
      eventId,
      {
        title: event!.title,
        eventDate,
        eventTime,
        eventEndTime,
        speaker: event!.speaker,
        locationName,
        googleMapsUrl,
        description,
        capacity: null,
        registrationDeadline: null,
      },
      null,
      "system",
      "http://localhost",
    );
    const [document] = await db.select().from(documents).where(eq(documents.isDemo, true)).limit(1);
    const [admin] = await t.services.database.query<{ id: string }>("select id from users limit 1");
    const staff = {
      id: admin!.id,
      name: "Staff",
      email: "staff@test.local",
      username: null,
      role: "admin",
      roleName: "Admin",
      access: PRESETS.admin,
      ministries: [],
      memberId: null,
      twoFactorEnabled: false,
      mustChangePassword: false,
      sessionId: "",
    };
    await saveDocumentDetails(
      document!.id,
      { title: "Our Welcome Guide", description: null, category: "elibrary" },
      document!.version,
      staff,
    );
    const rows = await t.services.database.query<{ is_demo: boolean }>(
      `select is_demo from sermons where id = $1 union all select is_demo from events where id = $2
       union all select is_demo from documents where id = $3`,
      [sermonId, eventId, document!.id],
    );
    expect(rows).toEqual([{ is_demo: false }, { is_demo: false }, { is_demo: false }]);
    await t.services.database.query("update documents set is_demo = true where id = $1", [document!.id]);
    // Back to demo, for the removal test below.
    await t.services.database.query("update sermons set is_demo = true where id = $1", [sermonId]);
    await t.services.database.query("update events set is_demo = true where id = $1", [eventId]);
  });

  it("removes exactly the demo rows and their files, and keeps the church's own", async () => {
    const { db, storage } = t.services;
    // The church's own content, with files.
    await storage.put("own-guide.pdf", Buffer.from("%PDF-1.4 own"));
    await storage.put("own-event.png", Buffer.from("own picture"));
    await storage.put("demo-event.png", Buffer.from("demo picture"));
    await db
      .insert(sermons)
      .values({ title: "Our Own Sermon", sermonDate: "2025-05-02", speaker: "P", youtubeId: "aaaaaaaaaaa" });
    const [ownEvent] = await db
      .insert(events)
      .values({
        title: "Our Own Event",
        eventDate: "2099-01-01",
        eventTime: "18:00",
        locationName: "Hall",
        googleMapsUrl: "https://maps.example.org/",
        imageUrl: "/files/own-event.png",
        imageObjectPath: "own-event.png",
      })
      .returning();
    await db.insert(documents).values({
      fileName: "Own Guide.pdf",
      filePath: "own-guide.pdf",
      fileSize: 12,
      category: "elibrary",
      storageObjectPath: "own-guide.pdf",
    });
    // A demo event with an uploaded picture, and someone registered for a demo event.
    const [demoEvent] = await db
      .insert(events)
      .values({
        title: "Demo Event With Picture",
        eventDate: "2099-01-02",
        eventTime: "18:00",
        locationName: "Hall",
        googleMapsUrl: "https://maps.example.org/",
        imageUrl: "/files/demo-event.png",
        imageObjectPath: "demo-event.png",
        isDemo: true,
      })
      .returning();
    await db.insert(eventRegistrations).values({
      eventId: demoEvent!.id,
      eventTitle: demoEvent!.title,
      name: "Guest",
      email: "guest@example.org",
      mobile: "33001122",
    });
    const demoFiles = (
      await db.select({ file: documents.storageObjectPath, isDemo: documents.isDemo }).from(documents)
    )
      .filter((row) => row.isDemo)
      .map((row) => row.file);
    expect(demoFiles).toHaveLength(3);
    for (const file of demoFiles) expect(await storage.exists(file)).toBe(true);
    // A file a non-demo row still uses stays (no seeded row does this; a copied row could).
    await db.insert(documents).values({
      fileName: "Shared.pdf",
      filePath: demoFiles[0]!,
      fileSize: 1,
      category: "gospel-track",
      storageObjectPath: demoFiles[0]!,
    });

    // A demo document's history of its details goes with it.
    await t.services.database.query(
      `insert into site_section_revisions (section_key, version, data, saved_by)
       select 'document:' || id, 1, '{}'::jsonb, 'Uploaded' from documents where is_demo
       on conflict do nothing`,
    );

    const answer = await callRoute(
      dashboardAction,
      formRequest("/members", { intent: "remove-demo" }, { cookie }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      toast: {
        title: "Demo Content Removed",
        description: "Removed 4 sermons, 4 events and 3 eLibrary documents.",
      },
    });

    const count = async (table: string, where = "is_demo") =>
      Number(
        (
          await t.services.database.query<{ n: string }>(`select count(*) as n from ${table} where ${where}`)
        )[0]!.n,
      );
    for (const table of ["sermons", "events", "documents"]) expect(await count(table), table).toBe(0);
    expect(await count("site_section_revisions", "section_key like 'document:%'")).toBe(0);
    expect((await db.select().from(sermons)).map((row) => row.title)).toEqual(["Our Own Sermon"]);
    expect((await db.select().from(events)).map((row) => row.id)).toEqual([ownEvent!.id]);
    expect((await db.select().from(documents)).map((row) => row.fileName).sort()).toEqual([
      "Own Guide.pdf",
      "Shared.pdf",
    ]);

    expect(await storage.exists("demo-event.png")).toBe(false);
    for (const file of demoFiles.slice(1)) expect(await storage.exists(file)).toBe(false);
    expect(await storage.exists(demoFiles[0]!)).toBe(true);
    expect(await storage.exists("own-event.png")).toBe(true);
    expect(await storage.exists("own-guide.pdf")).toBe(true);

    // The registration outlives its event, with the title.
    const [registration] = await db.select().from(eventRegistrations);
    expect(registration).toMatchObject({
      eventId: null,
      eventTitle: "Demo Event With Picture",
      name: "Guest",
    });

    // Nothing demo left: the checklist's demo items are gone, and with them the whole checklist.
    expect(await checklist()).toBeNull();
    const page = await callRoute(
      dashboardLoader,
      new Request("http://localhost/members", { headers: { cookie } }),
    );
    expect((page.data as { setup: unknown }).setup).toBeNull();

    // A second removal finds nothing, and says so.
    expect(await removeDemoContent("system")).toEqual({
      sermons: 0,
      events: 0,
      documents: 0,
      files: 0,
      filesLeft: 0,
    });
    const again = await callRoute(
      dashboardAction,
      formRequest("/members", { intent: "remove-demo" }, { cookie }),
    );
    expect(again.data).toMatchObject({ ok: true, toast: { title: "Nothing to Remove" } });
  });
});
