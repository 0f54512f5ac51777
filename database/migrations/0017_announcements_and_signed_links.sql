CREATE TABLE "announcement_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"announcement_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"member_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"outbox_email_id" uuid,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"link_kind" text,
	"link_id" uuid,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"ministry_scope" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_status_known" CHECK ("announcements"."status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
	CONSTRAINT "announcements_link_kind_known" CHECK ("announcements"."link_kind" is null or "announcements"."link_kind" in ('event', 'sermon'))
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribes" (
	"address" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"single_use" boolean NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signed_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_outbox_email_id_outbox_emails_id_fk" FOREIGN KEY ("outbox_email_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_recipients_address_idx" ON "announcement_recipients" USING btree ("announcement_id","email");--> statement-breakpoint
CREATE INDEX "announcement_recipients_status_idx" ON "announcement_recipients" USING btree ("announcement_id","status");--> statement-breakpoint
CREATE INDEX "announcement_recipients_open_idx" ON "announcement_recipients" USING btree ("status") WHERE "announcement_recipients"."status" in ('waiting', 'queued');--> statement-breakpoint
CREATE INDEX "announcement_recipients_outbox_idx" ON "announcement_recipients" USING btree ("outbox_email_id");--> statement-breakpoint
CREATE INDEX "announcements_status_scheduled_idx" ON "announcements" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "announcements_created_at_idx" ON "announcements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "signed_links_purpose_subject_idx" ON "signed_links" USING btree ("purpose","subject_id");