import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, events, ministryImages, siteSectionRevisions, siteSections } from "../../database/schema";
import { parseVariantSet, variantObjectNames } from "~/lib/image-variants";
import { action as uploadFile } from "~/routes/members/content/document-upload";
import { action as saveEvent } from "~/routes/members/content/event-upload";
import { action as uploadPortrait } from "~/routes/members/site/portrait-upload";
import { rebuildImages } from "~/server/content/image-rebuild.server";
import { getSiteContent } from "~/server/site/site-content.server";
import { startS3Server } from "../helpers/s3";
import { phoneJpeg, portraitWithFaceJpeg } from "../helpers/pictures";
import { callRoute, signInCookie, startTestServices, type TestServices } from "../helpers/test-services";

// Every uploaded picture is kept upright, without metadata, as copies at a few widths, on both
// stores; what is not a picture we take is refused with nothing stored.

const EVENT_FIELDS = {
  intent: "create",
  eventDate: "2031-05-01",
  eventTime: "10:00",
  locationName: "Church Hall",
  googleMapsUrl: "https://maps.google.com/?q=hall",
};

function post(pathname: string, fields: Record<string, string>, field: string, file: File, cookie: string) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set(field, file);
  return new Request(`http://localhost${pathname}`, {
    method: "POST",
    body,
    headers: { cookie, accept: "application/json" },
  });
}

/** Bytes as a File part takes them. */
const bytesOf = (data: Buffer | string) => (typeof data === "string" ? data : new Uint8Array(data));

/**
 * The parts of a picture file that are not its compressed pixels: everything before a JPEG's
 * first scan, and every PNG chunk, WebP chunk or AVIF box except the pixel data. Scanning only
 * these keeps a short mark such as "GPS" from being found by chance among megabytes of pixels.
 */
function containerParts(bytes: Buffer): Buffer {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const scan = bytes.indexOf(Buffer.from([0xff, 0xda]));
    return scan === -1 ? bytes : bytes.subarray(0, scan);
  }
  const parts: Buffer[] = [];
  if (bytes.subarray(1, 4).toString("latin1") === "PNG") {
    for (let at = 8; at + 8 <= bytes.length;) {
      const length = bytes.readUInt32BE(at);
      if (bytes.subarray(at + 4, at + 8).toString("latin1") !== "IDAT")
        parts.push(bytes.subarray(at, at + 12 + length));
      at += 12 + length;
    }
    return Buffer.concat(parts);
  }
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF") {
    for (let at = 12; at + 8 <= bytes.length;) {
      const length = bytes.readUInt32LE(at + 4);
      if (
        !bytes
          .subarray(at, at + 4)
          .toString("latin1")
          .startsWith("VP8")
      )
        parts.push(bytes.subarray(at, at + 8 + length));
      at += 8 + length + (length % 2);
    }
    return Buffer.concat(parts);
  }
  if (bytes.subarray(4, 8).toString("latin1") === "ftyp") {
    for (let at = 0; at + 8 <= bytes.length;) {
      const length = bytes.readUInt32BE(at) || bytes.length - at;
      if (bytes.subarray(at + 4, at + 8).toString("latin1") !== "mdat")
        parts.push(bytes.subarray(at, at + length));
      at += length;
    }
    return Buffer.concat(parts);
  }
  return bytes;
}

/** Readable marks of metadata in a picture file, outside its pixel data. */
function metadataMarks(bytes: Buffer): string[] {
  const text = containerParts(bytes).toString("latin1");
  return ["Exif", "GPS", "PhoneCo", "http://ns.adobe.com/xap", "Photoshop 3.0", "tEXt", "iTXt"].filter(
    (mark) => text.includes(mark),
  );
}

describe.each(["local", "s3"] as const)("pictures on the %s store", (store) => {
  let t: TestServices;
  let cookie: string;
  let stopS3 = async () => {};

  beforeAll(async () => {
    if (store === "s3") {
      const s3 = await startS3Server();
      stopS3 = s3.stop;
      t = await startTestServices("pglite", s3.env);
    } else {
      t = await startTestServices("pglite");
    }
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
    await stopS3();
  });

  const read = (name: string) => buffer(t.services.storage.read(name));

  async function addEvent(title: string, file: File) {
    const result = await callRoute(
      saveEvent,
      post("/members/add-event/save", { ...EVENT_FIELDS, title }, "image", file, cookie),
    );
    const answer = (await result.response!.json()) as { ok: boolean; toast: { description: string } };
    const [row] = await t.services.db.select().from(events).where(eq(events.title, title));
    return { status: result.status, answer, row };
  }

  it("a phone photo with GPS and orientation 6 is kept upright, without metadata, at four widths", async () => {
    const photo = await phoneJpeg();
    expect(metadataMarks(photo)).toEqual(
      expect.arrayContaining(["Exif", "PhoneCo", "http://ns.adobe.com/xap"]),
    );
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, width: 4032, height: 3024 });

    const { status, row } = await addEvent(
      "Harvest picnic",
      new File([bytesOf(photo)], "IMG_0001.JPG", { type: "image/jpeg" }),
    );
    expect(status).toBe(200);
    // Upright: the 4032x3024 landscape frame turned a quarter is 3024 wide, scaled to 1600.
    expect(row!.imageObjectPath).toMatch(/^event-images\/event-\d{13}-[0-9a-f]{6}_1600x2133\.jpg$/);
    expect(row!.imageUrl).toBe(`/files/${row!.imageObjectPath}`);

    const set = parseVariantSet(row!.imageObjectPath!)!;
    const copies = variantObjectNames(set);
    expect(copies.map((copy) => `${copy.width}.${copy.format}`)).toEqual([
      "1600.jpg",
      "320.jpg",
      "320.webp",
      "640.jpg",
      "640.webp",
      "1024.jpg",
      "1024.webp",
      "1600.webp",
    ]);
    for (const copy of copies) {
      const bytes = await read(copy.name);
      expect(metadataMarks(bytes), copy.name).toEqual([]);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(copy.format === "jpg" ? "jpeg" : copy.format);
      expect(meta.width).toBe(copy.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // The red corner of the original's top left is at the top right once upright.
    const small = await sharp(await read(copies[3]!.name))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * small.info.width + x) * small.info.channels;
      return [small.data[at]!, small.data[at + 1]!, small.data[at + 2]!] as const;
    };
    const [r, g, b] = pixel(small.info.width - 5, 5);
    expect(r).toBeGreaterThan(180);
    expect(g + b).toBeLessThan(150);
    // Its top left is the original's bottom left: the blue end of the gradient.
    const [redLeft, , blueLeft] = pixel(5, 5);
    expect(redLeft).toBeLessThan(120);
    expect(blueLeft).toBeGreaterThan(150);
  });

  it("a PNG with transparency keeps it; a GIF is kept as a still picture", async () => {
    const clear = await sharp({
      create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 100, channels: 4, background: "#dc2626" } })
            .png()
            .toBuffer(),
          left: 150,
          top: 100,
        },
      ])
      .png()
      .toBuffer();
    const png = await addEvent("Logo night", new File([bytesOf(clear)], "logo.png", { type: "image/png" }));
    expect(png.status).toBe(200);
    expect(png.row!.imageObjectPath).toMatch(/_400x300\.png$/);
    for (const copy of variantObjectNames(parseVariantSet(png.row!.imageObjectPath!)!)) {
      const meta = await sharp(await read(copy.name)).metadata();
      expect(meta.hasAlpha, copy.name).toBe(true);
    }
    const corner = await sharp(await read(png.row!.imageObjectPath!))
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(corner[3]).toBe(0);

    const gif = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2563eb" } })
      .gif()
      .toBuffer();
    const still = await addEvent("Gif day", new File([bytesOf(gif)], "wave.gif", { type: "image/gif" }));
    expect(still.status).toBe(200);
    expect(still.row!.imageObjectPath).toMatch(/_64x48\.png$/);
    const kept = await sharp(await read(still.row!.imageObjectPath!)).metadata();
    expect(kept).toMatchObject({ format: "png", width: 64, height: 48 });
  });

  it("refuses an SVG, a file that only claims to be a picture, and one over 50 megapixels; nothing is stored", async () => {
    const before = await t.services.db.select().from(events);
    const svg = await addEvent(
      "Svg",
      new File(
        [bytesOf(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)],
        "a.svg",
        {
          type: "image/svg+xml",
        },
      ),
    );
    expect(svg.status).toBe(415);
    expect(svg.answer.toast.description).toMatch(/not accepted/);

    // A real JPEG's first bytes, then nothing a decoder can use.
    const broken = Buffer.concat([(await phoneJpeg()).subarray(0, 6000)]);
    const cut = await addEvent("Cut", new File([bytesOf(broken)], "cut.jpg", { type: "image/jpeg" }));
    expect(cut.status).toBe(415);
    expect(cut.answer.toast.description).toMatch(/not a picture we can read/);

    const giant = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const tooBig = await addEvent("Giant", new File([bytesOf(giant)], "giant.png", { type: "image/png" }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.answer.toast.description).toMatch(/at most 50 megapixels/);

    expect(await t.services.db.select().from(events)).toHaveLength(before.length);
    for (const name of ["a.svg", "cut", "giant"]) expect(JSON.stringify(before)).not.toContain(name);
  });

  it("a pastor's portrait and an eLibrary photo lose their metadata too", async () => {
    const photo = await phoneJpeg();
    const portrait = await callRoute(
      uploadPortrait,
      post(
        "/members/site/pastors/portrait",
        {},
        "image",
        new File([bytesOf(photo)], "pastor.jpg", { type: "image/jpeg" }),
        cookie,
      ),
    );
    const { url } = (await portrait.response!.json()) as { url: string };
    expect(url).toMatch(/^\/files\/portraits\/portrait-\d{13}-[0-9a-f]{6}_1600x2133\.jpg$/);
    expect(metadataMarks(await read(url.replace("/files/", "")))).toEqual([]);

    const document = await callRoute(
      uploadFile,
      post(
        "/members/upload/save",
        { category: "elibrary" },
        "file",
        new File([bytesOf(photo)], "Map.jpg"),
        cookie,
      ),
    );
    expect(document.status).toBe(200);
    const [row] = await t.services.db.select().from(documents).where(eq(documents.fileName, "Map.jpg"));
    const kept = await read(row!.storageObjectPath);
    expect(metadataMarks(kept)).toEqual([]);
    expect(row!.fileSize).toBe(kept.byteLength);
    expect(await sharp(kept).metadata()).toMatchObject({ width: 3024, height: 4032 });
  });

  it("pictures uploaded at the same moment each keep their own files", async () => {
    const colours = ["#ef4444", "#22c55e", "#3b82f6", "#eab308", "#a855f7"];
    const results = await Promise.all(
      colours.map(async (colour, index) =>
        addEvent(
          `Same moment ${index}`,
          new File(
            [
              bytesOf(
                await sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
                  .jpeg()
                  .toBuffer(),
              ),
            ],
            `${index}.jpg`,
          ),
        ),
      ),
    );
    const names = results.map((result) => result.row!.imageObjectPath!);
    expect(new Set(names).size).toBe(colours.length);
    for (const [index, name] of names.entries()) {
      const { data } = await sharp(await read(name))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const expected = colours[index]!;
      expect(Math.abs(data[0]! - parseInt(expected.slice(1, 3), 16)), name).toBeLessThan(12);
    }
  });

  it("replacing an event's picture removes every copy of the old one", async () => {
    const first = await addEvent(
      "Choir evening",
      new File(
        [
          await sharp({ create: { width: 900, height: 600, channels: 3, background: "#16a34a" } })
            .jpeg()
            .toBuffer(),
        ],
        "a.jpg",
      ),
    );
    const old = variantObjectNames(parseVariantSet(first.row!.imageObjectPath!)!).map((copy) => copy.name);
    for (const name of old) expect(await t.services.storage.exists(name)).toBe(true);

    const body = new FormData();
    for (const [key, value] of Object.entries({
      ...EVENT_FIELDS,
      intent: "update",
      id: first.row!.id,
      title: "Choir evening",
    }))
      body.set(key, value);
    body.set(
      "image",
      new File(
        [
          await sharp({ create: { width: 500, height: 400, channels: 3, background: "#9333ea" } })
            .jpeg()
            .toBuffer(),
        ],
        "b.jpg",
      ),
    );
    const result = await callRoute(
      saveEvent,
      new Request("http://localhost/members/add-event/save", {
        method: "POST",
        body,
        headers: { cookie, accept: "application/json" },
      }),
    );
    expect(result.status).toBe(200);
    const [row] = await t.services.db.select().from(events).where(eq(events.id, first.row!.id));
    expect(row!.imageObjectPath).toMatch(/_500x400\.jpg$/);
    for (const name of old) expect(await t.services.storage.exists(name)).toBe(false);
  });

  it("a portrait's focal point is found where the face is, and a position staff choose wins", async () => {
    const portrait = new File([bytesOf(await portraitWithFaceJpeg())], "choir.jpg", { type: "image/jpeg" });
    const { status, row } = await addEvent("Choir portrait", portrait);
    expect(status).toBe(200);
    // The face is at 50% across and 18% down: the point found is on it, not the picture's middle.
    expect(row!.imageFocusX).toBeGreaterThanOrEqual(40);
    expect(row!.imageFocusX).toBeLessThanOrEqual(60);
    expect(row!.imageFocusY).toBeGreaterThanOrEqual(8);
    expect(row!.imageFocusY).toBeLessThanOrEqual(28);
    const found = { x: row!.imageFocusX, y: row!.imageFocusY };

    const edit = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries({
        ...EVENT_FIELDS,
        intent: "update",
        id: row!.id,
        title: "Choir portrait",
        ...fields,
      }))
        body.set(key, value);
      const result = await callRoute(
        saveEvent,
        new Request("http://localhost/members/add-event/save", {
          method: "POST",
          body,
          headers: { cookie, accept: "application/json" },
        }),
      );
      expect(result.status).toBe(200);
      const [saved] = await t.services.db.select().from(events).where(eq(events.id, row!.id));
      return { x: saved!.imageFocusX, y: saved!.imageFocusY, path: saved!.imageObjectPath };
    };
    // Staff choose the bottom of the picture; the picture itself stays.
    expect(await edit({ imageFocus: "bottom" })).toEqual({ x: 50, y: 100, path: row!.imageObjectPath });
    // Automatic again: the kept picture is looked at again and the face found.
    expect(await edit({ imageFocus: "auto" })).toEqual({ ...found, path: row!.imageObjectPath });
    // A form without the choice keeps the point found.
    expect(await edit({ description: "Sunday choir." })).toEqual({ ...found, path: row!.imageObjectPath });
    // A choice that is not one of the nine is refused, and nothing changes.
    const body = new FormData();
    for (const [key, value] of Object.entries({
      ...EVENT_FIELDS,
      intent: "update",
      id: row!.id,
      title: "Choir portrait",
      imageFocus: "50% 10%",
    }))
      body.set(key, value);
    const refused = await callRoute(
      saveEvent,
      new Request("http://localhost/members/add-event/save", {
        method: "POST",
        body,
        headers: { cookie, accept: "application/json" },
      }),
    );
    expect(refused.status).toBe(400);
    const [kept] = await t.services.db.select().from(events).where(eq(events.id, row!.id));
    expect({ x: kept!.imageFocusX, y: kept!.imageFocusY }).toEqual(found);
  });

  it("npm run images:rebuild gives pictures uploaded before the pipeline the same treatment, once", async () => {
    const { storage, db } = t.services;
    const camera = () =>
      sharp({ create: { width: 1200, height: 900, channels: 3, background: "#0ea5e9" } })
        .jpeg()
        .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "26/1 13/1 0/1" } })
        .withMetadata({ orientation: 6 })
        .toBuffer();
    // As an earlier release stored them: the upload's own bytes under a time-stamped name.
    await storage.put("event-images/event-1600000000000.jpg", await camera());
    await storage.put("ministry-images/acts-kids-1600000000000.jpg", await camera());
    await storage.put("portraits/portrait-1600000000000.jpg", await camera());
    await storage.put("1600000000000.jpg", await camera());
    const [event] = await db
      .insert(events)
      .values({
        title: "Old picnic",
        eventDate: "2031-06-01",
        eventTime: "10:00",
        locationName: "Park",
        googleMapsUrl: "https://maps.google.com/?q=park",
        imageUrl: "/files/event-images/event-1600000000000.jpg",
        imageObjectPath: "event-images/event-1600000000000.jpg",
      })
      .returning();
    await db
      .insert(ministryImages)
      .values({
        ministrySlug: "acts-kids",
        imageUrl: "/files/ministry-images/acts-kids-1600000000000.jpg",
        storageObjectPath: "ministry-images/acts-kids-1600000000000.jpg",
      })
      .onConflictDoUpdate({
        target: ministryImages.ministrySlug,
        set: {
          imageUrl: "/files/ministry-images/acts-kids-1600000000000.jpg",
          storageObjectPath: "ministry-images/acts-kids-1600000000000.jpg",
        },
      });
    const [pastors] = await db.select().from(siteSections).where(eq(siteSections.key, "pastors"));
    const data = pastors!.data as { pastors: { image: string }[] };
    data.pastors[0]!.image = "/files/portraits/portrait-1600000000000.jpg";
    await db.update(siteSections).set({ data }).where(eq(siteSections.key, "pastors"));
    await db.update(siteSectionRevisions).set({ data }).where(eq(siteSectionRevisions.sectionKey, "pastors"));
    const [document] = await db
      .insert(documents)
      .values({
        fileName: "Old map.jpg",
        filePath: "1600000000000.jpg",
        fileSize: 1,
        category: "elibrary",
        storageObjectPath: "1600000000000.jpg",
      })
      .returning();

    const first = await rebuildImages();
    expect(first.failed).toEqual([]);
    expect(first.converted).toBeGreaterThanOrEqual(3);
    expect(first.cleaned).toBeGreaterThanOrEqual(1);

    const [eventAfter] = await db.select().from(events).where(eq(events.id, event!.id));
    expect(eventAfter!.imageObjectPath).toBe("event-images/event-1600000000000_900x1200.jpg");
    expect(eventAfter!.imageUrl).toBe(storage.publicUrl(eventAfter!.imageObjectPath!));
    // A plain picture: its focal point is found, and is its middle.
    expect(eventAfter).toMatchObject({ imageFocusX: 50, imageFocusY: 50 });
    const [ministryAfter] = await db
      .select()
      .from(ministryImages)
      .where(eq(ministryImages.ministrySlug, "acts-kids"));
    expect(ministryAfter!.storageObjectPath).toBe("ministry-images/acts-kids-1600000000000_900x1200.jpg");
    const portrait = (await getSiteContent()).pastors[0]!.image;
    expect(portrait).toBe("/files/portraits/portrait-1600000000000_900x1200.jpg");
    const revisions = await db
      .select()
      .from(siteSectionRevisions)
      .where(eq(siteSectionRevisions.sectionKey, "pastors"));
    expect(JSON.stringify(revisions)).not.toContain("portrait-1600000000000.jpg");

    for (const gone of [
      "event-images/event-1600000000000.jpg",
      "ministry-images/acts-kids-1600000000000.jpg",
      "portraits/portrait-1600000000000.jpg",
    ])
      expect(await storage.exists(gone), gone).toBe(false);
    for (const name of [
      eventAfter!.imageObjectPath!,
      ministryAfter!.storageObjectPath!,
      "1600000000000.jpg",
    ]) {
      const bytes = await read(name);
      expect(metadataMarks(bytes), name).toEqual([]);
      expect(await sharp(bytes).metadata(), name).toMatchObject({ width: 900, height: 1200 });
    }
    const [documentAfter] = await db.select().from(documents).where(eq(documents.id, document!.id));
    expect(documentAfter!.fileSize).toBe((await read("1600000000000.jpg")).byteLength);

    const again = await rebuildImages();
    expect(again).toMatchObject({ converted: 0, cleaned: 0, failed: [] });
  });
});
