import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, events } from "../../database/schema";
import { action as saveEvent } from "~/routes/members/content/event-upload";
import { action as uploadFile } from "~/routes/members/content/document-upload";
import { deleteDocument } from "~/server/content/documents.server";
import { makePng } from "~/server/content/demo-files.server";
import {
  callRoute,
  databaseKinds,
  expectingConsoleErrors,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

function uploadRequest(
  pathname: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array; type: string } | null,
  cookie: string,
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  if (file)
    body.set(
      file.name.endsWith(".png") && pathname.includes("event") ? "image" : "file",
      new File([Uint8Array.from(file.bytes)], file.name, { type: file.type }),
    );
  return new Request(`http://localhost${pathname}`, {
    method: "POST",
    body,
    headers: { cookie, accept: "application/json", origin: "http://localhost" },
  });
}

describe.each(databaseKinds)("uploads on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  const uploadsDir = () => path.join(t.dataDir, "uploads");
  const storedFiles = () =>
    fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }).length : 0;

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });

  it("stores a checked document and its row together", async () => {
    const result = await callRoute(
      uploadFile,
      uploadRequest(
        "/members/upload/save",
        { category: "elibrary" },
        { name: "Guide.pdf", bytes: Buffer.from("%PDF-1.4\n%%EOF\n"), type: "application/pdf" },
        cookie,
      ),
    );
    expect(result.status).toBe(200);
    expect(await result.response!.json()).toMatchObject({ ok: true, toast: { title: "Upload Complete!" } });
    const [row] = await t.services.db.select().from(documents);
    expect(row).toMatchObject({ fileName: "Guide.pdf", category: "elibrary" });
    expect(row!.storageObjectPath).toMatch(/^\d{13}\.pdf$/);
    expect(fs.existsSync(path.join(uploadsDir(), row!.storageObjectPath))).toBe(true);
  });

  it("keeps no file when the database write fails", async () => {
    const before = storedFiles();
    await t.services.database.query("alter table documents rename to documents_away");
    try {
      const { result, logged } = await expectingConsoleErrors(() =>
        callRoute(
          uploadFile,
          uploadRequest(
            "/members/upload/save",
            { category: "elibrary" },
            { name: "Lost.pdf", bytes: Buffer.from("%PDF-1.4\n%%EOF\n"), type: "application/pdf" },
            cookie,
          ),
        ),
      );
      expect(logged.join("\n")).toMatch(/Document upload failed/);
      expect(result.status).toBe(500);
      expect(await result.response!.json()).toMatchObject({
        ok: false,
        toast: { title: "Database record failed" },
      });
    } finally {
      await t.services.database.query("alter table documents_away rename to documents");
    }
    expect(storedFiles()).toBe(before);
  });

  it("writes no row when the file cannot be stored", async () => {
    // A plain file where the event-images folder should be: the store cannot write there.
    fs.mkdirSync(uploadsDir(), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(), "event-images"), "in the way");
    try {
      const fields = {
        intent: "create",
        title: "Picnic",
        eventDate: "2030-01-01",
        eventTime: "10:00",
        locationName: "Park",
        googleMapsUrl: "https://maps.google.com/?q=park",
      };
      const { result, logged } = await expectingConsoleErrors(() =>
        callRoute(
          saveEvent,
          uploadRequest(
            "/members/add-event/save",
            fields,
            { name: "picnic.png", bytes: makePng(8, 8, [0, 0, 0], [255, 255, 255]), type: "image/png" },
            cookie,
          ),
        ),
      );
      expect(logged.join("\n")).toMatch(/Saving an event failed/);
      expect(result.status).toBe(500);
      expect(await result.response!.json()).toMatchObject({
        ok: false,
        toast: { title: "Image upload failed" },
      });
      expect(
        await t.services.db
          .select()
          .from(events)
          .where(sql`${events.title} = 'Picnic'`),
      ).toEqual([]);
    } finally {
      fs.rmSync(path.join(uploadsDir(), "event-images"));
    }
  });

  it("refuses a file by its content, not its name, a document over 25 MB and a picture over 10 MB", async () => {
    const before = storedFiles();
    const html = await callRoute(
      uploadFile,
      uploadRequest(
        "/members/upload/save",
        { category: "elibrary" },
        { name: "report.pdf", bytes: Buffer.from("<html><body>hi</body></html>"), type: "application/pdf" },
        cookie,
      ),
    );
    expect(html.status).toBe(415);
    // Exactly the limit is taken; one byte more is refused.
    const limit = new Uint8Array(25 * 1024 * 1024);
    limit.set(Buffer.from("%PDF-1.4\n"));
    const atLimit = await callRoute(
      uploadFile,
      uploadRequest(
        "/members/upload/save",
        { category: "elibrary" },
        { name: "at-limit.pdf", bytes: limit, type: "application/pdf" },
        cookie,
      ),
    );
    expect(atLimit.status).toBe(200);
    const [kept] = await t.services.db
      .select()
      .from(documents)
      .where(sql`${documents.fileName} = 'at-limit.pdf'`);
    expect(kept!.fileSize).toBe(25 * 1024 * 1024);
    await deleteDocument(kept!.id, "console");
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    big.set(Buffer.from("%PDF-1.4\n"));
    const huge = await callRoute(
      uploadFile,
      uploadRequest(
        "/members/upload/save",
        { category: "elibrary" },
        { name: "big.pdf", bytes: big, type: "application/pdf" },
        cookie,
      ),
    );
    expect(huge.status).toBe(413);
    expect(await huge.response!.json()).toMatchObject({
      toast: { description: "The file is too large. Files can be at most 25MB." },
    });
    const photo = new Uint8Array(10 * 1024 * 1024 + 10);
    photo.set(makePng(2, 2, [0, 0, 0], [255, 255, 255]));
    const hugePhoto = await callRoute(
      saveEvent,
      uploadRequest(
        "/members/add-event/save",
        {
          intent: "create",
          title: "Too big",
          eventDate: "2030-01-01",
          eventTime: "10:00",
          locationName: "Hall",
          googleMapsUrl: "https://maps.google.com/?q=hall",
        },
        { name: "huge.png", bytes: photo, type: "image/png" },
        cookie,
      ),
    );
    expect(hugePhoto.status).toBe(413);
    expect(storedFiles()).toBe(before);
  });

  it("a name with ../ in it has no effect on where the file goes", async () => {
    const result = await callRoute(
      uploadFile,
      uploadRequest(
        "/members/upload/save",
        { category: "gospel-track" },
        { name: "../../escape.pdf", bytes: Buffer.from("%PDF-1.4\n%%EOF\n"), type: "application/pdf" },
        cookie,
      ),
    );
    expect(result.status).toBe(200);
    const [row] = await t.services.db
      .select()
      .from(documents)
      .where(sql`${documents.category} = 'gospel-track'`);
    expect(row!.fileName).toBe("escape.pdf");
    expect(row!.storageObjectPath).toMatch(/^\d{13}\.pdf$/);
    expect(fs.existsSync(path.join(t.dataDir, "escape.pdf"))).toBe(false);
  });

  it("keeps the row when its file cannot be removed, and says so", async () => {
    // A folder with something in it cannot be removed as a file.
    fs.mkdirSync(path.join(uploadsDir(), "stuck.pdf"), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(), "stuck.pdf", "inner"), "x");
    const [row] = await t.services.db
      .insert(documents)
      .values({
        fileName: "Stuck.pdf",
        filePath: "stuck.pdf",
        fileSize: 1,
        category: "elibrary",
        storageObjectPath: "stuck.pdf",
      })
      .returning();
    const { result: refusal } = await expectingConsoleErrors(() =>
      deleteDocument(row!.id, "system").then(
        () => null,
        (error: unknown) => error,
      ),
    );
    expect(refusal).toMatchObject({ title: "Storage Deletion Failed", status: 500 });
    expect(
      await t.services.db
        .select()
        .from(documents)
        .where(sql`${documents.id} = ${row!.id}`),
    ).toHaveLength(1);
    fs.rmSync(path.join(uploadsDir(), "stuck.pdf"), { recursive: true });
    expect(await deleteDocument(row!.id, "system")).toBe(true);
    expect(
      await t.services.db
        .select()
        .from(documents)
        .where(sql`${documents.id} = ${row!.id}`),
    ).toHaveLength(0);
  });
});
