CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"body" text NOT NULL,
	"sent_by" text NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"connect" boolean NOT NULL,
	"ministries" jsonb NOT NULL,
	"events" boolean NOT NULL,
	"frequency" text NOT NULL,
	"digest_through" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_item_id_inbox_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inbox_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_outbox_id_outbox_emails_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_kind_source_idx" ON "inbox_items" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "inbox_items_status_created_at_idx" ON "inbox_items" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "inbox_items_created_at_idx" ON "inbox_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "inbox_replies_item_idx" ON "inbox_replies" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_emails_status_next_attempt_idx" ON "outbox_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_emails_to_created_at_idx" ON "outbox_emails" USING btree ("to_address","created_at");--> statement-breakpoint
-- Messages that came in before the inbox: those of the last 30 days wait as new, older ones are
-- counted as handled (nobody could have been told of them, but a year of unread would bury the new).
INSERT INTO "inbox_items" ("kind", "source_id", "status", "created_at")
SELECT 'connect', "id", CASE WHEN "created_at" > now() - interval '30 days' THEN 'new' ELSE 'handled' END, "created_at" FROM "visitors";--> statement-breakpoint
INSERT INTO "inbox_items" ("kind", "source_id", "status", "created_at")
SELECT 'ministry', "id", CASE WHEN "created_at" > now() - interval '30 days' THEN 'new' ELSE 'handled' END, "created_at" FROM "ministry_registrations";--> statement-breakpoint
INSERT INTO "inbox_items" ("kind", "source_id", "status", "created_at")
SELECT 'event', "id", CASE WHEN "created_at" > now() - interval '30 days' THEN 'new' ELSE 'handled' END, "created_at" FROM "event_registrations";
