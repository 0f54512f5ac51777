-- Members kept their ministries by name ('Amplify (Music)') and their roles by the words shown
-- ('Amplify Head', 'SG Leader'), so renaming a ministry would orphan them. From here on they keep
-- ministry slugs and stable role keys (database/schema.ts says which); the screens show the names.
-- The pairs are written out as the content held them at this release, because a migration must
-- give the same result whatever the content says later. Each array keeps its order, and a value
-- that matches no pair is kept as it is.
UPDATE "members" SET "ministry_involvement" = ARRAY(
  SELECT coalesce(ministry.slug, stored.value)
  FROM unnest("members"."ministry_involvement") WITH ORDINALITY AS stored(value, position)
  LEFT JOIN (VALUES
    ('ACTS Kids', 'acts-kids'),
    ('Amplify (Music)', 'amplify'),
    ('AMPM (Prayer Meeting)', 'ampm'),
    ('CIA (General Services)', 'cia'),
    ('Cords (Couples)', 'cords'),
    ('Finance', 'finance'),
    ('Ignite (Media)', 'ignite'),
    ('IronMen (Men)', 'ironmen'),
    ('MMK (Evangelism)', 'mmk'),
    ('Program', 'programs'),
    ('Scribes', 'scribes'),
    ('SoundTech', 'soundtech'),
    ('TEE', 'tee'),
    ('The Gatekeepers', 'gatekeepers'),
    ('Transport', 'transport'),
    ('Yadah (Dance)', 'yadah')
  ) AS ministry(name, slug) ON ministry.name = stored.value
  ORDER BY stored.position
)
WHERE cardinality("ministry_involvement") > 0;--> statement-breakpoint
UPDATE "members" SET "ministry_role" = ARRAY(
  SELECT coalesce(role.key, stored.value)
  FROM unnest("members"."ministry_role") WITH ORDINALITY AS stored(value, position)
  LEFT JOIN (VALUES
    ('SG Leader', 'sg-leader'),
    ('Asst. SG Leader', 'asst-sg-leader'),
    ('ACTS Kids Head', 'head:acts-kids'),
    ('Amplify Head', 'head:amplify'),
    ('AMPM Head', 'head:ampm'),
    ('CIA Head', 'head:cia'),
    ('Cords Head', 'head:cords'),
    ('Finance Head', 'head:finance'),
    ('Ignite Head', 'head:ignite'),
    ('IronMen Head', 'head:ironmen'),
    ('MMK Head', 'head:mmk'),
    ('Program Head', 'head:programs'),
    ('Scribes Head', 'head:scribes'),
    ('SoundTech Head', 'head:soundtech'),
    ('TEE Head', 'head:tee'),
    ('The Gatekeepers Head', 'head:gatekeepers'),
    ('Transport Head', 'head:transport'),
    ('Yadah Head', 'head:yadah')
  ) AS role(name, key) ON role.name = stored.value
  ORDER BY stored.position
)
WHERE cardinality("ministry_role") > 0;
