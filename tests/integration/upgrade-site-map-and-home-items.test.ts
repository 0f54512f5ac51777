import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapSearchUrl } from "~/lib/map-links";
import { loader as homeLoader } from "~/routes/home";
import { action as editorAction } from "~/routes/members/site/site-editor";
import { defaultSections } from "~/server/site/site-defaults.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { listRevisions } from "~/server/site/site-sections.server";
import { FIRST_MAPS_URL } from "~/server/site/site-upgrades.server";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  type TestServices,
} from "../helpers/test-services";

// A site the release before this one ran for a while: the office moved to Juffair and moved the
// Friday service to 4:00 PM, while the map link still searched for Manama (a field of its own
// that nobody thought to change) and the home page still said "3:30 PM" (a text of its own).
// Opened by this release, the map link follows the address and the weekly home items follow the
// service times; an item of its own words (Hospital Visitation) keeps them.

const ADDRESS = "Building 12, Road 34, Block 428, Juffair";

/** The home items as the previous release stored them: every one written out in words. */
const OLD_HOME_ITEMS = [
  { title: "Friday Service", date: "Every Friday", time: "3:30 PM", description: "Worship." },
  { title: "Bible Study", date: "Every Thursday", time: "7:30 PM", description: "Scripture." },
  { title: "Hospital Visitation", date: "Monthly", time: "Time TBA", description: "Comfort." },
  { title: "Youth Night", date: "Every Saturday", time: "6:00 PM", description: "Games." },
];

describe.each(databaseKinds)("upgrading the map link and the home page's items on %s", (kind) => {
  let t: TestServices;

  beforeAll(async () => {
    const defaults = defaultSections();
    const church = { ...(defaults.church as object), address: ADDRESS, mapsUrl: FIRST_MAPS_URL };
    const home = { ...(defaults.home as object), upcoming: OLD_HOME_ITEMS };
    const times = {
      services: [
        { name: "Worship Service", day: "Friday", start: "16:00", end: "18:00", note: "" },
        { name: "Bible Study", day: "Thursday", start: "19:30", end: "22:30", note: "" },
        { name: "Prayer Meeting", day: "", start: "", end: "", note: "As scheduled" },
      ],
    };
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        for (const [key, data] of [
          ["church", church],
          ["home", home],
          ["service-times", times],
        ] as const) {
          await query(
            `insert into site_sections (key, data, version, updated_by) values ($1, $2, 2, 'Office')`,
            [key, JSON.stringify(data)],
          );
          for (const version of [1, 2]) {
            await query(
              `insert into site_section_revisions (section_key, version, data, saved_by) values ($1, $2, $3, 'Office')`,
              [key, version, JSON.stringify(data)],
            );
          }
        }
      },
      10,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("links the address to a map search for it, and the weekly items to the service times", async () => {
    const content = await getSiteContent();
    expect(content.church.address).toBe(ADDRESS);
    expect(content.church.mapsUrl).toBe(mapSearchUrl(ADDRESS));

    const page = await callRoute(homeLoader, new Request("http://localhost/"));
    expect((page.data as { upcoming: unknown[] }).upcoming).toEqual([
      { title: "Friday Service", date: "Every Friday", time: "4:00 PM", description: "Worship." },
      { title: "Bible Study", date: "Every Thursday", time: "7:30 PM", description: "Scripture." },
      { title: "Hospital Visitation", date: "Monthly", time: "Time TBA", description: "Comfort." },
      // No service meets on Saturday: the item keeps its own words.
      { title: "Youth Night", date: "Every Saturday", time: "6:00 PM", description: "Games." },
    ]);
  });

  it("saves each change as a new version the office can see, and restoring an old one keeps the rule", async () => {
    const [home] = await listRevisions("home");
    expect(home).toMatchObject({
      version: 3,
      savedBy: "Upgrade",
      note: "Weekly items take their time from Service times",
    });
    const [church] = await listRevisions("church");
    expect(church).toMatchObject({
      version: 3,
      savedBy: "Upgrade",
      note: "The map link follows the address",
    });
    const [times] = await listRevisions("service-times");
    expect(times).toMatchObject({ version: 2, savedBy: "Office" });

    // Restoring the version the previous release saved brings back its texts, in today's shape.
    const cookie = await signInCookie();
    const restored = await callRoute(
      editorAction,
      formRequest("/members/site/home", { intent: "restore", version: "3", revision: "1" }, { cookie }),
      { params: { section: "home" } },
    );
    expect(restored.status).toBe(200);
    const page = await callRoute(homeLoader, new Request("http://localhost/"));
    expect((page.data as { upcoming: { time: string }[] }).upcoming[0]).toMatchObject({ time: "4:00 PM" });
  });
});
