ALTER TABLE "outbox_emails" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- E-mails that waited in the outbox before this release (mail not yet set up) get the end they
-- would have been given when queued: an invitation lasts 72 hours, a reset link one hour, a
-- member's update link 7 days, and an event's confirmation or waitlist e-mail ends with the event
-- (found through the event id in its cancel link; two hours after the start when it has no end).
UPDATE "outbox_emails" SET "expires_at" = "created_at" + interval '72 hours'
  WHERE "status" = 'pending' AND "kind" = 'account.invitation';--> statement-breakpoint
UPDATE "outbox_emails" SET "expires_at" = "created_at" + interval '1 hour'
  WHERE "status" = 'pending' AND "kind" = 'account.password-reset';--> statement-breakpoint
UPDATE "outbox_emails" SET "expires_at" = "created_at" + interval '7 days'
  WHERE "status" = 'pending' AND "kind" = 'member.update-link';--> statement-breakpoint
UPDATE "outbox_emails" AS o
  SET "expires_at" = coalesce(e."event_date" + e."event_end_time", e."event_date" + e."event_time" + interval '2 hours')
    AT TIME ZONE 'Asia/Bahrain'
  FROM "events" AS e
  WHERE o."status" = 'pending'
    AND o."kind" IN ('confirmation.event', 'confirmation.event-seat')
    AND e."id"::text = substring(o."text_body" from '/events/([0-9a-f-]{36})/cancel');
