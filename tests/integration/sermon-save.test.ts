import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, sermons, sermonSeries } from "../../database/schema";
import { action as saveSermon } from "~/routes/members/content/sermon-upload";
import { makePng } from "~/server/content/demo-files.server";
import { uploadRouteLimit } from "~/server/http/request-guard.server";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

/** A few MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz): silence, but an MP3 by its content. */
function makeMp3(frames = 3): Uint8Array {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const bytes = new Uint8Array(frame.length * frames);
  for (let i = 0; i < frames; i++) bytes.set(frame, i * frame.length);
  return bytes;
}

type Upload = { name: string; bytes: Uint8Array; type: string };

function saveRequest(fields: Record<string, string>, file: Upload | null, cookie?: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  if (file) body.set("audio", new File([Uint8Array.from(file.bytes)], file.name, { type: file.type }));
  return new Request("http://localhost/members/add-sermon/save", {
    method: "POST",
    body,
    headers: { ...(cookie ? { cookie } : {}), accept: "application/json", origin: "http://localhost" },
  });
}

const sermon = (fields: Record<string, string> = {}) => ({
  intent: "create",
  sermonDate: "2030-03-02",
  title: "Born Again",
  speaker: "Pastor Sam",
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  ...fields,
});

const mp3 = (name = "sermon.mp3", frames = 3): Upload => ({
  name,
  bytes: makeMp3(frames),
  type: "audio/mpeg",
});

describe.each(databaseKinds)("saving a sermon with its details and recording on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  let notesId: string;
  const audioDir = () => path.join(t.dataDir, "uploads", "sermon-audio");
  const storedRecordings = () => (fs.existsSync(audioDir()) ? fs.readdirSync(audioDir()).sort() : []);
  const isStored = (objectPath: string) => fs.existsSync(path.join(t.dataDir, "uploads", objectPath));
  const sermonTitled = async (title: string) =>
    (await t.services.db.select().from(sermons).where(eq(sermons.title, title)))[0];
  const save = async (
    fields: Record<string, string>,
    file: Upload | null,
    as: string | undefined = cookie,
  ) => {
    const result = await callRoute(saveSermon, saveRequest(fields, file, as));
    return {
      status: result.status,
      body: result.response?.headers.get("content-type")?.includes("json")
        ? ((await result.response.json()) as Record<string, unknown>)
        : null,
    };
  };

  beforeAll(async () => {
    // A small limit, so the over-limit recording is small too.
    t = await startTestServices(kind, { MAX_AUDIO_MB: "1" });
    cookie = await signInCookie();
    const [notes] = await t.services.db
      .insert(documents)
      .values({
        fileName: "Born Again Notes.pdf",
        filePath: "notes.pdf",
        fileSize: 10,
        category: "elibrary",
        storageObjectPath: "notes.pdf",
        title: "Born Again: notes",
      })
      .returning();
    notesId = notes!.id;
  });
  afterAll(async () => {
    await t.stop();
  });

  it("the save address takes a body as large as MAX_AUDIO_MB allows", () => {
    const limits = { documentMegabytes: 25, audioMegabytes: 100 };
    expect(uploadRouteLimit("/members/add-sermon/save", limits)).toBe(100 * 1024 * 1024);
    expect(uploadRouteLimit("/members/upload/save", limits)).toBe(25 * 1024 * 1024);
  });

  it("adds a sermon with a new series, a passage, notes and an MP3 kept in the store", async () => {
    const { status, body } = await save(
      sermon({
        seriesName: "  New   Birth ",
        passage: "John 3:1-21",
        description: "Nicodemus comes by night.",
        notesDocumentId: notesId,
      }),
      mp3(),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      toast: { title: "Sermon Added!", description: "Born Again is on the website." },
    });
    const row = await sermonTitled("Born Again");
    expect(row).toMatchObject({
      passage: "John 3:1-21",
      description: "Nicodemus comes by night.",
      notesDocumentId: notesId,
      audioContentType: "audio/mpeg",
      audioBytes: 417 * 3,
      youtubeId: "dQw4w9WgXcQ",
    });
    expect(row!.audioObjectPath).toMatch(/^sermon-audio\/sermon-\d{13}\.mp3$/);
    expect(isStored(row!.audioObjectPath!)).toBe(true);
    const series = await t.services.db.select().from(sermonSeries);
    expect(series).toEqual([expect.objectContaining({ name: "New Birth", slug: "new-birth" })]);
    expect(row!.seriesId).toBe(series[0]!.id);

    // The same series named in another letter case is the same series.
    const second = await save(sermon({ title: "Water and Spirit", seriesName: "new birth" }), null);
    expect(second.status).toBe(200);
    expect(await t.services.db.select().from(sermonSeries)).toHaveLength(1);
    expect((await sermonTitled("Water and Spirit"))!.seriesId).toBe(series[0]!.id);
  });

  it("a new recording replaces the old one's file; Remove the recording removes it", async () => {
    const before = (await sermonTitled("Born Again"))!;
    const replaced = await save(
      sermon({ intent: "update", id: before.id, seriesName: "New Birth", notesDocumentId: notesId }),
      mp3("second take.mp3", 4),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      ok: true,
      toast: { title: "Sermon Updated!", description: "Born Again has been saved." },
    });
    const after = (await sermonTitled("Born Again"))!;
    expect(after.audioObjectPath).not.toBe(before.audioObjectPath);
    expect(after.audioBytes).toBe(417 * 4);
    expect(isStored(after.audioObjectPath!)).toBe(true);
    expect(isStored(before.audioObjectPath!)).toBe(false);

    // Saved without a file, the recording stays.
    await save(sermon({ intent: "update", id: before.id, title: "Born Again" }), null);
    expect((await sermonTitled("Born Again"))!.audioObjectPath).toBe(after.audioObjectPath);

    const removed = await save(sermon({ intent: "update", id: before.id, removeAudio: "on" }), null);
    expect(removed.status).toBe(200);
    const bare = (await sermonTitled("Born Again"))!;
    expect(bare).toMatchObject({ audioObjectPath: null, audioContentType: null, audioBytes: null });
    expect(isStored(after.audioObjectPath!)).toBe(false);
    expect(storedRecordings()).toEqual([]);
  });

  it("takes an M4A by its content, and an MP4-branded one only under an .m4a name", async () => {
    const box = (type: string, body: Uint8Array) => {
      const bytes = new Uint8Array(8 + body.length);
      new DataView(bytes.buffer).setUint32(0, bytes.length);
      bytes.set(new TextEncoder().encode(type), 4);
      bytes.set(body, 8);
      return bytes;
    };
    const m4a = (brand: string) => {
      const ftyp = box("ftyp", new TextEncoder().encode(`${brand}\0\0\0\0isomM4A `));
      const bytes = new Uint8Array(ftyp.length + 64);
      bytes.set(ftyp);
      bytes.set(box("free", new Uint8Array(56)), ftyp.length);
      return bytes;
    };
    for (const [title, name, brand] of [
      ["Itunes", "itunes.m4a", "M4A "],
      ["Phone", "phone.m4a", "isom"],
    ] as const) {
      const { status } = await save(sermon({ title }), { name, bytes: m4a(brand), type: "audio/mp4" });
      expect(status, title).toBe(200);
      const row = (await sermonTitled(title))!;
      expect(row).toMatchObject({ audioContentType: "audio/mp4" });
      expect(row.audioObjectPath).toMatch(/^sermon-audio\/sermon-\d{13}\.m4a$/);
      expect(isStored(row.audioObjectPath!)).toBe(true);
    }
    const video = await save(sermon({ title: "Video" }), {
      name: "clip.mp4",
      bytes: m4a("isom"),
      type: "video/mp4",
    });
    expect(video.status).toBe(415);
    expect(await sermonTitled("Video")).toBeUndefined();
    for (const title of ["Itunes", "Phone"]) {
      const row = (await sermonTitled(title))!;
      await save(sermon({ intent: "update", id: row.id, title, removeAudio: "on" }), null);
    }
    expect(storedRecordings()).toEqual([]);
  });

  it("refuses a file that is not a recording, whatever its name, and writes nothing", async () => {
    const count = (await t.services.db.select().from(sermons)).length;
    const png = makePng(4, 4, [0, 0, 0], [255, 255, 255]);
    const { status, body } = await save(sermon({ title: "Picture" }), {
      name: "fake.mp3",
      bytes: png,
      type: "audio/mpeg",
    });
    expect(status).toBe(415);
    expect(body).toMatchObject({
      ok: false,
      toast: { title: "Upload Failed" },
      fieldErrors: { audio: "This type of file is not accepted. Please choose a MP3 or M4A file." },
    });
    expect((await t.services.db.select().from(sermons)).length).toBe(count);
    expect(storedRecordings()).toEqual([]);
  });

  it("refuses a recording over MAX_AUDIO_MB with 413 and writes nothing", async () => {
    const count = (await t.services.db.select().from(sermons)).length;
    const frames = Math.ceil((1024 * 1024 + 1) / 417);
    const { status, body } = await save(sermon({ title: "Too long" }), mp3("long.mp3", frames));
    expect(status).toBe(413);
    expect(body).toMatchObject({
      ok: false,
      toast: { title: "Upload Failed", description: "The file is too large. Files can be at most 1MB." },
    });
    expect((await t.services.db.select().from(sermons)).length).toBe(count);
    expect(storedRecordings()).toEqual([]);
  });

  it("refuses notes that are not in the eLibrary, and keeps no recording", async () => {
    const count = (await t.services.db.select().from(sermons)).length;
    const { status, body } = await save(
      sermon({ title: "Lost notes", notesDocumentId: "00000000-0000-4000-8000-000000000000" }),
      mp3(),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      toast: { title: "Submission Failed" },
      fieldErrors: {
        notesDocumentId: "That document is no longer in the eLibrary. Please choose another.",
      },
    });
    expect((await t.services.db.select().from(sermons)).length).toBe(count);
    expect(storedRecordings()).toEqual([]);
  });

  it("answers a bad YouTube address with the spec's toast", async () => {
    const { status, body } = await save(sermon({ url: "https://example.org/video" }), null);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      toast: { title: "Invalid YouTube URL", description: "Please enter a valid YouTube video URL." },
    });
  });

  it("refuses a visitor who is not signed in, and writes nothing", async () => {
    const count = (await t.services.db.select().from(sermons)).length;
    const result = await callRoute(saveSermon, saveRequest(sermon({ title: "Anonymous" }), mp3(), undefined));
    expect(result.status).toBe(302);
    expect(result.response!.headers.get("location")).toMatch(/^\/members\/login/);
    expect((await t.services.db.select().from(sermons)).length).toBe(count);
    expect(storedRecordings()).toEqual([]);
  });
});
