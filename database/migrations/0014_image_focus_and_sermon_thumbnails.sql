ALTER TABLE "events" ADD COLUMN "image_focus_x" smallint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_focus_y" smallint;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "thumbnail_url" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "thumbnail_object_path" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_focus_in_picture" CHECK ("events"."image_focus_x" between 0 and 100 and "events"."image_focus_y" between 0 and 100);