CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notice_version" integer NOT NULL,
	"recorded_by" text NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text
);
--> statement-breakpoint
CREATE TABLE "member_update_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"sent_by" text NOT NULL,
	CONSTRAINT "member_update_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "member_update_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"link_id" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "email_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ministry_registrations" ADD COLUMN "email_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_update_links" ADD CONSTRAINT "member_update_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_update_requests" ADD CONSTRAINT "member_update_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_update_requests" ADD CONSTRAINT "member_update_requests_link_id_member_update_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."member_update_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_member_kind_idx" ON "consents" USING btree ("member_id","kind","given_at");--> statement-breakpoint
CREATE INDEX "member_update_links_member_idx" ON "member_update_links" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_update_requests_open_idx" ON "member_update_requests" USING btree ("decided_at","submitted_at");--> statement-breakpoint
-- Erasing a person (issue 23) must also take what the audit log says about them. The log stays
-- append-only for everything else: only a transaction that has set app.erasing to 'on' (the
-- erasure, which writes its own entry in the same transaction) may delete entries.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('app.erasing', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
