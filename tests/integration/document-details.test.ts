import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { documents, siteSectionRevisions, type DocumentRow } from "../../database/schema";
import type { ActionResult } from "~/lib/action-result";
import { loader as elibraryLoader } from "~/routes/media/elibrary";
import { action as documentsAction, loader as documentsLoader } from "~/routes/members/content/documents";
import { documentHistoryKey } from "~/server/content/documents.server";
import { listRevisions } from "~/server/site/site-sections.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

const PATH = "/members/upload";
const MEGABYTE = "x".repeat(1024 * 1024);

describe.each(databaseKinds)("document details on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  let doc: DocumentRow;

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.storage.put("1700000000100.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"));
    [doc] = (await t.services.db
      .insert(documents)
      .values({
        fileName: "Welcome Guide.pdf",
        filePath: "1700000000100.pdf",
        fileSize: 15,
        category: "elibrary",
        storageObjectPath: "1700000000100.pdf",
        createdAt: new Date("2026-01-05T08:00:00Z"),
      })
      .returning()) as [DocumentRow];
  });

  const post = (fields: Record<string, string>, withCookie = true) =>
    callRoute(documentsAction, formRequest(PATH, fields, withCookie ? { cookie } : {}));
  const edit = (fields: Record<string, string>) =>
    post({
      intent: "edit-details",
      id: doc.id,
      version: "1",
      title: "",
      description: "",
      category: "elibrary",
      ...fields,
    });
  const row = async () => (await t.services.db.select().from(documents).where(eq(documents.id, doc.id)))[0];
  const revisions = () =>
    t.services.db
      .select()
      .from(siteSectionRevisions)
      .where(eq(siteSectionRevisions.sectionKey, documentHistoryKey(doc.id)))
      .orderBy(siteSectionRevisions.version);
  type ShownDocument = { id: string; title: string; description?: string[]; fileName?: string };
  const elibrary = async () =>
    (
      (await callRoute(elibraryLoader, new Request("http://localhost/media/elibrary"))).data as {
        documents: ShownDocument[];
      }
    ).documents.find((shown) => shown.id === doc.id);

  it("saves a title, description and category as version 2, keeping the uploaded details as version 1", async () => {
    const before = await elibrary();
    const result = await edit({
      title: "  Welcome   to ACTS  ",
      description: "First paragraph,\r\nsecond line.\r\n\r\n\r\n\r\nSecond paragraph.  ",
    });
    expect(result.status).toBe(200);
    expect((result.data as ActionResult).ok).toBe(true);

    const saved = (await row())!;
    expect(saved).toMatchObject({
      title: "Welcome to ACTS",
      description: "First paragraph,\nsecond line.\n\nSecond paragraph.",
      category: "elibrary",
      version: 2,
      updatedBy: "admin",
    });
    expect(saved.updatedAt).toBeInstanceOf(Date);

    const history = await revisions();
    expect(history.map((r) => [r.version, r.savedBy, r.note])).toEqual([
      [1, "Uploaded", null],
      [2, "admin", null],
    ]);
    expect(history[0]!.data).toEqual({ title: null, description: null, category: "elibrary" });
    expect(history[0]!.savedAt.toISOString()).toBe("2026-01-05T08:00:00.000Z");
    expect(history[1]!.data).toEqual({
      title: "Welcome to ACTS",
      description: "First paragraph,\nsecond line.\n\nSecond paragraph.",
      category: "elibrary",
    });
    expect((await listRevisions(documentHistoryKey(doc.id))).map((r) => r.version)).toEqual([2, 1]);

    // The eLibrary: the title, the file it is, and the description as paragraphs.
    expect(before).toEqual({
      id: doc.id,
      title: "Welcome Guide",
      kind: "PDF",
      size: "15 B",
      isImage: false,
      url: "/files/1700000000100.pdf",
      downloadUrl: `/media/elibrary/${doc.id}/download`,
    });
    expect(await elibrary()).toEqual({
      ...before,
      title: "Welcome to ACTS",
      fileName: "Welcome Guide.pdf",
      description: ["First paragraph,\nsecond line.", "Second paragraph."],
    });

    // The staff list: who edited it and when, and the history.
    const list = await callRoute(
      documentsLoader,
      new Request(`http://localhost${PATH}`, { headers: { cookie } }),
    );
    const listed = (list.data as { documents: Record<string, unknown>[] }).documents.find(
      (d) => d.id === doc.id,
    );
    expect(listed).toMatchObject({ title: "Welcome to ACTS", version: 2, editedBy: "admin" });
    expect(listed!.editedAt).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(
      (listed!.history as { version: number; savedBy: string }[]).map((r) => [r.version, r.savedBy]),
    ).toEqual([
      [2, "admin"],
      [1, "Uploaded"],
    ]);

    // A gospel tract is not in the eLibrary.
    expect((await edit({ version: "2", title: "Tract", category: "gospel-track" })).status).toBe(200);
    expect(await elibrary()).toBeUndefined();
    expect((await revisions()).map((r) => r.version)).toEqual([1, 2, 3]);
  });

  it("refuses a save from a version someone else has saved since, with 409, and writes nothing", async () => {
    expect((await edit({ title: "Theirs" })).status).toBe(200);
    const before = await row();
    const stale = await edit({ title: "Mine", description: "My words" });
    expect(stale.status).toBe(409);
    const answer = stale.data as ActionResult;
    expect(answer.ok).toBe(false);
    expect(answer.toast.description).toMatch(
      /^This document was changed by admin at [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [AP]M, after you opened it\. Nothing was saved/,
    );
    expect(answer.values).toMatchObject({ id: doc.id, title: "Mine", description: "My words" });
    expect(await row()).toEqual(before);
    expect((await revisions()).map((r) => r.version)).toEqual([1, 2]);
  });

  it("restores an earlier version as a new version, with the same version check", async () => {
    await edit({ title: "Second", description: "Two" });
    await edit({ version: "2", title: "Third", description: "Three" });
    const restored = await post({ intent: "restore", id: doc.id, version: "3", restore: "1" });
    expect(restored.status).toBe(200);
    expect((restored.data as ActionResult).ok).toBe(true);
    expect(await row()).toMatchObject({ title: null, description: null, version: 4 });
    const history = await revisions();
    expect(history.at(-1)).toMatchObject({
      version: 4,
      savedBy: "admin",
      note: "Restored version 1",
      data: { title: null, description: null, category: "elibrary" },
    });
    expect((await elibrary())!.title).toBe("Welcome Guide");

    // Restoring from a version that is no longer the latest: refused, nothing written.
    const stale = await post({ intent: "restore", id: doc.id, version: "3", restore: "2" });
    expect(stale.status).toBe(409);
    expect(await row()).toMatchObject({ title: null, version: 4 });
    // A version that does not exist.
    const missing = await post({ intent: "restore", id: doc.id, version: "4", restore: "99" });
    expect(missing.status).toBe(404);
    expect((await revisions()).length).toBe(4);
  });

  it("refuses bad input with a message on each field and writes nothing", async () => {
    const before = await row();
    const bad = await edit({
      title: "t".repeat(151),
      description: "d".repeat(1001),
      category: "sermons",
    });
    expect(bad.status).toBe(400);
    const answer = bad.data as ActionResult;
    expect(answer.ok).toBe(false);
    expect(answer.fieldErrors).toEqual({
      title: "The title must be at most 150 characters.",
      description: "The description must be at most 1000 characters.",
      category: "Please choose a category.",
    });
    expect(answer.values).toMatchObject({ title: "t".repeat(151), category: "sermons" });

    // A 1 MB title is more than the form takes at all: refused before it is read.
    const huge = await edit({ title: MEGABYTE });
    expect(huge.status).toBe(413);
    expect((huge.data as ActionResult).ok).toBe(false);

    // No version, or one that is not a number.
    for (const version of ["", "abc", "0", "1.5"]) {
      const result = await edit({ version, title: "x" });
      expect(result.status, version).toBe(400);
    }
    expect(await row()).toEqual(before);
    expect(await revisions()).toEqual([]);

    // A description of 1000 characters with line breaks (sent as two characters each) fits.
    const lines = Array.from({ length: 250 }, () => "abc").join("\r\n");
    expect(lines.replace(/\r\n/g, "\n").length).toBeLessThanOrEqual(1000);
    expect((await edit({ description: lines })).status).toBe(200);
  });

  it("answers 404 for a deleted or unknown document, and a delete takes its history too", async () => {
    await edit({ title: "Soon gone" });
    expect((await revisions()).length).toBe(2);
    expect((await post({ intent: "delete", id: doc.id })).status).toBe(200);
    expect(await revisions()).toEqual([]);

    const gone = await edit({ version: "2", title: "Too late" });
    expect(gone.status).toBe(404);
    expect((gone.data as ActionResult).toast.description).toMatch(/no longer exists.*Nothing was saved/);
    const restore = await post({ intent: "restore", id: doc.id, version: "2", restore: "1" });
    expect(restore.status).toBe(404);
    expect((restore.data as ActionResult).toast.description).toMatch(/no longer exists/);
    expect(
      (await post({ intent: "edit-details", id: "not-a-uuid", version: "1", category: "elibrary" })).status,
    ).toBe(404);
    expect(await revisions()).toEqual([]);
  });

  it("refuses an anonymous visitor and writes nothing", async () => {
    const anonymous = await post(
      { intent: "edit-details", id: doc.id, version: "1", title: "Hacked", category: "elibrary" },
      false,
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/members\/login/);
    const restore = await post({ intent: "restore", id: doc.id, version: "1", restore: "1" }, false);
    expect(restore.status).toBe(302);
    expect(await row()).toMatchObject({ title: null, version: 1, updatedBy: null });
    expect(await revisions()).toEqual([]);
  });
});
