CREATE TABLE "care_workflow_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workflow_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"days" smallint NOT NULL,
	"assignee_id" uuid,
	CONSTRAINT "care_workflow_steps_days_check" CHECK ("care_workflow_steps"."days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "care_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"trigger" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_workflows_trigger_check" CHECK ("care_workflows"."trigger" in ('new-visitor', 'ask-to-join', 'not-seen'))
);
--> statement-breakpoint
CREATE TABLE "follow_up_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"hour" smallint DEFAULT 7 NOT NULL,
	"last_sent_on" date,
	CONSTRAINT "follow_up_digests_hour_check" CHECK ("follow_up_digests"."hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "follow_up_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follow_up_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follow_up_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"due_on" date NOT NULL,
	"assignee_id" uuid,
	"done_at" timestamp with time zone,
	"done_by" text
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"workflow_id" uuid,
	"assignee_id" uuid,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"snoozed_until" date,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "follow_ups_status_check" CHECK ("follow_ups"."status" in ('open', 'waiting', 'done', 'no-response'))
);
--> statement-breakpoint
CREATE TABLE "pastoral_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"visited_on" date NOT NULL,
	"kind" text NOT NULL,
	"visited_by" text NOT NULL,
	"private_note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pastoral_visits_kind_check" CHECK ("pastoral_visits"."kind" in ('visit', 'hospital', 'call', 'message'))
);
--> statement-breakpoint
CREATE TABLE "prayer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"request" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"wants_call" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'form' NOT NULL,
	"expires_on" date NOT NULL,
	"answered_at" timestamp with time zone,
	"answer_note" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_requests_visibility_check" CHECK ("prayer_requests"."visibility" in ('private', 'team', 'shared'))
);
--> statement-breakpoint
ALTER TABLE "care_workflow_steps" ADD CONSTRAINT "care_workflow_steps_workflow_id_care_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."care_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_workflow_steps" ADD CONSTRAINT "care_workflow_steps_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_digests" ADD CONSTRAINT "follow_up_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_notes" ADD CONSTRAINT "follow_up_notes_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD CONSTRAINT "follow_up_steps_follow_up_id_follow_ups_id_fk" FOREIGN KEY ("follow_up_id") REFERENCES "public"."follow_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_steps" ADD CONSTRAINT "follow_up_steps_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_workflow_id_care_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."care_workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pastoral_visits" ADD CONSTRAINT "pastoral_visits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD CONSTRAINT "prayer_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_workflow_steps_position_idx" ON "care_workflow_steps" USING btree ("workflow_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "care_workflows_name_idx" ON "care_workflows" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "care_workflows_trigger_idx" ON "care_workflows" USING btree ("trigger");--> statement-breakpoint
CREATE INDEX "follow_up_notes_follow_up_idx" ON "follow_up_notes" USING btree ("follow_up_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_steps_position_idx" ON "follow_up_steps" USING btree ("follow_up_id","position");--> statement-breakpoint
CREATE INDEX "follow_ups_assignee_idx" ON "follow_ups" USING btree ("assignee_id","status","due_on");--> statement-breakpoint
CREATE INDEX "follow_ups_status_due_idx" ON "follow_ups" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "follow_ups_member_idx" ON "follow_ups" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "follow_ups_email_idx" ON "follow_ups" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "pastoral_visits_member_idx" ON "pastoral_visits" USING btree ("member_id","visited_on");--> statement-breakpoint
CREATE INDEX "prayer_requests_created_at_idx" ON "prayer_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "prayer_requests_member_idx" ON "prayer_requests" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "prayer_requests_email_idx" ON "prayer_requests" USING btree (lower("email"));--> statement-breakpoint
-- The follow-ups "Not seen lately" asked for (inbox items of kind 'follow-up' until now) become
-- follow-ups: still new in the inbox is open, handled or archived is done; who handled it and any
-- e-mail reply sent from the inbox stay as notes. Then the inbox items and the old table go.
INSERT INTO "follow_ups" ("id", "member_id", "name", "email", "mobile", "reason", "source", "due_on", "status", "created_by", "created_at", "updated_at", "closed_at")
SELECT f."id", f."member_id", f."name", f."email", f."mobile", f."reason", 'not-seen',
  ((f."created_at" AT TIME ZONE 'UTC') + interval '3 hours')::date,
  CASE WHEN coalesce(i."status", 'new') = 'new' THEN 'open' ELSE 'done' END,
  f."created_by", f."created_at", coalesce(i."handled_at", f."created_at"),
  CASE WHEN coalesce(i."status", 'new') = 'new' THEN NULL ELSE coalesce(i."handled_at", f."created_at") END
FROM "attendance_follow_ups" f
LEFT JOIN "inbox_items" i ON i."kind" = 'follow-up' AND i."source_id" = f."id";--> statement-breakpoint
INSERT INTO "follow_up_notes" ("follow_up_id", "body", "author", "created_at")
SELECT i."source_id", 'Marked handled in the inbox.', i."handled_by", coalesce(i."handled_at", i."created_at")
FROM "inbox_items" i JOIN "follow_ups" f ON f."id" = i."source_id"
WHERE i."kind" = 'follow-up' AND i."handled_by" IS NOT NULL;--> statement-breakpoint
INSERT INTO "follow_up_notes" ("follow_up_id", "body", "author", "created_at")
SELECT i."source_id", 'E-mail sent to ' || r."to_address" || E':\n\n' || r."body", r."sent_by", r."created_at"
FROM "inbox_replies" r JOIN "inbox_items" i ON i."id" = r."item_id" JOIN "follow_ups" f ON f."id" = i."source_id"
WHERE i."kind" = 'follow-up';--> statement-breakpoint
DELETE FROM "inbox_items" WHERE "kind" = 'follow-up';--> statement-breakpoint
DROP TABLE "attendance_follow_ups" CASCADE;--> statement-breakpoint
-- The first workflow, for someone new (the church changes its steps and assignees).
INSERT INTO "care_workflows" ("name", "description", "trigger") VALUES
  ('New visitor', 'Someone new: a connect message, a first check-in or an event registration from outside the registry.', 'new-visitor');--> statement-breakpoint
INSERT INTO "care_workflow_steps" ("workflow_id", "position", "title", "days")
SELECT w."id", s."position", s."title", s."days"
FROM "care_workflows" w, (VALUES (1, 'Welcome call', 2), (2, 'Invite to a group', 14), (3, 'Coffee with a pastor', 30)) AS s("position", "title", "days")
WHERE w."trigger" = 'new-visitor';--> statement-breakpoint
-- "Pastor" is now a built-in role: a church's own role of that name keeps its levels, renamed.
UPDATE "staff_roles" SET "name" = "name" || ' (own role)' WHERE lower("name") = 'pastor';
