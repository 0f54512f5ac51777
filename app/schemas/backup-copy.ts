import { z } from "zod";

// The off-site copy of the backups: an S3-compatible bucket (AWS S3, Backblaze B2, Wasabi,
// Cloudflare R2, MinIO, ...) that each daily backup is uploaded to. The secret key is write-only:
// left blank, the saved one is kept.

export const BACKUP_COPY_FIELDS = [
  "endpoint",
  "region",
  "bucket",
  "accessKeyId",
  "secretKey",
  "prefix",
  "forcePathStyle",
] as const;

const trimmed = z.string().transform((value) => value.trim());

export const backupCopySchema = z.object({
  endpoint: trimmed.refine(
    (value) => value === "" || /^https?:\/\/[^\s/]+(\/[^\s]*)?$/i.test(value),
    "Please enter the bucket service's address, starting with https:// (leave it blank for Amazon S3).",
  ),
  region: trimmed
    .refine((value) => /^[a-z0-9-]{1,40}$/i.test(value || "x"), "Please enter a region such as us-east-1.")
    .transform((value) => value || "us-east-1"),
  bucket: trimmed.refine(
    (value) => /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
    "Please enter the bucket's name (3 to 63 small letters, digits, dots and dashes).",
  ),
  accessKeyId: trimmed.refine(
    (value) => value.length > 0 && value.length <= 200 && !/\s/.test(value),
    "Please enter the access key ID.",
  ),
  /** Blank keeps the saved secret key. */
  secretKey: z.string().max(500, "That secret key is too long."),
  prefix: trimmed
    .transform((value) => value.replace(/^\/+|\/+$/g, ""))
    .refine(
      (value) => value === "" || /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(value),
      "A folder in the bucket may hold letters, digits, dots, dashes and underscores, separated by /.",
    ),
  forcePathStyle: z.union([z.literal("on"), z.literal("")]).transform((value) => value === "on"),
});

export type BackupCopyInput = z.output<typeof backupCopySchema>;
