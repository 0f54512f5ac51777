import { createMailTransport, mailSettingsOf } from "../platform/mail.server";
import { services } from "../platform/services.server";
import { sendDueEmails } from "./outbox.server";

/**
 * The outbox worker of this server: every few seconds it sends what is due. Every server runs
 * one; the leases keep them from sending the same e-mail. Without SMTP settings it does nothing
 * and e-mails wait in the outbox until the site is restarted with them.
 */
export function startOutboxWorker(intervalMs = 5_000): { stop(): Promise<void> } {
  const settings = mailSettingsOf(services().env);
  if (!settings) return { stop: async () => {} };
  const transport = createMailTransport(settings);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const tick = async () => {
    try {
      // Drain what is due, ten at a time, then rest.
      for (;;) {
        if (stopped) break;
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
      transport.close();
    },
  };
}
