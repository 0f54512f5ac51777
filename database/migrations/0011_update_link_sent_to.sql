ALTER TABLE "member_update_links" ADD COLUMN "sent_to" text;--> statement-breakpoint
-- Links made before this release: one that was e-mailed was made in the same transaction as its
-- audit entry (the same now()), which names the address (staff's "E-mail an update link") or says
-- the member asked for it on the public page (sent to the member's address). A link shown as a QR
-- code proves no address and stays null.
UPDATE "member_update_links" AS l
  SET "sent_to" = lower(trim(a."details" ->> 'to'))
  FROM "audit_log" AS a
  WHERE a."action" = 'member.update-link-sent'
    AND a."subject_id" = l."member_id"::text
    AND a."at" = l."created_at"
    AND coalesce(a."details" ->> 'to', '') <> '';--> statement-breakpoint
UPDATE "member_update_links" AS l
  SET "sent_to" = lower(trim(m."email"))
  FROM "members" AS m, "audit_log" AS a
  WHERE l."sent_by" = 'member'
    AND l."sent_to" IS NULL
    AND m."id" = l."member_id"
    AND a."action" = 'member.update-link-requested'
    AND a."subject_id" = l."member_id"::text
    AND a."at" = l."created_at";
