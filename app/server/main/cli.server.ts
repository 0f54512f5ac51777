import path from "node:path";
import { parseArgs } from "node:util";
import { accountCredentialsSchema, createOrResetAdmin, generatePassword } from "../auth/accounts.server";
import { restoreBackup, writeBackupArchive } from "../platform/backup.server";
import { startServices } from "./boot.server";
import { sendControlCommand, type ControlHandler } from "../platform/control.server";
import { dataDirLockHolder } from "../platform/data-dir.server";
import { migrateDatabase, openDatabase } from "../platform/db.server";
import { moveToPostgres } from "../platform/move-to-postgres.server";
import { createS3FileStore, s3SettingsOf } from "../platform/storage.server";
import { parseEnv } from "../platform/env.server";
import { pageCache } from "../platform/page-cache.server";
import { services } from "../platform/services.server";
import { siteContentChanged } from "../site/site-content.server";
import { rebuildImages } from "../content/image-rebuild.server";
import { runRetention } from "../privacy/retention.server";
import { describeError } from "../platform/db-errors.server";
import { sendRosterReminders } from "../rosters/roster-reminders.server";
import { queueFollowUpDigests } from "../care/follow-up-digest.server";

/** Work a command-line tool may ask of the running server (see control.server.ts). */
export const controlHandlers: Record<string, ControlHandler> = {
  async "admin:create"(args) {
    const { email, password } = accountCredentialsSchema.parse(args);
    const outcome = await createOrResetAdmin({ email, password });
    return outcome === "created"
      ? `Administrator account created for ${email}.`
      : `Account ${email} is now an administrator with the new password (signed out everywhere).`;
  },
  async backup(args) {
    return `Backup written to ${(await writeBackupArchive(String(args.outDir ?? "backups"), "manual")).file}`;
  },
  async "images:rebuild"() {
    const lines: string[] = [];
    const report = await rebuildImages((line) => lines.push(line));
    return [
      ...lines,
      `Pictures rebuilt: ${report.converted} converted to upright copies without metadata, ` +
        `${report.cleaned} eLibrary pictures cleaned, ${report.skipped} already done` +
        (report.failed.length ? `, ${report.failed.length} could not be read (listed above).` : "."),
    ].join("\n");
  },
  /** The daily retention clean-up, now (it runs by itself every day at RETENTION_HOUR). */
  async retention() {
    const { removed } = await runRetention(new Date(), "console");
    return (
      `Removed ${removed.visitors} Connect message(s), ${removed.eventRegistrations} event registration(s), ` +
      `${removed.ministryRegistrations} ministry sign-up(s), ${removed.deletedMembers} deleted member(s), ` +
      `${removed.outboxEmails ?? 0} sent e-mail(s), ${removed.closedFollowUps ?? 0} closed follow-up(s) and ` +
      `${removed.prayerRequests ?? 0} prayer request(s) past their time.`
    );
  },
  /** Test set-up only (TEST_HOOKS=true): the end-to-end suite prepares data this way. */
  async sql(args) {
    if (!services().env.TEST_HOOKS)
      throw new Error("The sql command is only available with TEST_HOOKS=true.");
    const rows = await services().database.query(
      String(args.text),
      Array.isArray(args.params) ? args.params : [],
    );
    // The tests change tables behind the site's back: public pages must not answer from before.
    await pageCache().invalidate();
    siteContentChanged();
    return JSON.stringify(rows);
  },
  /**
   * Test set-up only (TEST_HOOKS=true): the clock moved forward for the serving reminders, which
   * the worker runs once a minute: they are sent as they would be at `at` (an ISO moment).
   */
  async "test:roster-reminders-at"(args) {
    if (!services().env.TEST_HOOKS)
      throw new Error("The test:roster-reminders-at command is only available with TEST_HOOKS=true.");
    const at = new Date(String(args.at));
    if (Number.isNaN(at.getTime())) throw new Error("test:roster-reminders-at needs an ISO moment as at.");
    return JSON.stringify({ queued: await sendRosterReminders(at) });
  },
  /**
   * Test set-up only (TEST_HOOKS=true): the clock moved forward for the daily follow-up digests,
   * which the worker runs once a minute: they are queued as they would be at `at` (an ISO moment).
   */
  async "test:follow-up-digests-at"(args) {
    if (!services().env.TEST_HOOKS)
      throw new Error("The test:follow-up-digests-at command is only available with TEST_HOOKS=true.");
    const at = new Date(String(args.at));
    if (Number.isNaN(at.getTime())) throw new Error("test:follow-up-digests-at needs an ISO moment as at.");
    return JSON.stringify({ queued: await queueFollowUpDigests(at) });
  },
};

const USAGE = `Usage:
  npm run admin:create -- --email E [--password P]   create an administrator, or reset one
                                                      (without --password one is generated)
  npm run db:migrate                                  apply database migrations
  npm run backup [-- --out DIR]                       one file with the database and uploads (site may run)
  npm run restore -- BACKUP                           bring a backup (a .tar.gz file, or a backup
                                                      folder of older versions) into an empty DATA_DIR
  npm run retention                                   remove personal data past its retention period
                                                      now (the site does it daily by itself)
  npm run images:rebuild                              give pictures uploaded before this version
                                                      their copies and strip their metadata
  npm run migrate-to-postgres -- DATABASE_URL         copy an embedded install (rows, and files when
                                                      S3_BUCKET is set) into PostgreSQL (site stopped)`;

/** Runs one command against the database, directly or through the running server. */
async function runAgainstDatabase(command: string, args: Record<string, unknown>): Promise<string> {
  const env = parseEnv();
  if (!env.DATABASE_URL && dataDirLockHolder(env.DATA_DIR) !== null) {
    if (command === "migrate") return "The running server applied the migrations when it started.";
    return sendControlCommand(env.DATA_DIR, command, args, command === "images:rebuild" ? 3_600_000 : 30_000);
  }
  const running = await startServices(env, { firstRunSetup: false });
  try {
    if (command === "migrate") return "Migrations applied.";
    const handler = controlHandlers[command];
    if (!handler) throw new Error(`Unknown command: ${command}`);
    return await handler(args);
  } finally {
    await running.stop();
  }
}

export async function runCli(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "admin:create": {
        const { values } = parseArgs({
          args: rest,
          options: { email: { type: "string" }, password: { type: "string" } },
        });
        const generated = values.password === undefined;
        const credentials = accountCredentialsSchema.safeParse({
          email: values.email ?? "",
          password: values.password ?? generatePassword(),
        });
        if (!credentials.success) {
          console.error(credentials.error.issues.map((issue) => issue.message).join("\n"));
          console.error(USAGE);
          return 2;
        }
        console.log(await runAgainstDatabase("admin:create", credentials.data));
        if (generated) console.log(`Generated password (shown once): ${credentials.data.password}`);
        return 0;
      }
      case "migrate":
        console.log(await runAgainstDatabase("migrate", {}));
        return 0;
      case "backup": {
        const { values } = parseArgs({ args: rest, options: { out: { type: "string" } } });
        console.log(await runAgainstDatabase("backup", { outDir: path.resolve(values.out ?? "backups") }));
        return 0;
      }
      case "images:rebuild":
        console.log(await runAgainstDatabase("images:rebuild", {}));
        return 0;
      case "retention":
        console.log(await runAgainstDatabase("retention", {}));
        return 0;
      case "restore": {
        const [backup] = rest;
        if (!backup) {
          console.error(USAGE);
          return 2;
        }
        const env = parseEnv();
        if (env.DATABASE_URL)
          throw new Error("restore is for the embedded database; on PostgreSQL use pg_restore.");
        if (dataDirLockHolder(env.DATA_DIR) !== null)
          throw new Error("Stop the site first: restore needs the data folder to itself.");
        const database = await restoreBackup(backup, env.DATA_DIR);
        const running = await startServices(env, { database, firstRunSetup: false });
        await running.stop();
        console.log(
          `Restored ${path.resolve(backup)} into ${env.DATA_DIR}. Start the site with npm start.\n` +
            "The mail server's password and the off-site bucket's secret key were sealed with the key of the install " +
            "the backup came from: on another install, type them again on the settings screens.",
        );
        return 0;
      }
      case "migrate-to-postgres": {
        const [url] = rest;
        if (!url || !/^postgres(ql)?:\/\//.test(url)) {
          console.error(USAGE);
          return 2;
        }
        const env = parseEnv({ ...process.env, DATABASE_URL: "" });
        if (dataDirLockHolder(env.DATA_DIR) !== null)
          throw new Error("Stop the site first: the copy must see the data folder at rest.");
        const source = await startServices(env, { firstRunSetup: false });
        const target = await openDatabase({ url });
        try {
          await target.withSetupLock(() => migrateDatabase(target));
          const s3Settings = s3SettingsOf(env);
          const s3 = s3Settings ? await createS3FileStore(s3Settings) : null;
          const report = await moveToPostgres({
            source: source.services.database,
            target,
            uploadsDir: path.join(env.DATA_DIR, "uploads"),
            targetStore: s3,
            log: (message) => console.log(message),
          });
          console.log(
            `Done: ${report.tables.reduce((sum, t) => sum + t.rows, 0)} rows${s3 ? ` and ${report.files} files` : ""} copied and verified.\n` +
              `Now start the site with DATABASE_URL set (and SESSION_SECRET${s3 ? ", S3_BUCKET and the other S3_ settings" : "; files stay in DATA_DIR/uploads"}).`,
          );
        } finally {
          await target.close();
          await source.stop();
        }
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } catch (error) {
    console.error(describeError(error));
    return 1;
  }
}
