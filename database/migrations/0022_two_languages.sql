ALTER TABLE "event_registrations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "title_fil" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "description_fil" text;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "ministry_registrations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "title_fil" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "description_fil" text;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;