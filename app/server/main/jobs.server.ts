import { createMailTransport, mailSettingsOf } from "../platform/mail.server";
import { runScheduledBackup } from "../platform/backup-schedule.server";
import { runHousekeeping } from "../platform/housekeeping.server";
import { runScheduledRetention } from "../privacy/retention.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { queueDueDigests } from "../messages/digest.server";
import { sendDueEmails } from "../messages/outbox.server";

const DIGEST_CHECK_MS = 60_000;

/**
 * The outbox worker of this server: every few seconds it sends what is due, and once a minute it
 * queues the daily digests that are due, runs the site's housekeeping, takes the daily backup
 * and runs the daily retention clean-up when they are due. Every server runs one; leases and claims keep them from
 * doing the same work twice. Without SMTP settings nothing is sent: e-mails wait in the outbox
 * until the site is restarted with them.
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
      if (Date.now() - digestsCheckedAt >= DIGEST_CHECK_MS) {
        digestsCheckedAt = Date.now();
        await runHousekeeping();
        await queueDueDigests(siteOrigin());
        await runScheduledBackup();
        await runScheduledRetention();
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
