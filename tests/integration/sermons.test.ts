import http from "node:http";
import type { AddressInfo } from "node:net";
import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, documents, sermons, sermonSeries } from "../../database/schema";
import { loader as audioLoader } from "~/routes/media/sermon-audio";
import { loader as feedLoader } from "~/routes/media/sermon-feed";
import { loader as seriesLoader } from "~/routes/media/sermon-series";
import { loader as speakerLoader } from "~/routes/media/sermon-speaker";
import { loader as sermonLoader } from "~/routes/media/sermon";
import { loader as listLoader } from "~/routes/media/sermons";
import { loader as sitemapLoader } from "~/routes/sitemap";
import {
  createSermon,
  deleteSermon,
  listSermonsForStaff,
  updateSermon,
  type SermonInput,
} from "~/server/content/sermons.server";
import { parseVariantSet, variantObjectNames } from "~/lib/image-variants";
import { callRoute, databaseKinds, startTestServices, type TestServices } from "../helpers/test-services";

// Sermons people can follow: lists narrowed by series, speaker, year and words; a page per
// sermon, series and speaker; the podcast feed, read back with an XML parser of its own.

const ORIGIN = "http://localhost";
const get = (path: string) => new Request(`${ORIGIN}${path}`);

type Listed = { sermons: { title: string }[]; total: number };
const titles = (data: unknown) => (data as Listed).sermons.map((sermon) => sermon.title);

describe.each(databaseKinds)("sermons on %s", (kind) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(sermons);
    await t.services.db.delete(sermonSeries);
  });

  const base = (over: Partial<SermonInput>): SermonInput => ({
    sermonDate: "2026-10-02",
    title: "Untitled",
    speaker: "Pastor Ana Cruz",
    youtubeId: "dQw4w9WgXcQ",
    ...over,
  });

  async function addThree() {
    const grace = await createSermon(
      base({
        title: "Saved by Grace",
        sermonDate: "2026-10-02",
        seriesName: "Romans: The Gospel of Grace",
        passage: "Romans 3:21-26",
        description: "Justified freely by his grace.",
      }),
      "console",
    );
    const peace = await createSermon(
      base({
        title: "Peace with God",
        sermonDate: "2026-10-09",
        // The same series typed in other letters is the same series.
        seriesName: "romans: the gospel of grace",
        passage: "Romans 5:1-11",
      }),
      "console",
    );
    const shepherd = await createSermon(
      base({
        title: "The Good Shepherd",
        sermonDate: "2025-06-13",
        speaker: "Rev. José Ramos",
        passage: "John 10",
      }),
      "console",
    );
    return { grace, peace, shepherd };
  }

  it("a typed series name makes one series with its own address, reused in any letter case", async () => {
    const { grace, peace, shepherd } = await addThree();
    const series = await t.services.db.select().from(sermonSeries);
    expect(series.map(({ name, slug }) => ({ name, slug }))).toEqual([
      { name: "Romans: The Gospel of Grace", slug: "romans-the-gospel-of-grace" },
    ]);
    expect(grace.seriesId).toBe(series[0]!.id);
    expect(peace.seriesId).toBe(series[0]!.id);
    expect(shepherd.seriesId).toBeNull();

    // Another series whose name makes the same address gets an address of its own.
    await createSermon(base({ title: "Other", seriesName: "Romans - the Gospel of Grace!" }), "console");
    const slugs = (await t.services.db.select().from(sermonSeries)).map((row) => row.slug).sort();
    expect(slugs).toEqual(["romans-the-gospel-of-grace", "romans-the-gospel-of-grace-2"]);
  });

  it("the list narrows by series, speaker, year and words of the title or passage", async () => {
    await addThree();
    const list = async (query: string) => (await callRoute(listLoader, get(`/media/sermons${query}`))).data;

    expect(titles(await list(""))).toEqual(["Peace with God", "Saved by Grace", "The Good Shepherd"]);
    expect(titles(await list("?series=romans-the-gospel-of-grace"))).toEqual([
      "Peace with God",
      "Saved by Grace",
    ]);
    expect(titles(await list("?speaker=rev-jose-ramos"))).toEqual(["The Good Shepherd"]);
    expect(titles(await list("?year=2025"))).toEqual(["The Good Shepherd"]);
    expect(titles(await list("?q=romans+5"))).toEqual(["Peace with God"]);
    expect(titles(await list("?q=GRACE"))).toEqual(["Saved by Grace"]);
    expect(titles(await list("?series=romans-the-gospel-of-grace&year=2025"))).toEqual([]);
    // A series or speaker that does not exist, and malformed values, never fail the page.
    expect(titles(await list("?series=no-such-series"))).toEqual([]);
    expect(titles(await list("?q=100%25_off"))).toEqual([]);
    expect(titles(await list("?year=abc&series=%3Cscript%3E&page=-3"))).toHaveLength(3);

    const data = (await list("")) as {
      series: { name: string }[];
      speakers: { slug: string }[];
      years: number[];
    };
    expect(data.series.map((s) => s.name)).toEqual(["Romans: The Gospel of Grace"]);
    expect(data.speakers.map((s) => s.slug)).toEqual(["pastor-ana-cruz", "rev-jose-ramos"]);
    expect(data.years).toEqual([2026, 2025]);
  });

  it("series and speaker pages list their sermons; unknown ones are not found", async () => {
    await addThree();
    const series = await callRoute(seriesLoader, get("/media/sermons/series/romans-the-gospel-of-grace"), {
      params: { slug: "romans-the-gospel-of-grace" },
    });
    expect(series.status).toBe(200);
    expect((series.data as { name: string }).name).toBe("Romans: The Gospel of Grace");
    expect(titles(series.data)).toEqual(["Peace with God", "Saved by Grace"]);

    const speaker = await callRoute(speakerLoader, get("/media/sermons/speakers/rev-jose-ramos"), {
      params: { slug: "rev-jose-ramos" },
    });
    expect((speaker.data as { name: string }).name).toBe("Rev. José Ramos");
    expect(titles(speaker.data)).toEqual(["The Good Shepherd"]);

    for (const [loader, slug] of [
      [seriesLoader, "nothing-here"],
      [speakerLoader, "nobody"],
    ] as const) {
      const missing = await callRoute(loader, get(`/media/sermons/x/${slug}`), { params: { slug } });
      expect(missing.status).toBe(404);
    }
  });

  it("a sermon's page has its series, passage, notes and recording; an unknown id is not found", async () => {
    const [notes] = await t.services.db
      .insert(documents)
      .values({
        fileName: "romans-3-notes.pdf",
        filePath: "/files/documents/romans-3-notes.pdf",
        fileSize: 1000,
        category: "elibrary",
        storageObjectPath: "documents/romans-3-notes.pdf",
        title: "Notes: Romans 3",
      })
      .returning();
    await t.services.storage.put("sermon-audio/grace.mp3", Buffer.from("ID3 audio"));
    const sermon = await createSermon(
      base({
        title: "Saved by Grace",
        seriesName: "Romans",
        passage: "Romans 3:21-26",
        notesDocumentId: notes!.id,
        audio: {
          objectPath: "sermon-audio/grace.mp3",
          contentType: "audio/mpeg",
          bytes: 2_500_000,
          seconds: 2525,
        },
      }),
      "console",
    );
    const page = await callRoute(sermonLoader, get(`/media/sermons/${sermon.id}`), {
      params: { id: sermon.id },
    });
    expect(page.status).toBe(200);
    expect((page.data as { sermon: unknown }).sermon).toMatchObject({
      title: "Saved by Grace",
      passage: "Romans 3:21-26",
      seriesName: "Romans",
      seriesSlug: "romans",
      notes: { title: "Notes: Romans 3", href: `/media/elibrary/${notes!.id}/download` },
      audio: {
        src: `/media/sermons/${sermon.id}/audio`,
        type: "audio/mpeg",
        megabytes: 2.5,
        duration: "42:05",
      },
      url: `${ORIGIN}/media/sermons/${sermon.id}`,
    });

    // The recording's address sends players to the stored file.
    const audio = await callRoute(audioLoader, get(`/media/sermons/${sermon.id}/audio`), {
      params: { id: sermon.id },
    });
    expect(audio.status).toBe(302);
    expect(audio.headers.get("location")).toBe("/files/sermon-audio/grace.mp3");

    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const missing = await callRoute(sermonLoader, get(`/media/sermons/${id}`), { params: { id } });
      expect(missing.status).toBe(404);
      const noAudio = await callRoute(audioLoader, get(`/media/sermons/${id}/audio`), { params: { id } });
      expect(noAudio.status).toBe(404);
    }
    await t.services.db.delete(documents);
  });

  it("the feed is RSS 2.0 and a podcast feed: the recording is the enclosure with its length and type", async () => {
    const { grace } = await addThree();
    await t.services.storage.put("sermon-audio/grace.mp3", Buffer.from("ID3 audio"));
    await updateSermon(
      grace.id,
      base({
        title: "Saved by Grace",
        sermonDate: "2026-10-02",
        seriesName: "Romans: The Gospel of Grace",
        passage: "Romans 3:21-26",
        audio: {
          objectPath: "sermon-audio/grace.mp3",
          contentType: "audio/mpeg",
          bytes: 31_415_926,
          seconds: 1830,
        },
      }),
      "console",
    );

    const answer = await callRoute(feedLoader, get("/media/sermons/feed.xml"));
    expect(answer.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await answer.response!.text();
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      parseTagValue: false,
      parseAttributeValue: false,
    }).parse(xml) as {
      rss: {
        version: string;
        "xmlns:itunes": string;
        channel: Record<string, unknown> & { item: Record<string, unknown>[] };
      };
    };
    expect(parsed.rss.version).toBe("2.0");
    expect(parsed.rss["xmlns:itunes"]).toBe("http://www.itunes.com/dtds/podcast-1.0.dtd");
    const channel = parsed.rss.channel;
    expect(channel.link).toBe(`${ORIGIN}/media/sermons`);
    expect(channel["itunes:explicit"]).toBe("false");
    expect(channel["itunes:image"]).toEqual({ href: `${ORIGIN}/og-image.png` });
    expect(channel["itunes:category"]).toMatchObject({ text: "Religion & Spirituality" });

    const items = channel.item;
    expect(items.map((item) => item.title)).toEqual([
      "Peace with God",
      "Saved by Grace",
      "The Good Shepherd",
    ]);
    const withAudio = items[1]!;
    expect(withAudio.link).toBe(`${ORIGIN}/media/sermons/${grace.id}`);
    expect(withAudio.enclosure).toEqual({
      url: `${ORIGIN}/media/sermons/${grace.id}/audio`,
      length: "31415926",
      type: "audio/mpeg",
    });
    expect(withAudio["itunes:duration"]).toBe("30:30");
    expect(withAudio["itunes:author"]).toBe("Pastor Ana Cruz");
    expect(String(withAudio.description)).toContain("Romans 3:21-26");
    expect(new Date(String(withAudio.pubDate)).toISOString()).toBe("2026-10-02T09:00:00.000Z");
    // Sermons without a recording are followed too, but carry nothing for podcast apps to play.
    expect(items[0]!.enclosure).toBeUndefined();
  });

  it("replacing or deleting a sermon's recording removes its file; the log names what changed", async () => {
    const { storage, db } = t.services;
    await storage.put("sermon-audio/one.mp3", Buffer.from("one"));
    await storage.put("sermon-audio/two.mp3", Buffer.from("two"));
    const audio = (objectPath: string) => ({
      objectPath,
      contentType: "audio/mpeg",
      bytes: 3,
      seconds: null,
    });
    const sermon = await createSermon(
      base({ title: "Hope", audio: audio("sermon-audio/one.mp3") }),
      "console",
    );

    await updateSermon(sermon.id, base({ title: "Hope", audio: audio("sermon-audio/two.mp3") }), "console");
    expect(await storage.exists("sermon-audio/one.mp3")).toBe(false);
    // Saving without a new recording keeps the one there is.
    await updateSermon(sermon.id, base({ title: "Hope", passage: "Romans 15:13" }), "console");
    expect(await storage.exists("sermon-audio/two.mp3")).toBe(true);

    expect(await deleteSermon(sermon.id, "console")).toBe(true);
    expect(await storage.exists("sermon-audio/two.mp3")).toBe(false);
    const entries = await db.select().from(auditLog);
    const updated = entries.filter((entry) => entry.action === "sermon.updated");
    const changed = updated.map((entry) =>
      (entry.details as { changes: { field: string }[] }).changes.map((c) => c.field),
    );
    expect(changed).toContainEqual(["audioObjectPath"]);
    expect(changed).toContainEqual(["passage"]);
  });

  it("the staff list is by sermon date, newest first, whatever order they were added in", async () => {
    await addThree();
    // Added last but preached first; and two on one date keep the newest added first.
    await createSermon(base({ title: "Old Sermon Added Late", sermonDate: "2024-01-05" }), "console");
    await createSermon(base({ title: "Same Day A", sermonDate: "2026-10-09" }), "console");
    await createSermon(base({ title: "Same Day B", sermonDate: "2026-10-09" }), "console");
    const order = (await listSermonsForStaff()).map((sermon) => sermon.title);
    expect(order).toEqual([
      "Same Day B",
      "Same Day A",
      "Peace with God",
      "Saved by Grace",
      "The Good Shepherd",
      "Old Sermon Added Late",
    ]);
    expect((await listSermonsForStaff()).map((sermon) => sermon.title)).toEqual(order);
  });

  it("the sitemap lists each sermon, series and speaker", async () => {
    const { grace } = await addThree();
    const answer = await callRoute(sitemapLoader, get("/sitemap.xml"));
    const xml = await answer.response!.text();
    expect(xml).toContain(`<loc>${ORIGIN}/media/sermons/${grace.id}</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/media/sermons/series/romans-the-gospel-of-grace</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/media/sermons/speakers/rev-jose-ramos</loc>`);
  });
});

/**
 * The video platform's pictures as a tiny local server serves them (the tests have no internet):
 * a 480x360 JPEG with black bands around a 16:9 frame for each video id in `pictures`, a 404 for
 * any other, and a count of what was asked.
 */
async function startPictureServer(pictures: Record<string, Buffer | string>) {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? "");
    const id = /^\/vi\/([\w-]{11})\/hqdefault\.jpg$/.exec(request.url ?? "")?.[1];
    const body = id ? pictures[id] : undefined;
    if (body === undefined) {
      response.writeHead(404).end("Not found");
      return;
    }
    response.writeHead(200, { "content-type": "image/jpeg" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function videoPicture(colour: string) {
  return sharp({ create: { width: 480, height: 360, channels: 3, background: "#000000" } })
    .composite([
      {
        input: { create: { width: 480, height: 270, channels: 3, background: colour } },
        top: 45,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();
}

describe.each(databaseKinds)("sermons' video pictures on %s", (kind) => {
  let t: TestServices;
  let pictures: Awaited<ReturnType<typeof startPictureServer>>;
  const served: Record<string, Buffer | string> = {};

  beforeAll(async () => {
    pictures = await startPictureServer(served);
    served.abcdefghijk = await videoPicture("#1d4ed8");
    served.ABCDEFGHIJK = await videoPicture("#f59e0b");
    served.notapicture = "<html>Sorry</html>";
    served.hugepicture = Buffer.alloc(3 * 1024 * 1024, 0xff);
    t = await startTestServices(kind, { VIDEO_THUMBNAIL_URL: pictures.url });
  });
  afterAll(async () => {
    await t.stop();
    await pictures.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(sermons);
    pictures.asked.length = 0;
  });

  const input = (over: Partial<SermonInput>): SermonInput => ({
    sermonDate: "2026-10-02",
    title: "Saved by Grace",
    speaker: "Pastor Ana Cruz",
    youtubeId: "abcdefghijk",
    ...over,
  });
  const copiesOf = (objectName: string) =>
    variantObjectNames(parseVariantSet(objectName)!).map((copy) => copy.name);
  async function stored(names: string[]) {
    return Promise.all(names.map((name) => t.services.storage.exists(name)));
  }

  it("is fetched once when the sermon is saved, kept as copies in our store, and shown on its card", async () => {
    const sermon = await createSermon(input({}), "console");
    expect(pictures.asked).toEqual(["/vi/abcdefghijk/hqdefault.jpg"]);
    expect(sermon.thumbnailObjectPath).toMatch(/^sermon-thumbnails\/sermon-\d{13}-[0-9a-f]{6}_480x360\.jpg$/);
    expect(sermon.thumbnailUrl).toBe(t.services.storage.publicUrl(sermon.thumbnailObjectPath!));
    const first = copiesOf(sermon.thumbnailObjectPath!);
    expect(first.map((name) => name.slice(name.indexOf("_")))).toEqual([
      "_480x360.jpg",
      "_480x360_320.jpg",
      "_480x360_320.webp",
      "_480x360_480.webp",
    ]);
    expect(await stored(first)).toEqual(first.map(() => true));

    // The list and the sermon's page show it; no page asks the video platform.
    const list = await callRoute(listLoader, get("/media/sermons"));
    expect((list.data as { sermons: { thumbnailUrl: string | null }[] }).sermons).toEqual([
      expect.objectContaining({ thumbnailUrl: sermon.thumbnailUrl }),
    ]);
    const page = await callRoute(sermonLoader, get(`/media/sermons/${sermon.id}`), {
      params: { id: sermon.id },
    });
    expect((page.data as { sermon: { thumbnailUrl: string } }).sermon.thumbnailUrl).toBe(sermon.thumbnailUrl);

    // Saved again with the same video: nothing is fetched, the picture stays.
    const retitled = await updateSermon(sermon.id, input({ title: "Saved by Grace Alone" }), "console");
    expect(pictures.asked).toHaveLength(1);
    expect(retitled!.thumbnailObjectPath).toBe(sermon.thumbnailObjectPath);

    // Another video: its picture is fetched and the old one's copies removed.
    const moved = await updateSermon(sermon.id, input({ youtubeId: "ABCDEFGHIJK" }), "console");
    expect(pictures.asked).toEqual(["/vi/abcdefghijk/hqdefault.jpg", "/vi/ABCDEFGHIJK/hqdefault.jpg"]);
    expect(moved!.thumbnailObjectPath).not.toBe(sermon.thumbnailObjectPath);
    expect(await stored(first)).toEqual(first.map(() => false));

    // Deleting the sermon removes its picture.
    const second = copiesOf(moved!.thumbnailObjectPath!);
    expect(await stored(second)).toEqual(second.map(() => true));
    expect(await deleteSermon(sermon.id, "console")).toBe(true);
    expect(await stored(second)).toEqual(second.map(() => false));
  });

  it("when it cannot be had the sermon is saved without it, and the next save tries again", async () => {
    // A video the platform has no picture for, an answer that is not a picture, one over 2 MB.
    for (const youtubeId of ["zzzzzzzzzzz", "notapicture", "hugepicture"]) {
      const sermon = await createSermon(input({ youtubeId, title: youtubeId }), "console");
      expect(sermon).toMatchObject({ title: youtubeId, thumbnailUrl: null, thumbnailObjectPath: null });
    }
    expect(await t.services.db.select().from(sermons)).toHaveLength(3);

    // A picture that was kept goes when the video changes to one without.
    const kept = await createSermon(input({}), "console");
    const copies = copiesOf(kept.thumbnailObjectPath!);
    const none = await updateSermon(kept.id, input({ youtubeId: "zzzzzzzzzzz" }), "console");
    expect(none).toMatchObject({ youtubeId: "zzzzzzzzzzz", thumbnailUrl: null });
    expect(await stored(copies)).toEqual(copies.map(() => false));

    // Saved again with a video whose picture can be had now: it is fetched.
    pictures.asked.length = 0;
    const [missing] = await t.services.db.select().from(sermons).where(eq(sermons.youtubeId, "notapicture"));
    served.notapicture = await videoPicture("#16a34a");
    const fixed = await updateSermon(missing!.id, input({ youtubeId: "notapicture" }), "console");
    expect(pictures.asked).toEqual(["/vi/notapicture/hqdefault.jpg"]);
    expect(fixed!.thumbnailObjectPath).toMatch(/_480x360\.jpg$/);
  });
});
