import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { documents, sermons } from "../../database/schema";
import { loader as downloadLoader } from "~/routes/media/elibrary-download";
import { loader as elibraryLoader } from "~/routes/media/elibrary";
import { loader as sermonsLoader } from "~/routes/media/sermons";
import { findElibraryDocument, listElibraryDocuments } from "~/server/content/documents.server";
import { listSermonsPage, SERMONS_PAGE_SIZE } from "~/server/content/sermons.server";
import { callRoute, databaseKinds, startTestServices, type TestServices } from "../helpers/test-services";

describe.each(databaseKinds)("media on %s", (kind) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });

  it("lists sermons by sermon date, newest first, and the newest added first on the same date", async () => {
    const db = t.services.db;
    await db.insert(sermons).values([
      {
        title: "Middle",
        sermonDate: "2025-03-14",
        speaker: "A",
        youtubeId: "aaaaaaaaaaa",
        createdAt: new Date("2025-01-01T00:00:00Z"),
      },
      {
        title: "Oldest",
        sermonDate: "2024-12-27",
        speaker: "B",
        youtubeId: "bbbbbbbbbbb",
        createdAt: new Date("2025-06-01T00:00:00Z"),
      },
      {
        title: "Newest, added first",
        sermonDate: "2025-05-02",
        speaker: "C",
        youtubeId: "ccccccccccc",
        createdAt: new Date("2025-05-02T08:00:00Z"),
      },
      {
        title: "Newest, added later",
        sermonDate: "2025-05-02",
        speaker: "D",
        youtubeId: "ddddddddddd",
        createdAt: new Date("2025-05-02T09:00:00Z"),
      },
    ]);
    const list = (await listSermonsPage(1)).rows;
    expect(list.map((s) => s.title)).toEqual([
      "Newest, added later",
      "Newest, added first",
      "Middle",
      "Oldest",
    ]);
    expect(list[0]!.sermonDate).toBe("2025-05-02");

    const page = await callRoute(sermonsLoader, new Request("http://localhost/media/sermons"));
    expect(page.status).toBe(200);
    const loaded = page.data as { loadFailed: boolean; sermons: { title: string; youtubeId: string }[] };
    expect(loaded.loadFailed).toBe(false);
    expect(loaded.sermons.map((s) => s.title)).toEqual(list.map((s) => s.title));
    expect(loaded.sermons[0]).toEqual({
      id: list[0]!.id,
      title: "Newest, added later",
      speaker: "D",
      sermonDate: "2025-05-02",
      youtubeId: "ddddddddddd",
      passage: null,
      seriesName: null,
      seriesSlug: null,
      hasAudio: false,
      thumbnailUrl: null,
    });
  });

  it("shows the sermons a page at a time, newest first, every one on exactly one page", async () => {
    const db = t.services.db;
    await db.delete(sermons);
    const count = SERMONS_PAGE_SIZE + 6;
    await db.insert(sermons).values(
      Array.from({ length: count }, (_, i) => ({
        title: `Sermon ${String(i).padStart(2, "0")}`,
        sermonDate: `2025-0${1 + Math.floor(i / 28)}-${String(1 + (i % 28)).padStart(2, "0")}`,
        speaker: "S",
        youtubeId: "eeeeeeeeeee",
      })),
    );
    type Loaded = { sermons: { title: string }[]; page: number; pages: number };
    const load = async (query: string) =>
      (await callRoute(sermonsLoader, new Request(`http://localhost/media/sermons${query}`))).data as Loaded;
    const first = await load("");
    const second = await load("?page=2");
    expect([first.page, first.pages, first.sermons.length]).toEqual([1, 2, SERMONS_PAGE_SIZE]);
    expect([second.page, second.pages, second.sermons.length]).toEqual([2, 2, 6]);
    const titles = [...first.sermons, ...second.sermons].map((s) => s.title);
    expect(new Set(titles).size).toBe(count);
    expect(titles[0]).toBe(`Sermon ${count - 1}`);
    expect(titles.at(-1)).toBe("Sermon 00");
    // A page past the end, or not a number, shows the nearest real page.
    expect((await load("?page=99")).page).toBe(2);
    expect((await load("?page=x")).page).toBe(1);
    await db.delete(sermons);
  });

  it("lists only eLibrary documents, newest first, with public and download addresses", async () => {
    const db = t.services.db;
    await db.insert(documents).values([
      {
        fileName: "Old Guide.pdf",
        filePath: "1700000000001.pdf",
        fileSize: 1000,
        category: "elibrary",
        storageObjectPath: "1700000000001.pdf",
        createdAt: new Date("2025-01-01T00:00:00Z"),
      },
      {
        fileName: "Tract.pdf",
        filePath: "1700000000002.pdf",
        fileSize: 1000,
        category: "gospel-track",
        storageObjectPath: "1700000000002.pdf",
        createdAt: new Date("2025-04-01T00:00:00Z"),
      },
      {
        fileName: "New Poster.PNG",
        filePath: "1700000000003.png",
        fileSize: 2048,
        category: "elibrary",
        storageObjectPath: "1700000000003.png",
        createdAt: new Date("2025-03-01T00:00:00Z"),
      },
      // Added together (same time): the later time-stamped object name is the newer upload.
      {
        fileName: "Uploaded first.pdf",
        filePath: "1700000000005.pdf",
        fileSize: 10,
        category: "elibrary",
        storageObjectPath: "1700000000005.pdf",
        createdAt: new Date("2025-02-01T00:00:00Z"),
      },
      {
        fileName: "Uploaded second.pdf",
        filePath: "1700000000006.pdf",
        fileSize: 10,
        category: "elibrary",
        storageObjectPath: "1700000000006.pdf",
        createdAt: new Date("2025-02-01T00:00:00Z"),
      },
    ]);
    const list = await listElibraryDocuments();
    expect(list.map((d) => d.fileName)).toEqual([
      "New Poster.PNG",
      "Uploaded second.pdf",
      "Uploaded first.pdf",
      "Old Guide.pdf",
    ]);

    const page = await callRoute(elibraryLoader, new Request("http://localhost/media/elibrary"));
    expect(page.status).toBe(200);
    const loaded = page.data as { documents: Record<string, unknown>[] };
    expect(loaded.documents[0]).toEqual({
      id: list[0]!.id,
      title: "New Poster",
      kind: "PNG",
      size: "2.0 KB",
      isImage: true,
      url: "/files/1700000000003.png",
      downloadUrl: `/media/elibrary/${list[0]!.id}/download`,
    });
    expect(loaded.documents[3]).toMatchObject({
      title: "Old Guide",
      isImage: false,
      url: "/files/1700000000001.pdf",
    });
  });

  it("finds an eLibrary document by id, and nothing for a malformed, unknown or other-category id", async () => {
    const [guide] = await t.services.db
      .select()
      .from(documents)
      .where(sql`${documents.fileName} = 'Old Guide.pdf'`);
    const [tract] = await t.services.db
      .select()
      .from(documents)
      .where(sql`${documents.fileName} = 'Tract.pdf'`);
    expect((await findElibraryDocument(guide!.id))?.fileName).toBe("Old Guide.pdf");
    expect(await findElibraryDocument(tract!.id)).toBeNull();
    expect(await findElibraryDocument("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await findElibraryDocument("not-a-uuid")).toBeNull();
    expect(await findElibraryDocument("1' or '1'='1")).toBeNull();
  });

  it("sends a document under its original name, and 404 when it cannot", async () => {
    const body = Buffer.from("%PDF-1.4 test document");
    await t.services.storage.put("1700000000004.pdf", body);
    const [row] = await t.services.db
      .insert(documents)
      .values({
        fileName: "Pagbasa – Gabay.pdf",
        filePath: "1700000000004.pdf",
        fileSize: body.length,
        category: "elibrary",
        storageObjectPath: "1700000000004.pdf",
      })
      .returning();

    const ok = await callRoute(
      downloadLoader,
      new Request(`http://localhost/media/elibrary/${row!.id}/download`),
      { params: { id: row!.id } },
    );
    expect(ok.status).toBe(200);
    expect(ok.response!.headers.get("content-type")).toBe("application/pdf");
    expect(ok.response!.headers.get("content-disposition")).toBe(
      `attachment; filename="Pagbasa _ Gabay.pdf"; filename*=UTF-8''Pagbasa%20%E2%80%93%20Gabay.pdf`,
    );
    expect(Buffer.from(await ok.response!.arrayBuffer())).toEqual(body);

    // The row of 'Old Guide.pdf' points at a file that is not in the store.
    const [missingFile] = await t.services.db
      .select()
      .from(documents)
      .where(sql`${documents.fileName} = 'Old Guide.pdf'`);
    for (const id of [missingFile!.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const notFound = await callRoute(
        downloadLoader,
        new Request(`http://localhost/media/elibrary/${id}/download`),
        { params: { id } },
      );
      expect(notFound.status).toBe(404);
    }
  });

  it("sends a document with the type and extension of its checked content, not of the name it came with", async () => {
    const body = Buffer.from("%PDF-1.4 notes");
    await t.services.storage.put("1700000000005.pdf", body);
    const [row] = await t.services.db
      .insert(documents)
      .values({
        fileName: "notes.html",
        filePath: "1700000000005.pdf",
        fileSize: body.length,
        category: "elibrary",
        storageObjectPath: "1700000000005.pdf",
      })
      .returning();
    const sent = await callRoute(
      downloadLoader,
      new Request(`http://localhost/media/elibrary/${row!.id}/download`),
      { params: { id: row!.id } },
    );
    expect(sent.response!.headers.get("content-type")).toBe("application/pdf");
    expect(sent.response!.headers.get("content-disposition")).toBe(
      `attachment; filename="notes.pdf"; filename*=UTF-8''notes.pdf`,
    );
  });

  it("shows an error state instead of failing the page when the data cannot be read", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await t.services.db.execute(sql`alter table sermons rename to sermons_away`);
    await t.services.db.execute(sql`alter table documents rename to documents_away`);
    try {
      const sermonsPage = await callRoute(sermonsLoader, new Request("http://localhost/media/sermons"));
      expect(sermonsPage.status).toBe(503);
      expect(sermonsPage.data).toEqual({
        loadFailed: true,
        page: 1,
        pages: 1,
        total: 0,
        filters: {},
        sermons: [],
        series: [],
        speakers: [],
        years: [],
      });
      const elibraryPage = await callRoute(elibraryLoader, new Request("http://localhost/media/elibrary"));
      expect(elibraryPage.status).toBe(503);
      expect(elibraryPage.data).toEqual({ loadFailed: true, documents: [] });
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      await t.services.db.execute(sql`alter table sermons_away rename to sermons`);
      await t.services.db.execute(sql`alter table documents_away rename to documents`);
    }
  });
});
