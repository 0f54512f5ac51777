CREATE TABLE "event_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"frequency" text NOT NULL,
	"starts_on" date NOT NULL,
	"until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sermon_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sermon_series_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "is_series_exception" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "passage" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "notes_document_id" uuid;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_object_path" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_content_type" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_bytes" bigint;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_seconds" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermons" ADD CONSTRAINT "sermons_series_id_sermon_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."sermon_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermons" ADD CONSTRAINT "sermons_notes_document_id_documents_id_fk" FOREIGN KEY ("notes_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_series_occurrence_idx" ON "events" USING btree ("series_id","occurrence_date");--> statement-breakpoint
CREATE INDEX "sermons_series_date_idx" ON "sermons" USING btree ("series_id","sermon_date");