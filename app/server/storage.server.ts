import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** The file store. Nothing outside this module knows where files actually live. */
export interface FileStore {
  put(name: string, body: Buffer | Readable): Promise<void>;
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
