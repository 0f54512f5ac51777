-- Trigram matching for the member search index below. pg_trgm ships with PostgreSQL (contrib, a
-- trusted extension: the database owner may create it) and with PGlite, which db.server.ts loads.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "event_registrations_created_at_idx";--> statement-breakpoint
DROP INDEX "members_created_at_idx";--> statement-breakpoint
DROP INDEX "members_last_first_name_idx";--> statement-breakpoint
DROP INDEX "members_email_idx";--> statement-breakpoint
DROP INDEX "ministry_registrations_created_at_idx";--> statement-breakpoint
DROP INDEX "visitors_created_at_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name || ' ' || coalesce(nickname, '') || ' ' || email || ' ' || mobile)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "event_registrations_created_at_id_idx" ON "event_registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "members_created_at_id_idx" ON "members" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "members_last_first_name_id_idx" ON "members" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "members_search_text_trgm_idx" ON "members" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ministry_registrations_created_at_id_idx" ON "ministry_registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "visitors_created_at_id_idx" ON "visitors" USING btree ("created_at","id");