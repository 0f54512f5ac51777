CREATE TABLE "site_section_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_key" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "site_sections" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "site_section_revisions_key_version_idx" ON "site_section_revisions" USING btree ("section_key","version");--> statement-breakpoint
-- The demo seed wrote its sermons, events and documents in one transaction, so they share one
-- created_at; its sermons are the only ones whose video id starts with 'demoSermon'.
UPDATE "sermons" SET "is_demo" = true WHERE "youtube_id" LIKE 'demoSermon%';--> statement-breakpoint
UPDATE "events" SET "is_demo" = true WHERE "created_at" IN (SELECT "created_at" FROM "sermons" WHERE "youtube_id" LIKE 'demoSermon%');--> statement-breakpoint
UPDATE "documents" SET "is_demo" = true WHERE "created_at" IN (SELECT "created_at" FROM "sermons" WHERE "youtube_id" LIKE 'demoSermon%');
