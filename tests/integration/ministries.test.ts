import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ministryImages, ministryRegistrations, ministryVideos, rateLimits } from "../../database/schema";
import { action as ministryAction, loader as ministryLoader } from "~/routes/ministries/detail";
import { findMinistryImageUrl } from "~/server/content/ministry-images.server";
import { listMinistryVideos } from "~/server/content/ministry-videos.server";
import { loadMinistryMedia } from "~/server/content/ministries.server";
import { saveMinistryRegistration } from "~/server/people/registrations.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

describe.each(databaseKinds)("ministries on %s", (kind) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await db.delete(ministryImages);
    await db.delete(ministryVideos);
    await db.delete(ministryRegistrations);
    await db.delete(rateLimits);
  });

  async function registrations() {
    return t.services.db.select().from(ministryRegistrations);
  }

  it("finds no image for a ministry until one is stored, then that ministry's image only", async () => {
    expect(await findMinistryImageUrl("amplify")).toBeNull();
    await t.services.db.insert(ministryImages).values([
      { ministrySlug: "amplify", imageUrl: "/files/ministry-images/amplify-1.png" },
      { ministrySlug: "yadah", imageUrl: "/files/ministry-images/yadah-1.png" },
    ]);
    expect(await findMinistryImageUrl("amplify")).toBe("/files/ministry-images/amplify-1.png");
    expect(await findMinistryImageUrl("yadah")).toBe("/files/ministry-images/yadah-1.png");
    expect(await findMinistryImageUrl("tee")).toBeNull();
  });

  it("lists a ministry's videos newest first, and no other ministry's", async () => {
    await t.services.db.insert(ministryVideos).values([
      {
        title: "Oldest",
        youtubeId: "aaaaaaaaaaa",
        ministrySlug: "amplify",
        createdAt: new Date("2025-01-01T10:00:00Z"),
      },
      {
        title: "Newest",
        youtubeId: "ccccccccccc",
        ministrySlug: "amplify",
        createdAt: new Date("2025-03-01T10:00:00Z"),
      },
      {
        title: "Yadah's",
        youtubeId: "ddddddddddd",
        ministrySlug: "yadah",
        createdAt: new Date("2025-04-01T10:00:00Z"),
      },
      {
        title: "Middle",
        youtubeId: "bbbbbbbbbbb",
        ministrySlug: "amplify",
        createdAt: new Date("2025-02-01T10:00:00Z"),
      },
    ]);
    const videos = await listMinistryVideos("amplify");
    expect(videos.map((v) => v.title)).toEqual(["Newest", "Middle", "Oldest"]);
    expect(videos[0]).toMatchObject({ youtubeId: "ccccccccccc", ministrySlug: "amplify" });
    expect(await listMinistryVideos("tee")).toEqual([]);
  });

  it("stores a registration with the ministry's slug", async () => {
    await saveMinistryRegistration(
      {
        ministrySlug: "yadah",
        name: "Maria Cruz",
        email: "maria@example.com",
        mobile: "+973 3312 3456",
      },
      "http://localhost",
    );
    const rows = await registrations();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ministrySlug: "yadah",
      name: "Maria Cruz",
      email: "maria@example.com",
      mobile: "+973 3312 3456",
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("only logs a failed image or video read: the page gets the default image and no videos", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await t.services.db.execute(sql`alter table ministry_images rename to ministry_images_away`);
    await t.services.db.execute(sql`alter table ministry_videos rename to ministry_videos_away`);
    try {
      expect(await loadMinistryMedia("amplify")).toEqual({ imageUrl: null, videos: [] });
    } finally {
      await t.services.db.execute(sql`alter table ministry_images_away rename to ministry_images`);
      await t.services.db.execute(sql`alter table ministry_videos_away rename to ministry_videos`);
    }
    const logged = warn.mock.calls.map((call) => String(call[0]));
    expect(logged.some((line) => line.includes("ministry_images"))).toBe(true);
    expect(logged.some((line) => line.includes("ministry_videos"))).toBe(true);
  });

  describe("the ministry page", () => {
    function load(slug: string) {
      return callRoute(ministryLoader, new Request(`http://localhost/ministries/${slug}`), {
        params: { slug },
      });
    }

    function join(slug: string, fields: Record<string, string>, clientIp = "192.0.2.50") {
      return callRoute(ministryAction, formRequest(`/ministries/${slug}?join`, fields), {
        params: { slug },
        clientIp,
      });
    }

    it("answers 404 with the not-found state for an unknown slug", async () => {
      const result = await load("no-such-ministry");
      expect(result.status).toBe(404);
      expect(result.data).toEqual({ notFound: true });
    });

    it("gives the ministry, its image (null means the default) and its videos", async () => {
      await t.services.db
        .insert(ministryVideos)
        .values({ title: "Practice night", youtubeId: "eeeeeeeeeee", ministrySlug: "yadah" });
      const result = await load("yadah");
      expect(result.status).toBe(200);
      expect(result.data).toMatchObject({
        notFound: false,
        ministry: { slug: "yadah", name: "Yadah (Dance)" },
        imageUrl: null,
        videos: [{ title: "Practice night", youtubeId: "eeeeeeeeeee" }],
      });
    });

    it("signs a visitor up and says so in the spec's words", async () => {
      const result = await join("amplify", {
        name: " Jose Rizal ",
        email: "jose@example.com",
        mobile: "+973 3900 1234",
      });
      expect(result.status).toBe(200);
      expect(result.data).toMatchObject({
        ok: true,
        toast: { title: "Registration Successful!", description: "You've signed up for Amplify (Music)." },
      });
      const rows = await registrations();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        ministrySlug: "amplify",
        name: "Jose Rizal",
        email: "jose@example.com",
        mobile: "+973 3900 1234",
      });
    });

    it("refuses invalid details and writes nothing", async () => {
      const result = await join("amplify", {
        name: "Jose Rizal",
        email: "jose@example.com",
        mobile: "call me",
      });
      expect(result.status).toBe(400);
      expect(result.data).toMatchObject({
        ok: false,
        toast: { title: "Registration Failed" },
        fieldErrors: { mobile: "Please enter a valid mobile number." },
      });
      expect(await registrations()).toHaveLength(0);
    });

    it("refuses a ministry that does not exist and writes nothing", async () => {
      const result = await join("no-such-ministry", {
        name: "Jose Rizal",
        email: "jose@example.com",
        mobile: "+973 3900 1234",
      });
      expect(result.status).toBe(404);
      expect(result.data).toMatchObject({ ok: false, toast: { title: "Registration Failed" } });
      expect(await registrations()).toHaveLength(0);
    });
  });
});
