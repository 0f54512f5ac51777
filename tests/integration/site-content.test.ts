import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as editorAction, loader as editorLoader } from "~/routes/members/site/site-editor";
import { loader as connectLoader } from "~/routes/connect";
import { loader as homeLoader } from "~/routes/home";
import { loader as rootLoader } from "~/root";
import { loader as eventsScreenLoader } from "~/routes/members/content/events";
import { mapSearchUrl } from "~/lib/map-links";
import { getSiteContent, siteContentChanged } from "~/server/site/site-content.server";
import {
  callRoute,
  databaseKinds,
  expectingConsoleErrors,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The editors' actions as a browser posts them: a save checked by the section's schema, written as
// the next version only when nobody saved in between, read back by every page at once.

describe.each(databaseKinds)("editing the website on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });

  const open = async (section: string) => {
    const result = await callRoute(
      editorLoader,
      new Request(`http://localhost/members/site/${section}`, { headers: { cookie } }),
      { params: { section } },
    );
    expect(result.status).toBe(200);
    return result.data as {
      data: Record<string, unknown>;
      version: number;
      revisions: { version: number; savedBy: string; changed: string[] }[];
    };
  };
  const post = (
    section: string,
    fields: Record<string, string>,
    params: Record<string, string> = { section },
  ) => callRoute(editorAction, formRequest(`/members/site/${section}`, fields, { cookie }), { params });
  const rows = (sql: string) => t.services.database.query<Record<string, unknown>>(sql);

  it("saves a section as its next version and every page reads it at once", async () => {
    const church = await open("church");
    expect(church.version).toBe(1);
    const saved = await post("church", {
      intent: "save",
      version: "1",
      data: JSON.stringify({ ...church.data, phone: "+973 1711 2233", facebook: "" }),
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ ok: true });

    const content = await getSiteContent();
    expect(content.church.phone).toBe("+973 1711 2233");
    expect(content.socialLinks.map((link) => link.name)).toEqual(["Instagram", "YouTube"]);
    const connect = await callRoute(connectLoader, new Request("http://localhost/connect"));
    expect(connect.status).toBe(200);
    expect((await open("church")).revisions).toMatchObject([
      { version: 2, savedBy: "admin", changed: ["Phone", "Facebook"] },
      { version: 1, savedBy: "Default content", changed: [] },
    ]);
  });

  it("refuses a save opened at an older version, and writes nothing", async () => {
    const church = await open("church");
    const stale = await post("church", {
      intent: "save",
      version: String(church.version - 1),
      data: JSON.stringify({ ...church.data, phone: "+973 0000 0000" }),
    });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, toast: { title: "Changed by someone else" } });
    expect((await getSiteContent()).church.phone).toBe("+973 1711 2233");
    expect(await rows("select version from site_sections where key = 'church'")).toEqual([
      { version: church.version },
    ]);
  });

  it("refuses bad input with a message per field and writes nothing", async () => {
    const services = await open("service-times");
    const list = services.data.services as Record<string, string>[];
    const bad = [
      { ...list[0], name: "x".repeat(81) },
      { ...list[1], start: "25:99" },
      { name: "No day", day: "", start: "", end: "", note: "" },
      { ...list[2], day: "Caturday" },
    ];
    const refused = await post("service-times", {
      intent: "save",
      version: String(services.version),
      data: JSON.stringify({ services: bad }),
    });
    expect(refused.status).toBe(400);
    expect((refused.data as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject({
      "services.0.name": "Name must be at most 80 characters.",
      "services.1.start": "Starts must be a time like 15:30.",
      "services.2.note": "Please choose a day or write a note.",
      "services.3.day": "Please choose a valid Day.",
    });
    for (const data of ["not json", JSON.stringify([1, 2]), JSON.stringify({ services: "none" })]) {
      const answer = await post("service-times", { intent: "save", version: String(services.version), data });
      expect(answer.status, data).toBe(400);
    }
    const huge = await post("service-times", {
      intent: "save",
      version: String(services.version),
      data: JSON.stringify({ services: [{ ...list[0], name: "x".repeat(1_000_000) }] }),
    });
    expect(huge.status).toBe(413);
    const unknown = await post("service-times", { intent: "drop-table", version: "1" });
    expect(unknown.status).toBe(400);
    expect(await rows("select version from site_sections where key = 'service-times'")).toEqual([
      { version: 1 },
    ]);
  });

  it("restores an earlier version as a new one, keeping the history", async () => {
    const before = await open("church");
    const restored = await post("church", {
      intent: "restore",
      version: String(before.version),
      revision: "1",
    });
    expect(restored.status).toBe(200);
    expect((await getSiteContent()).church.phone).toBe("+973 XXXX XXXX");
    const after = await open("church");
    expect(after.version).toBe(before.version + 1);
    expect(
      await rows(
        "select note from site_section_revisions where section_key = 'church' order by version desc limit 1",
      ),
    ).toEqual([{ note: "Restored version 1" }]);
    const missing = await post("church", {
      intent: "restore",
      version: String(after.version),
      revision: "99",
    });
    expect(missing.status).toBe(404);
  });

  it("keeps serving the last content it read when the database cannot be read", async () => {
    const before = await getSiteContent();
    await t.services.database.query("alter table site_sections rename to site_sections_away");
    try {
      siteContentChanged(); // as after a save: the next call must read again, and cannot
      const { result, logged } = await expectingConsoleErrors(async () => (await getSiteContent()).church);
      expect(result).toEqual(before.church);
      expect(logged.join("\n")).toContain("showing the last copy read");
    } finally {
      await t.services.database.query("alter table site_sections_away rename to site_sections");
    }
  });

  it("the map link follows the address, unless staff give one of their own; new events start with it", async () => {
    const church = await open("church");
    const address = "Building 12, Road 34, Block 428, Juffair";
    const moved = await post("church", {
      intent: "save",
      version: String(church.version),
      data: JSON.stringify({ ...church.data, address }),
    });
    expect(moved.status).toBe(200);
    // The footer's link (the site frame every page is drawn with) searches for the new address.
    const frame = async () =>
      (
        (await callRoute(rootLoader, new Request("http://localhost/"))).data as {
          site: { church: { address: string; mapsUrl: string } };
        }
      ).site.church;
    expect(await frame()).toEqual(expect.objectContaining({ address, mapsUrl: mapSearchUrl(address) }));
    expect((await frame()).mapsUrl).not.toContain("Manama");

    // A new event's map link starts as the church's.
    const screen = await callRoute(
      eventsScreenLoader,
      new Request("http://localhost/members/add-event", { headers: { cookie } }),
    );
    expect(screen.data).toMatchObject({ churchMapsUrl: mapSearchUrl(address) });

    // A place page staff paste in stays, whatever the address says.
    const own = "https://maps.app.goo.gl/ActsChurchJuffair";
    const current = await open("church");
    await post("church", {
      intent: "save",
      version: String(current.version),
      data: JSON.stringify({ ...current.data, mapsUrl: own }),
    });
    expect((await frame()).mapsUrl).toBe(own);
    const last = await open("church");
    await post("church", {
      intent: "save",
      version: String(last.version),
      data: JSON.stringify({ ...last.data, address: "Manama, Kingdom of Bahrain", mapsUrl: "" }),
    });
  });

  it("the home page's weekly items take their day and time from the service times", async () => {
    const upcoming = async () =>
      (
        (await callRoute(homeLoader, new Request("http://localhost/"))).data as {
          upcoming: { title: string; date: string; time: string }[];
        }
      ).upcoming.map(({ title, date, time }) => ({ title, date, time }));
    // What today's service times give is the spec's text.
    expect(await upcoming()).toEqual([
      { title: "Friday Service", date: "Every Friday", time: "3:30 PM" },
      { title: "Bible Study", date: "Every Thursday", time: "7:30 PM" },
      { title: "Hospital Visitation", date: "Monthly", time: "Time TBA" },
    ]);

    // The office moves the Friday service to 4:00-6:00 PM, in Service times only.
    const times = await open("service-times");
    const services = times.data.services as Record<string, string>[];
    const saved = await post("service-times", {
      intent: "save",
      version: String(times.version),
      data: JSON.stringify({
        services: services.map((service) =>
          service.day === "Friday" ? { ...service, start: "16:00", end: "18:00" } : service,
        ),
      }),
    });
    expect(saved.status).toBe(200);
    expect((await upcoming())[0]).toEqual({ title: "Friday Service", date: "Every Friday", time: "4:00 PM" });

    // An item without a day needs its own words.
    const home = await open("home");
    const items = home.data.upcoming as Record<string, string>[];
    const refused = await post("home", {
      intent: "save",
      version: String(home.version),
      data: JSON.stringify({ ...home.data, upcoming: [...items, { ...items[2], title: "Choir", date: "" }] }),
    });
    expect(refused.status).toBe(400);
    expect((refused.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      "upcoming.3.date": "Please choose a day or write when it is.",
    });

    const back = await open("service-times");
    await post("service-times", {
      intent: "save",
      version: String(back.version),
      data: JSON.stringify({ services }),
    });
  });

  it("edits a ministry by its slug, and answers 404 for an unknown one", async () => {
    const page = await callRoute(
      editorLoader,
      new Request("http://localhost/members/site/ministries/amplify", { headers: { cookie } }),
      { params: { slug: "amplify" } },
    );
    const ministry = page.data as { data: Record<string, unknown>; version: number };
    const saved = await post(
      "ministries/amplify",
      {
        intent: "save",
        version: String(ministry.version),
        data: JSON.stringify({ ...ministry.data, leader: "Sis. Lea" }),
      },
      { slug: "amplify" },
    );
    expect(saved.status).toBe(200);
    expect((await getSiteContent()).ministryBySlug("amplify")?.leader).toBe("Sis. Lea");
    const unknown = await callRoute(
      editorLoader,
      new Request("http://localhost/members/site/ministries/nope", { headers: { cookie } }),
      { params: { slug: "nope" } },
    );
    expect(unknown.status).toBe(404);
  });
});
