import type { Transporter } from "nodemailer";
import { createMailTransport, sameMailSettings, type MailSettings } from "../platform/mail.server";
import { runDailyBackup } from "../backups/backups.server";
import { extendOpenSeries } from "../content/event-edits.server";
import { runHousekeeping } from "../platform/housekeeping.server";
import { runScheduledRetention } from "../privacy/retention.server";
import { refreshOfficeSettings } from "../platform/office-settings.server";
import { siteOrigin } from "../platform/site-origin.server";
import { queueDueDigests } from "../messages/digest.server";
import { expireOverdueEmails, sendDueEmails } from "../messages/outbox.server";
import { effectiveMailSettings } from "../settings/mail-settings.server";
import { loggableError } from "../platform/db-errors.server";
import { runAnnouncementRound } from "../announcements/announcement-sending.server";
import { runWeeklyDigest } from "../announcements/weekly-digest.server";
import { sendRosterReminders } from "../rosters/roster-reminders.server";
import { askLeadersForAttendance } from "../groups/attendance-asks.server";
import { queueFollowUpDigests } from "../care/follow-up-digest.server";

const DIGEST_CHECK_MS = 60_000;

/** The site's scheduled jobs, in the order the worker runs them once a minute (each decides if it is due). */
const MINUTE_JOBS: (() => Promise<unknown>)[] = [
  () => runHousekeeping(),
  () => queueDueDigests(siteOrigin()),
  () => runDailyBackup(),
  () => runScheduledRetention(),
  // Repeating events without an end date keep their dates a year ahead (work once a day).
  () => extendOpenSeries(),
  // Mondays from 07:00 (Bahrain), when switched on: this week's digest, once (the round sends it).
  () => runWeeklyDigest(),
  // Serving rosters: accepted dates, the team's days before, from the team's hour (each seat once).
  () => sendRosterReminders(),
  // Groups: after each meeting, its leaders get a link to record who came (each meeting once).
  () => askLeadersForAttendance(),
  // Care: each account's daily e-mail of its follow-ups due and overdue, from its hour (once a day).
  () => queueFollowUpDigests(),
];

/**
 * The worker of this server (still called the outbox worker: sending e-mail is most of its work):
 * every few seconds it sends what is due, and once a minute it runs MINUTE_JOBS. Every server runs
 * one; leases and claims keep them from doing the same work twice. Each round it takes the mail
 * settings in effect (SMTP_URL and MAIL_FROM, else the e-mail settings screen's) and builds a new
 * connection when they changed, so a change on any server applies within seconds, without a
 * restart. Without mail settings nothing is sent: e-mails wait in the outbox.
 */
export function startOutboxWorker(intervalMs = 5_000): { stop(): Promise<void> } {
  let settings: MailSettings | null = null;
  let transport: Transporter | null = null;
  const useSettings = (current: MailSettings | null) => {
    if (transport && sameMailSettings(settings, current)) return;
    transport?.close();
    settings = current;
    transport = current ? createMailTransport(current) : null;
  };
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
      useSettings(effectiveMailSettings());
      // Announcements being sent: start what is due, queue the next few at the church's pace.
      await runAnnouncementRound();
      // What is past its time (a link that has run out, an event that is over) is never sent.
      await expireOverdueEmails();
      // Drain what is due, ten at a time, then rest.
      while (transport && settings && !stopped) {
        const { sent, failed } = await sendDueEmails(transport, settings.from);
        if (failed) console.error(`Sending e-mail: ${failed} attempt(s) failed; they will be retried.`);
        if (sent + failed === 0) break;
      }
    } catch (error) {
      console.error("The outbox worker failed a round:", loggableError(error));
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
      useSettings(null);
    },
  };
}
