import { createMailTransport, mailSettingsOf } from "../platform/mail.server";
import { runDailyBackup } from "../backups/backups.server";
import { runHousekeeping } from "../platform/housekeeping.server";
import { runScheduledRetention } from "../privacy/retention.server";
import { refreshOfficeSettings } from "../platform/office-settings.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { queueDueDigests } from "../messages/digest.server";
import { sendDueEmails } from "../messages/outbox.server";

const DIGEST_CHECK_MS = 60_000;

/** The site's scheduled jobs, in the order the worker runs them once a minute (each decides if it is due). */
const MINUTE_JOBS: (() => Promise<unknown>)[] = [
  () => runHousekeeping(),
  () => queueDueDigests(siteOrigin()),
  () => runDailyBackup(),
  () => runScheduledRetention(),
];

/**
 * The worker of this server (still called the outbox worker: sending e-mail is most of its work):
 * every few seconds it sends what is due, and once a minute it runs MINUTE_JOBS. Every server runs
 * one; leases and claims keep them from doing the same work twice. Without SMTP settings nothing
 * is sent: e-mails wait in the outbox until the site is restarted with them.
 */
export function startOutboxWorker(intervalMs = 5_000): { stop(): Promise<void> } {
  const settings = mailSettingsOf(services().env);
  const transport = settings ? createMailTransport(settings) : null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let digestsCheckedAt = 0;

  const tick = async () => {
    try {
      // Another server may have changed a setting (site address, mail server) since the last round.
      await refreshOfficeSettings();
      if (Date.now() - digestsCheckedAt >= DIGEST_CHECK_MS) {
        digestsCheckedAt = Date.now();
        for (const job of MINUTE_JOBS) await job();
      }
      // Drain what is due, ten at a time, then rest.
      while (transport && settings && !stopped) {
        const { sent, failed } = await sendDueEmails(transport, settings.from);
        if (failed) console.error(`Sending e-mail: ${failed} attempt(s) failed; they will be retried.`);
        if (sent + failed === 0) break;
      }
    } catch (error) {
      console.error("The outbox worker failed a round:", error);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport?.close();
    },
  };
}
