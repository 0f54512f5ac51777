CREATE TABLE "staff_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"levels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ministry_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ministries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "member_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_name_idx" ON "staff_roles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_member_id_unique" UNIQUE("member_id");--> statement-breakpoint
-- Releases before this one read a role they did not know as 'editor'; write that down, so every
-- account keeps exactly its rights now that an unknown role reaches nothing.
UPDATE "users" SET "role" = 'editor' WHERE "role" NOT IN ('admin', 'staff', 'editor');
