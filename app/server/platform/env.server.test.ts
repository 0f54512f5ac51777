import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { StartupError } from "./startup-error.server";

describe("parseEnv", () => {
  it("has working defaults for a fresh embedded install", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
  });

  it("does not seed demo content on PostgreSQL unless asked", () => {
    const base = { DATABASE_URL: "postgres://u@db/church", SESSION_SECRET: "s".repeat(40) };
    expect(parseEnv(base).SEED_DEMO).toBe(false);
    expect(parseEnv({ ...base, SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it("names the variable and the problem, and hides secrets", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(StartupError);
    expect(() => parseEnv({ PORT: "abc" })).toThrow(/PORT: must be a whole number \(got "abc"\)/);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT: must be between 1 and 65535/);
    expect(() => parseEnv({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO: must be true or false/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ ADMIN_EMAIL: "not-an-email" })).toThrow(/ADMIN_EMAIL: must be an e-mail address/);
    expect(() => parseEnv({ ADMIN_EMAIL: "a@b.org", ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD: must be at least 10 characters \(got "\*\*\*"\)/,
    );
    // The registration passcode opens the new member form to whoever has it: 8 characters at least.
    expect(() => parseEnv({ REGISTRATION_PASSCODE: "1234567" })).toThrow(
      /REGISTRATION_PASSCODE: must be at least 8 characters/,
    );
    expect(parseEnv({ REGISTRATION_PASSCODE: "12345678" }).REGISTRATION_PASSCODE).toBe("12345678");
  });

  it("requires a shared session secret with PostgreSQL", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://u@db/church" })).toThrow(
      /SESSION_SECRET: is required when DATABASE_URL/,
    );
    expect(() => parseEnv({ SESSION_SECRET: "too-short" })).toThrow(/SESSION_SECRET: must be at least 32/);
  });

  it("checks the e-mail settings, names the bad one and hides the SMTP password", () => {
    const mail = {
      SMTP_URL: "smtp://office:secret@mail.example.org:587",
      MAIL_FROM: '"ACTS Church" <office@example.org>',
    };
    expect(parseEnv(mail)).toMatchObject(mail);
    expect(parseEnv({ ...mail, SMTP_URL: "smtps://mail.example.org" }).SMTP_URL).toBe(
      "smtps://mail.example.org",
    );
    expect(() => parseEnv({ ...mail, SMTP_URL: "http://mail.example.org" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL .*\(got "\*\*\*"\)/,
    );
    expect(() => parseEnv({ ...mail, MAIL_FROM: "ACTS Church" })).toThrow(/MAIL_FROM: must be an address/);
    expect(() => parseEnv({ ...mail, MAIL_FROM: "a@b.org\r\nBcc: x@y.org" })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ SMTP_URL: mail.SMTP_URL })).toThrow(
      /MAIL_FROM: is required when SMTP_URL is set/,
    );
  });

  it("takes ADMIN_PASSWORD alone: the first administrator is then admin@church.local, as documented", () => {
    const env = parseEnv({ ADMIN_PASSWORD: "long enough password" });
    expect(env.ADMIN_PASSWORD).toBe("long enough password");
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", ADMIN_EMAIL: " ", REGISTRATION_PASSCODE: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.REGISTRATION_PASSCODE).toBeUndefined();
  });

  it("reads the backup schedule: an hour or off, and how many days to keep", () => {
    expect(parseEnv({})).toMatchObject({ BACKUP_HOUR: 3, BACKUP_KEEP_DAYS: 14 });
    expect(
      parseEnv({ BACKUP_HOUR: "off", BACKUP_KEEP_DAYS: "30", BACKUP_DIR: "/srv/backups" }),
    ).toMatchObject({
      BACKUP_HOUR: "off",
      BACKUP_KEEP_DAYS: 30,
      BACKUP_DIR: "/srv/backups",
    });
    expect(() => parseEnv({ BACKUP_HOUR: "25" })).toThrow(
      /BACKUP_HOUR: must be an hour from 0 to 23, or "off"/,
    );
    expect(() => parseEnv({ BACKUP_KEEP_DAYS: "0" })).toThrow(/BACKUP_KEEP_DAYS: must be between 1 and 3650/);
  });

  it("reads where sermons' video pictures come from: the video platform unless given, or off", () => {
    expect(parseEnv({}).VIDEO_THUMBNAIL_URL).toBe("https://i.ytimg.com");
    expect(parseEnv({ VIDEO_THUMBNAIL_URL: "off" }).VIDEO_THUMBNAIL_URL).toBe("off");
    expect(parseEnv({ VIDEO_THUMBNAIL_URL: "http://127.0.0.1:9000/" }).VIDEO_THUMBNAIL_URL).toBe(
      "http://127.0.0.1:9000",
    );
    expect(() => parseEnv({ VIDEO_THUMBNAIL_URL: "ftp://example.org" })).toThrow(
      /VIDEO_THUMBNAIL_URL: must be an http\(s\):\/\/ URL or "off"/,
    );
  });

  it("reads the retention clean-up's hour: 4 unless given, or off", () => {
    expect(parseEnv({})).toMatchObject({ RETENTION_HOUR: 4 });
    expect(parseEnv({ RETENTION_HOUR: "0" })).toMatchObject({ RETENTION_HOUR: 0 });
    expect(parseEnv({ RETENTION_HOUR: "off" })).toMatchObject({ RETENTION_HOUR: "off" });
    expect(() => parseEnv({ RETENTION_HOUR: "noon" })).toThrow(
      /RETENTION_HOUR: must be an hour from 0 to 23, or "off"/,
    );
  });
});
