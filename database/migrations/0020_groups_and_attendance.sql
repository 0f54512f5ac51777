CREATE TABLE "attendance_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_attendance" (
	"meeting_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	CONSTRAINT "group_attendance_meeting_id_member_id_pk" PRIMARY KEY("meeting_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "group_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid,
	"group_name" text NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"meeting_date" date NOT NULL,
	"guests" text[] DEFAULT '{}'::text[] NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"is_leader" boolean DEFAULT false NOT NULL,
	"joined_on" date DEFAULT current_date NOT NULL,
	CONSTRAINT "group_members_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"meeting_day" smallint,
	"meeting_time" time,
	"area" text DEFAULT '' NOT NULL,
	"capacity" smallint,
	"is_open" boolean DEFAULT false NOT NULL,
	"absent_weeks" smallint DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_kind_check" CHECK ("groups"."kind" in ('bible-study', 'salt', 'ministry-team', 'other')),
	CONSTRAINT "groups_meeting_day_check" CHECK ("groups"."meeting_day" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "headcounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_date" date NOT NULL,
	"service_name" text,
	"event_id" uuid,
	"adults" integer DEFAULT 0 NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"online" integer DEFAULT 0 NOT NULL,
	"first_time" integer DEFAULT 0 NOT NULL,
	"recorded_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "headcounts_counts_check" CHECK ("headcounts"."adults" >= 0 and "headcounts"."children" >= 0 and "headcounts"."online" >= 0 and "headcounts"."first_time" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attendance_follow_ups" ADD CONSTRAINT "attendance_follow_ups_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_meeting_id_group_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."group_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_attendance" ADD CONSTRAINT "group_attendance_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD CONSTRAINT "group_join_requests_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_meetings" ADD CONSTRAINT "group_meetings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headcounts" ADD CONSTRAINT "headcounts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_follow_ups_member_idx" ON "attendance_follow_ups" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "group_attendance_member_idx" ON "group_attendance" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "group_join_requests_created_at_idx" ON "group_join_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_meetings_group_date_idx" ON "group_meetings" USING btree ("group_id","meeting_date");--> statement-breakpoint
CREATE INDEX "group_members_member_idx" ON "group_members" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_kind_name_idx" ON "groups" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE INDEX "headcounts_date_idx" ON "headcounts" USING btree ("service_date");--> statement-breakpoint
CREATE UNIQUE INDEX "headcounts_service_idx" ON "headcounts" USING btree ("service_date","service_name");--> statement-breakpoint
CREATE UNIQUE INDEX "headcounts_event_idx" ON "headcounts" USING btree ("event_id");--> statement-breakpoint
-- One group for every Bible study group and SALT group name members had (the same name in another
-- case or with spaces around is one group), and every member, deleted ones too (a restored member
-- comes back with their groups), in it.
INSERT INTO "groups" ("name", "kind")
SELECT min(btrim("bible_study_group")), 'bible-study' FROM "members"
WHERE btrim(coalesce("bible_study_group", '')) <> ''
GROUP BY lower(btrim("bible_study_group"))
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "groups" ("name", "kind")
SELECT min(btrim("salt_group_name")), 'salt' FROM "members"
WHERE btrim(coalesce("salt_group_name", '')) <> ''
GROUP BY lower(btrim("salt_group_name"))
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "group_members" ("group_id", "member_id", "joined_on")
SELECT g."id", m."id", m."created_at"::date FROM "members" m
JOIN "groups" g ON g."kind" = 'bible-study' AND lower(g."name") = lower(btrim(m."bible_study_group"))
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "group_members" ("group_id", "member_id", "joined_on")
SELECT g."id", m."id", m."created_at"::date FROM "members" m
JOIN "groups" g ON g."kind" = 'salt' AND lower(g."name") = lower(btrim(m."salt_group_name"))
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "bible_study_group";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "salt_group_name";