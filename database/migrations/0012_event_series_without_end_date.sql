ALTER TABLE "event_series" ALTER COLUMN "until" DROP NOT NULL;--> statement-breakpoint
-- A series of an earlier release had every date made when it was saved, up to its last date.
ALTER TABLE "event_series" ADD COLUMN "made_through" date;--> statement-breakpoint
UPDATE "event_series" SET "made_through" = "until";--> statement-breakpoint
ALTER TABLE "event_series" ALTER COLUMN "made_through" SET NOT NULL;
