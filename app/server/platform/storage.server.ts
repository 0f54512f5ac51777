import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { contentTypeFor } from "~/lib/files";
import type { Env } from "./env.server";

/** The file store. Nothing outside this module knows where files actually live. */
export interface FileStore {
  /** The folder a local store keeps its files in (served straight from disk); null for S3. */
  localRoot: string | null;
  /**
   * Writes an object. A stream with its `size` is passed on as it is read (memory does not grow
   * with the file); a stream without one is gathered first.
   */
  put(name: string, body: Buffer | Readable, size?: number): Promise<void>;
  delete(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  read(name: string): Readable;
  /** The stable public address of a stored object. */
  publicUrl(name: string): string;
  ping(): Promise<void>;
}

export const PUBLIC_FILES_PREFIX = "/files/";

// Object names are made by us (time stamps and slugs), never taken from a visitor.
const SAFE_NAME = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/i;

export function assertSafeObjectName(name: string) {
  if (!SAFE_NAME.test(name) || name.includes("..")) {
    throw new Error(`Unsafe storage object name: ${JSON.stringify(name)}`);
  }
}

export function createLocalFileStore(root: string): FileStore {
  const resolve = (name: string) => {
    assertSafeObjectName(name);
    return path.join(root, name);
  };
  return {
    localRoot: root,
    async put(name, body) {
      const file = resolve(name);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(temp, body);
        else await pipeline(body, fs.createWriteStream(temp));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    async delete(name) {
      await fsp.rm(resolve(name), { force: true });
    },
    async exists(name) {
      try {
        await fsp.access(resolve(name));
        return true;
      } catch {
        return false;
      }
    },
    read(name) {
      return fs.createReadStream(resolve(name));
    },
    publicUrl(name) {
      assertSafeObjectName(name);
      return PUBLIC_FILES_PREFIX + name;
    },
    async ping() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Serve files from here (the bucket's or a CDN's address) instead of through the app. */
  publicUrl?: string;
}

/** The bucket the settings name, or null when files stay in the local folder. */
export function s3SettingsOf(env: Env): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

/** The same store on an S3-compatible bucket (AWS S3, MinIO, R2, ...). */
export async function createS3FileStore(settings: S3Settings): Promise<FileStore> {
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    PutObjectCommand,
    S3Client,
  } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    // Checksums only where S3 requires them: with the SDK's default, a streamed body is sent in
    // aws-chunked framing that S3-compatible services (s3rver, some MinIO and R2 setups) store as
    // part of the file.
    requestChecksumCalculation: "WHEN_REQUIRED",
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  const { PassThrough } = await import("node:stream");
  return {
    localRoot: null,
    async put(name, body, size) {
      assertSafeObjectName(name);
      const streamed = !Buffer.isBuffer(body) && size !== undefined;
      const payload = Buffer.isBuffer(body) || streamed ? body : Buffer.concat(await body.toArray());
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: payload,
          ...(streamed ? { ContentLength: size } : {}),
          ContentType: contentTypeFor(name),
          // Names never change, so caches may keep them for a year.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async delete(name) {
      assertSafeObjectName(name);
      await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
    },
    async exists(name) {
      assertSafeObjectName(name);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || status === 400) return false;
        throw error;
      }
    },
    read(name) {
      assertSafeObjectName(name);
      // A stream now, filled when the bucket answers (callers expect a Readable at once).
      const out = new PassThrough();
      client
        .send(new GetObjectCommand({ Bucket, Key: name }))
        .then((object) => (object.Body as Readable).pipe(out))
        .catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
    publicUrl(name) {
      assertSafeObjectName(name);
      return settings.publicUrl
        ? `${settings.publicUrl.replace(/\/$/, "")}/${name}`
        : PUBLIC_FILES_PREFIX + name;
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
