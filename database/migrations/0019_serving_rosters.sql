CREATE TABLE "roster_blockouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_blockouts_order_check" CHECK ("roster_blockouts"."ends_on" >= "roster_blockouts"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "roster_needs" (
	"service_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"count" smallint NOT NULL,
	CONSTRAINT "roster_needs_service_id_position_id_pk" PRIMARY KEY("service_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "roster_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"weekly_need" smallint DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_qualified" (
	"position_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_qualified_position_id_member_id_pk" PRIMARY KEY("position_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "roster_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_date" date NOT NULL,
	"start_time" time,
	"title" text NOT NULL,
	"service_name" text,
	"event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"seat" smallint NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"decline_reason" text,
	"requested_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_slots_status_check" CHECK ("roster_slots"."status" in ('draft', 'pending', 'accepted', 'declined', 'replacing'))
);
--> statement-breakpoint
CREATE TABLE "roster_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ministry_slug" text NOT NULL,
	"name" text NOT NULL,
	"max_per_four_weeks" smallint DEFAULT 2 NOT NULL,
	"reminder_days" smallint DEFAULT 2 NOT NULL,
	"reminder_hour" smallint DEFAULT 9 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_blockouts" ADD CONSTRAINT "roster_blockouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_needs" ADD CONSTRAINT "roster_needs_service_id_roster_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."roster_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_needs" ADD CONSTRAINT "roster_needs_position_id_roster_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."roster_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_positions" ADD CONSTRAINT "roster_positions_team_id_roster_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."roster_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_qualified" ADD CONSTRAINT "roster_qualified_position_id_roster_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."roster_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_qualified" ADD CONSTRAINT "roster_qualified_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_services" ADD CONSTRAINT "roster_services_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_slots" ADD CONSTRAINT "roster_slots_service_id_roster_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."roster_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_slots" ADD CONSTRAINT "roster_slots_position_id_roster_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."roster_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_slots" ADD CONSTRAINT "roster_slots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_slots" ADD CONSTRAINT "roster_slots_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_blockouts_member_idx" ON "roster_blockouts" USING btree ("member_id","starts_on");--> statement-breakpoint
CREATE INDEX "roster_needs_position_idx" ON "roster_needs" USING btree ("position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_positions_name_idx" ON "roster_positions" USING btree ("team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "roster_qualified_member_idx" ON "roster_qualified" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "roster_services_date_idx" ON "roster_services" USING btree ("service_date");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_services_event_idx" ON "roster_services" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_services_weekly_idx" ON "roster_services" USING btree ("service_date","service_name");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_slots_seat_idx" ON "roster_slots" USING btree ("service_id","position_id","seat");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_slots_person_idx" ON "roster_slots" USING btree ("service_id","position_id","member_id");--> statement-breakpoint
CREATE INDEX "roster_slots_member_idx" ON "roster_slots" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "roster_slots_position_idx" ON "roster_slots" USING btree ("position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_teams_name_idx" ON "roster_teams" USING btree ("ministry_slug",lower("name"));