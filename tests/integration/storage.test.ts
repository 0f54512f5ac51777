import fs from "node:fs";
import os from "node:os";
import { text } from "node:stream/consumers";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../database/schema";
import { action as uploadFile } from "~/routes/members/content/document-upload";
import { createLocalFileStore, createS3FileStore, type FileStore } from "~/server/platform/storage.server";
import { startS3Server } from "../helpers/s3";
import {
  callRoute,
  expectingConsoleErrors,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The same contract for both stores: nothing outside the module may tell them apart.
describe.each(["local", "s3"] as const)("the %s file store", (kind) => {
  let store: FileStore;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    if (kind === "local") {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "church-store-"));
      store = createLocalFileStore(dir);
      stop = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const s3 = await startS3Server();
      store = await createS3FileStore({
        bucket: s3.bucket,
        endpoint: s3.env.S3_ENDPOINT,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      });
      stop = s3.stop;
    }
  });
  afterAll(async () => {
    await stop();
  });

  it("puts, reads, tells what exists, and deletes", async () => {
    await store.ping();
    expect(await store.exists("ministry-images/tee-1.png")).toBe(false);
    await store.put("ministry-images/tee-1.png", Buffer.from("picture bytes"));
    expect(await store.exists("ministry-images/tee-1.png")).toBe(true);
    expect(await text(store.read("ministry-images/tee-1.png"))).toBe("picture bytes");
    expect(store.publicUrl("ministry-images/tee-1.png")).toBe("/files/ministry-images/tee-1.png");
    await store.delete("ministry-images/tee-1.png");
    expect(await store.exists("ministry-images/tee-1.png")).toBe(false);
  });

  it("takes a stream with its size as it is read (a large document is never gathered first)", async () => {
    const { Readable } = await import("node:stream");
    const chunks = ["%PDF-1.4\n", "x".repeat(70_000), "\n%%EOF\n"];
    const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    await store.put("1700000000000.pdf", Readable.from(chunks.map((chunk) => Buffer.from(chunk))), size);
    expect(await text(store.read("1700000000000.pdf"))).toBe(chunks.join(""));
    await store.delete("1700000000000.pdf");
  });

  it("refuses names that could leave the store", async () => {
    await expect(store.put("../escape.pdf", Buffer.from("x"))).rejects.toThrow(/Unsafe storage object name/);
    expect(() => store.publicUrl("/etc/passwd")).toThrow(/Unsafe/);
  });
});

describe("uploads on an S3-compatible bucket", () => {
  let t: TestServices;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let cookie: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestServices("pglite", s3.env);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
    await s3.stop();
  });

  async function objectCount() {
    const { S3Client, ListObjectsV2Command } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      region: "us-east-1",
      endpoint: s3.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const listing = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return listing.KeyCount ?? 0;
  }

  function upload(name: string) {
    const body = new FormData();
    body.set("category", "elibrary");
    body.set("file", new File([Buffer.from("%PDF-1.4\n%%EOF\n")], name, { type: "application/pdf" }));
    return new Request("http://localhost/members/upload/save", {
      method: "POST",
      body,
      headers: { cookie, accept: "application/json" },
    });
  }

  it("stores the file in the bucket and the row in the database", async () => {
    expect(t.services.storage.localRoot).toBeNull();
    const result = await callRoute(uploadFile, upload("Bucket Guide.pdf"));
    expect(result.status).toBe(200);
    const [row] = await t.services.db.select().from(documents);
    expect(await t.services.storage.exists(row!.storageObjectPath)).toBe(true);
  });

  it("removes the object again when the database write fails", async () => {
    const before = (await t.services.db.select().from(documents)).length;
    expect(await objectCount()).toBe(before);
    await t.services.database.query("alter table documents rename to documents_away");
    let answer: { ok: boolean };
    try {
      const { result } = await expectingConsoleErrors(() => callRoute(uploadFile, upload("Lost.pdf")));
      answer = (await result.response!.json()) as { ok: boolean };
    } finally {
      await t.services.database.query("alter table documents_away rename to documents");
    }
    expect(answer.ok).toBe(false);
    expect((await t.services.db.select().from(documents)).length).toBe(before);
    expect(await objectCount()).toBe(before);
  });
});
