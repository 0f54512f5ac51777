import path from "node:path";
import { z } from "zod";
import { SENDER_PATTERN, SENDER_RULE } from "~/lib/mail-address";
import { StartupError } from "./startup-error.server";
import { REGISTRATION_PASSCODE_MIN } from "~/lib/registration-passcode";

// Parsed once at start-up. A bad value stops the server with a message naming the variable.
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce
      .number({ error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
    DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    ADMIN_EMAIL: optionalString.pipe(z.email("must be an e-mail address").optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z
        .string()
        .min(10, "must be at least 10 characters")
        .max(128, "must be at most 128 characters")
        .optional(),
    ),
    REGISTRATION_PASSCODE: optionalString.pipe(
      z
        .string()
        .min(REGISTRATION_PASSCODE_MIN, `must be at least ${REGISTRATION_PASSCODE_MIN} characters`)
        .optional(),
    ),
    SEED_DEMO: optionalString.pipe(z.stringbool({ error: "must be true or false" }).optional()),
    SESSION_SECRET: optionalString.pipe(
      z.string().min(32, "must be at least 32 characters (try: openssl rand -base64 48)").optional(),
    ),
    PUBLIC_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(
      z.url({ error: "must be a URL such as http://127.0.0.1:9000" }).optional(),
    ),
    S3_REGION: z.string().trim().min(1, "must not be empty").default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalString.pipe(z.stringbool({ error: "must be true or false" }).optional()),
    S3_PUBLIC_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error: "must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587",
        })
        .optional(),
    ),
    MAIL_FROM: optionalString.pipe(z.string().regex(SENDER_PATTERN, SENDER_RULE).optional()),
    MAX_DOCUMENT_MB: z.coerce
      .number({ error: "must be a whole number of megabytes" })
      .int("must be a whole number of megabytes")
      .min(1, "must be between 1 and 500")
      .max(500, "must be between 1 and 500")
      .default(25),
    MAX_AUDIO_MB: z.coerce
      .number({ error: "must be a whole number of megabytes" })
      .int("must be a whole number of megabytes")
      .min(1, "must be between 1 and 1000")
      .max(1000, "must be between 1 and 1000")
      .default(100),
    // Where a sermon's video picture is fetched from when the sermon is saved
    // (`{url}/vi/{video id}/hqdefault.jpg`), or "off" to never ask (the cards keep their plain
    // background). Only the server asks, once per video; visitors' browsers never do.
    VIDEO_THUMBNAIL_URL: optionalString
      .pipe(
        z
          .union([
            z.literal("off"),
            z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL or "off"' }),
          ])
          .optional(),
      )
      .transform((url) => url?.replace(/\/+$/, "") ?? "https://i.ytimg.com"),
    BACKUP_DIR: optionalString,
    BACKUP_HOUR: optionalString
      .pipe(
        z
          .string()
          .regex(/^(off|[01]?\d|2[0-3])$/, 'must be an hour from 0 to 23, or "off"')
          .transform((hour) => (hour === "off" ? ("off" as const) : Number(hour)))
          .optional(),
      )
      .transform((hour) => hour ?? 3),
    RETENTION_HOUR: optionalString
      .pipe(
        z
          .string()
          .regex(/^(off|[01]?\d|2[0-3])$/, 'must be an hour from 0 to 23, or "off"')
          .transform((hour) => (hour === "off" ? ("off" as const) : Number(hour)))
          .optional(),
      )
      .transform((hour) => hour ?? 4),
    BACKUP_KEEP_DAYS: z.coerce
      .number({ error: "must be a whole number of days" })
      .int("must be a whole number of days")
      .min(1, "must be between 1 and 3650")
      .max(3650, "must be between 1 and 3650")
      .default(14),
    TEST_HOOKS: optionalString.pipe(z.stringbool({ error: "must be true or false" }).optional()),
    TRUST_PROXY: optionalString.pipe(
      z
        .string()
        .regex(
          /^(true|false|\d+|[\w.:/, -]+)$/,
          "must be true, false, a hop count or a list of proxy addresses",
        )
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when DATABASE_URL is set (every app server must share it)",
      });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_PUBLIC_URL || env.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: "is required when other S3_ settings are given",
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "and S3_ACCESS_KEY_ID go together",
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: 'is required when SMTP_URL is set (e.g. "ACTS Church" <office@example.org>)',
      });
    }
  });

export type Env = Omit<z.output<typeof envSchema>, "SEED_DEMO" | "DATA_DIR" | "TEST_HOOKS"> & {
  /** Absolute path. */
  DATA_DIR: string;
  SEED_DEMO: boolean;
  /** Lets the end-to-end tests run SQL through the control socket. Never in production. */
  TEST_HOOKS: boolean;
};

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = source[name];
      const shown = got === undefined ? "" : ` (got "${isSecret(name) ? "***" : got}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new StartupError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    // The demo content makes a fresh embedded install look alive; a production database
    // starts empty unless asked.
    SEED_DEMO: env.SEED_DEMO ?? !env.DATABASE_URL,
    TEST_HOOKS: env.TEST_HOOKS ?? false,
  };
}

function isSecret(name: string) {
  return /PASSWORD|SECRET|PASSCODE|DATABASE_URL|SMTP_URL/.test(name);
}
