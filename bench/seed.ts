// Bench data: a large church. Rows are made inside the database (generate_series), varied but
// reproducible: every "random" choice reads a byte of md5(kind || row number).
import { memberOptions } from "../app/content/member-options";
import { MINISTRY_SLUGS, ministries } from "../app/content/ministries";

export const SEED_COUNTS = {
  members: 10_000,
  visitors: 2_000,
  events: 200,
  sermons: 500,
  /** Split evenly between ministry and event registrations. */
  registrations: 5_000,
};

type RunSql = (text: string) => Promise<unknown[]>;

// The word lists stay one block each, easier to read than one word a line.
// prettier-ignore
const MALE = [
  "Juan", "Jose", "Mark", "John", "Paul", "Michael", "Carlo", "Rafael", "Miguel", "Daniel",
  "Joshua", "Gabriel", "Angelo", "Christian", "Joel", "Ramon", "Eduardo", "Ahmed", "Ali", "Samuel",
  "David", "Peter", "James", "Noel", "Arnel", "Romeo", "Jerome", "Kenneth", "Ryan", "Vincent",
];
// prettier-ignore
const FEMALE = [
  "Maria", "Ana", "Grace", "Joy", "Mary", "Angela", "Kristine", "Jasmine", "Camille", "Patricia",
  "Rose", "Michelle", "Sarah", "Ruth", "Esther", "Faith", "Hope", "Liza", "Marites", "Fatima",
  "Leah", "Rebecca", "Hannah", "Cristina", "Jenny", "Aileen", "Rowena", "Sheila", "Lovely", "Divina",
];
// prettier-ignore
const LAST = [
  "Santos", "Reyes", "Cruz", "Bautista", "Ocampo", "Garcia", "Mendoza", "Torres", "Villanueva", "Ramos",
  "Aquino", "Castillo", "Flores", "Gonzales", "Dela Cruz", "Fernandez", "Lopez", "Navarro", "Domingo", "Pascual",
  "Mercado", "Aguilar", "Salazar", "Rivera", "De Leon", "Soriano", "Manalo", "Tolentino", "Perez", "Lim",
  "Al-Khalifa", "Haddad", "Mathew", "Thomas", "Joseph", "Varghese", "Smith", "Johnson", "Fernando", "Silva",
];
// prettier-ignore
const NICKNAMES = ["Jun", "Jojo", "Bong", "Toto", "Nene", "Inday", "Bebe", "Chito", "Mimi", "Dodong", "Ging", "Pia"];
// prettier-ignore
const TOWNS = ["Manama", "Juffair", "Adliya", "Riffa", "Isa Town", "Hamad Town", "Muharraq", "Seef", "Sanabis", "Tubli"];
// prettier-ignore
const PH_CITIES = ["Quezon City", "Cebu City", "Davao City", "Iloilo City", "Baguio", "Batangas", "Pampanga", "Laguna"];
const DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com", "icloud.com", "example.org"];
// Members keep ministries and roles as the member form posts them (its choices' values).
const { ministries: MINISTRY_CHOICES, roles: ROLE_CHOICES } = memberOptions(ministries);
const MINISTRY_KEYS = MINISTRY_CHOICES.map((choice) => choice.value);
const ROLE_KEYS = ROLE_CHOICES.map((choice) => choice.value);
const POSITIONS = ["Deacon", "Deaconess", "Elder", "Church Board Chairman", "Acts Pastor"];
const VISITOR_MESSAGES = [
  "I would like to know more about your Friday service.",
  "Is there a Bible study group near Riffa?",
  "We just moved to Bahrain and are looking for a church family.",
  "Please pray for my mother who is in hospital.",
  "Do you have a children's ministry on Fridays?",
  "How can I join the music ministry?",
  "Thank you for the warm welcome last week!",
  "What time does the prayer meeting start?",
];
// prettier-ignore
const EVENT_TITLES = [
  "Family Fun Day", "Worship Night", "Prayer and Fasting", "Youth Camp", "Couples Dinner",
  "Men's Breakfast", "Women's Fellowship", "Outreach at Labour Camp", "Baptism Service", "Bible Quiz Night",
  "Christmas Cantata", "Easter Sunrise Service", "Leadership Training", "Kids Vacation Bible School", "Sports Fest",
];
// prettier-ignore
const LOCATIONS = [
  "Main Hall", "Fellowship Hall", "Community Sports Court, Manama", "Beach Park, Budaiya", "Hotel Ballroom, Juffair",
];
// prettier-ignore
const SPEAKERS = [
  "Pastor Daniel Cruz", "Pastor Ruth Santos", "Elder Mark Reyes", "Rev. John Mathew", "Guest Speaker", "Pastor Joel Garcia",
];
// prettier-ignore
const SERMON_TITLES = [
  "Walking by Faith", "The Good Shepherd", "Grace Upon Grace", "Living Water", "The Prodigal Son",
  "Fruit of the Spirit", "Armour of God", "The Lord's Prayer", "Faith That Moves Mountains", "Love One Another",
  "Peace in the Storm", "Salt and Light", "The Great Commission", "Hope That Does Not Disappoint", "Rest for the Weary",
];
const REGISTRATION_MESSAGES = [
  "Coming with my family (4).",
  "Can I bring a friend?",
  "Need a ride from Riffa.",
  "Vegetarian meal please.",
];

/** A SQL text[] literal of fixed words (our own constants; quotes doubled anyway). */
function textArray(words: readonly string[]) {
  return `ARRAY[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(",")}]::text[]`;
}

/** Picks from a list with one byte (0-255) of the row's hash. */
function pick(list: string, byte: string) {
  return `(${list})[1 + ${byte} % cardinality(${list})]`;
}

/**
 * Three in four members in a Bible study group (Group 1-3, on Thursdays) and half in a
 * SALT group named after a town, as the registry's two group fields held them before groups.
 */
function groupsSql(): string[] {
  // One statement each: the control socket runs one statement per call.
  return [
    `
INSERT INTO groups (kind, name, meeting_day, meeting_time, area, is_open, description)
SELECT 'bible-study', 'Group ' || k, 4, '19:30', (${textArray(TOWNS)})[k], true,
  'Thursday Bible study: we read a passage together, share and pray.'
FROM generate_series(1, 3) AS k
ON CONFLICT DO NOTHING`,
    `
INSERT INTO groups (kind, name, meeting_day, meeting_time, area, is_open, description)
SELECT 'salt', 'SALT ' || town, 2 + k % 4, '19:30', town, k % 3 > 0, 'A small group that meets in a home in ' || town || '.'
FROM unnest(${textArray(TOWNS)}) WITH ORDINALITY AS t(town, k)
ON CONFLICT DO NOTHING`,
    `INSERT INTO group_members (group_id, member_id, joined_on)
SELECT g.id, m.id, m.created_at::date FROM members m
JOIN groups g ON g.kind = 'bible-study' AND g.name = 'Group ' || (abs(hashtext(m.id::text)) % 4)
ON CONFLICT DO NOTHING`,
    `INSERT INTO group_members (group_id, member_id, joined_on)
SELECT g.id, m.id, m.created_at::date FROM members m
JOIN groups g ON g.kind = 'salt'
  AND g.name = 'SALT ' || (${textArray(TOWNS)})[1 + abs(hashtext(m.id::text || 's')) % ${TOWNS.length}]
WHERE abs(hashtext(m.id::text)) % 2 = 0
ON CONFLICT DO NOTHING`,
  ];
}

function membersSql(count: number) {
  const male = textArray(MALE);
  const female = textArray(FEMALE);
  const last = textArray(LAST);
  const b = (n: number) => `get_byte(h, ${n})`;
  return `
INSERT INTO members (first_name, middle_name, last_name, nickname, email, mobile, country_code,
  address_bh, address_ph, birthday, water_baptism_date, gender, marital_status, spouse_name, children,
  wedding_anniversary, ministry_involvement, membership_status, ministry_role, church_position, created_at)
SELECT first_name, middle_name, last_name, nickname,
  lower(replace(first_name || '.' || last_name, ' ', '')) || i || '@' || ${pick(textArray(DOMAINS), b(15))},
  mobile, country_code, address_bh, address_ph, birthday,
  CASE WHEN ${b(7)} % 10 < 6 THEN least(birthday + 4400 + (${b(8)} * 40), current_date - 1) END,
  gender, marital_status,
  CASE WHEN marital_status = 'Married'
    THEN CASE WHEN gender = 'Male' THEN ${pick(female, b(9))} ELSE ${pick(male, b(9))} END || ' ' || last_name END,
  CASE WHEN marital_status = 'Married' AND ${b(10)} % 4 > 0 THEN (
    SELECT jsonb_agg(jsonb_build_object(
      'name', ${pick(`CASE WHEN (${b(11)} + k) % 2 = 0 THEN ${male} ELSE ${female} END`, `(${b(12)} + k * 7)`)} || ' ' || last_name,
      'birthday', to_char(least(wedding + 500 + k * 800, current_date - 30), 'YYYY-MM-DD'),
      'gender', CASE WHEN (${b(11)} + k) % 2 = 0 THEN 'Male' ELSE 'Female' END) ORDER BY k)
    FROM generate_series(1, ${b(10)} % 4) AS k)
  ELSE '[]'::jsonb END,
  CASE WHEN marital_status = 'Married' THEN wedding END,
  ARRAY(SELECT (${textArray(MINISTRY_KEYS)})[1 + (${b(13)} + k * 5) % ${MINISTRY_KEYS.length}]
        FROM generate_series(1, ${b(14)} % 4) AS k),
  CASE WHEN ${b(1)} % 100 < 88 THEN 'active' WHEN ${b(1)} % 100 < 94 THEN 'inactive'
       WHEN ${b(1)} % 100 < 97 THEN 'left' ELSE 'transferred' END,
  CASE WHEN ${b(5)} % 100 < 6 THEN ARRAY[${pick(textArray(ROLE_KEYS), b(6))}] ELSE '{}'::text[] END,
  CASE WHEN ${b(5)} % 100 < 92 THEN 'Member' ELSE ${pick(textArray(POSITIONS), b(6))} END,
  now() - i * interval '37 minutes'
FROM (
  SELECT i, h, gender, first_name, last_name, marital_status, birthday,
    greatest(birthday + 7300 + (${b(11)} * 256 + ${b(12)}) % 9000, date '1975-01-01') AS wedding,
    CASE WHEN ${b(4)} % 10 < 3 THEN NULL ELSE ${pick(last, b(5))} END AS middle_name,
    CASE WHEN ${b(6)} % 10 < 3 THEN ${pick(textArray(NICKNAMES), b(7))} END AS nickname,
    CASE WHEN ${b(8)} % 10 < 7 THEN '+973' ELSE '+63' END AS country_code,
    CASE WHEN ${b(8)} % 10 < 7
      THEN '3' || lpad(((${b(9)} * 65536 + ${b(10)} * 256 + ${b(11)}) % 10000000)::text, 7, '0')
      ELSE '9' || lpad(((${b(9)}::bigint * 16777216 + ${b(10)} * 65536 + ${b(11)} * 256 + ${b(12)}) % 1000000000)::text, 9, '0')
    END AS mobile,
    'Flat ' || (1 + ${b(13)} % 40) || ', Building ' || (100 + ${b(14)} * 7) || ', Road ' || (1000 + ${b(15)} * 13)
      || ', Block ' || (300 + ${b(13)} % 90) || ', ' || ${pick(textArray(TOWNS), b(14))} AS address_bh,
    CASE WHEN ${b(15)} % 10 < 4 THEN ${pick(textArray(PH_CITIES), b(13))} || ', Philippines' END AS address_ph
  FROM (
    SELECT i, h,
      CASE WHEN ${b(0)} % 2 = 0 THEN 'Male' ELSE 'Female' END AS gender,
      CASE WHEN ${b(0)} % 2 = 0 THEN ${pick(male, b(1))} ELSE ${pick(female, b(1))} END AS first_name,
      ${pick(last, `(${b(2)} * 256 + ${b(3)})`)} AS last_name,
      CASE WHEN ${b(10)} % 100 < 45 THEN 'Married' WHEN ${b(10)} % 100 < 88 THEN 'Single'
           WHEN ${b(10)} % 100 < 95 THEN 'Widowed' END AS marital_status,
      CASE WHEN ${b(6)} % 20 > 0 THEN date '1940-01-01' + (${b(8)} * 256 + ${b(9)}) % 29000 END AS birthday
    FROM (SELECT i, decode(md5('member-' || i), 'hex') AS h FROM generate_series(1, ${count}) AS i) AS rows
  ) AS base
) AS member`;
}

function visitorsSql(count: number) {
  const b = (n: number) => `get_byte(h, ${n})`;
  return `
INSERT INTO visitors (name, mobile, email, message, created_at)
SELECT first_name || ' ' || last_name,
  '+973 3' || lpad(((${b(4)} * 65536 + ${b(5)} * 256 + ${b(6)}) % 10000000)::text, 7, '0'),
  lower(replace(first_name, ' ', '')) || '.visitor' || i || '@' || ${pick(textArray(DOMAINS), b(7))},
  ${pick(textArray(VISITOR_MESSAGES), b(8))},
  now() - i * interval '5 hours' - ${b(9)} * interval '1 minute'
FROM (
  SELECT i, h,
    CASE WHEN ${b(0)} % 2 = 0 THEN ${pick(textArray(MALE), b(1))} ELSE ${pick(textArray(FEMALE), b(1))} END AS first_name,
    ${pick(textArray(LAST), b(2))} AS last_name
  FROM (SELECT i, decode(md5('visitor-' || i), 'hex') AS h FROM generate_series(1, ${count}) AS i) AS rows
) AS visitor`;
}

function eventsSql(count: number) {
  const b = (n: number) => `get_byte(h, ${n})`;
  // Half in the past, half upcoming, every 3 days.
  return `
INSERT INTO events (title, event_date, event_time, event_end_time, speaker, location_name, google_maps_url,
  description, created_at)
SELECT ${pick(textArray(EVENT_TITLES), b(0))} || ' ' || extract(year FROM event_date),
  event_date,
  time '09:00' + (${b(1)} % 20) * interval '30 minutes',
  time '09:00' + (${b(1)} % 20 + 4) * interval '30 minutes',
  CASE WHEN ${b(2)} % 3 > 0 THEN ${pick(textArray(SPEAKERS), b(3))} END,
  ${pick(textArray(LOCATIONS), b(4))},
  'https://maps.google.com/?q=' || round(26.2 + ${b(5)} / 1000.0, 3) || ',' || round(50.5 + ${b(6)} / 1000.0, 3),
  'Join us for an afternoon of fellowship, worship and food. Bring your family and friends: '
    || 'everyone is welcome. Registration helps us plan seats and meals.',
  now() - i * interval '1 day'
FROM (SELECT i, decode(md5('event-' || i), 'hex') AS h, current_date + (i - ${Math.floor(count / 2)}) * 3 AS event_date
      FROM generate_series(1, ${count}) AS i) AS rows`;
}

function sermonsSql(count: number) {
  const b = (n: number) => `get_byte(h, ${n})`;
  // Fridays, one a week going back from the last one.
  return `
INSERT INTO sermons (sermon_date, title, speaker, youtube_id, created_at)
SELECT current_date - ((extract(dow FROM current_date)::int + 2) % 7) - 7 * (i - 1),
  ${pick(textArray(SERMON_TITLES), b(0))} || CASE WHEN ${b(1)} % 3 = 0 THEN ' (Part ' || (1 + ${b(2)} % 4) || ')' ELSE '' END,
  ${pick(textArray(SPEAKERS), b(3))},
  substr(md5('youtube-' || i), 1, 11),
  now() - i * interval '7 days'
FROM (SELECT i, decode(md5('sermon-' || i), 'hex') AS h FROM generate_series(1, ${count}) AS i) AS rows`;
}

function ministryRegistrationsSql(count: number) {
  const b = (n: number) => `get_byte(h, ${n})`;
  return `
INSERT INTO ministry_registrations (ministry_slug, name, email, mobile, created_at)
SELECT ${pick(textArray(MINISTRY_SLUGS), b(0))},
  ${pick(textArray([...MALE, ...FEMALE]), b(1))} || ' ' || ${pick(textArray(LAST), b(2))},
  'member.signup' || i || '@' || ${pick(textArray(DOMAINS), b(3))},
  '+973 3' || lpad(((${b(4)} * 65536 + ${b(5)} * 256 + ${b(6)}) % 10000000)::text, 7, '0'),
  now() - i * interval '3 hours'
FROM (SELECT i, decode(md5('ministry-registration-' || i), 'hex') AS h FROM generate_series(1, ${count}) AS i) AS rows`;
}

function eventRegistrationsSql(count: number) {
  const b = (n: number) => `get_byte(h, ${n})`;
  return `
INSERT INTO event_registrations (event_id, event_title, name, email, mobile, message, created_at)
SELECT e.id, e.title,
  ${pick(textArray([...MALE, ...FEMALE]), b(1))} || ' ' || ${pick(textArray(LAST), b(2))},
  'event.signup' || i || '@' || ${pick(textArray(DOMAINS), b(3))},
  '+973 3' || lpad(((${b(4)} * 65536 + ${b(5)} * 256 + ${b(6)}) % 10000000)::text, 7, '0'),
  CASE WHEN ${b(7)} % 10 < 3 THEN ${pick(textArray(REGISTRATION_MESSAGES), b(8))} END,
  now() - i * interval '3 hours'
FROM (SELECT i, decode(md5('event-registration-' || i), 'hex') AS h FROM generate_series(1, ${count}) AS i) AS rows
JOIN (SELECT id, title, row_number() OVER (ORDER BY event_date, id) AS n, count(*) OVER () AS total FROM events) AS e
  ON e.n = 1 + (${b(0)} * 256 + ${b(9)}) % e.total`;
}

export interface SeedReport {
  seconds: number;
  rows: Record<string, number>;
}

/** Inserts the bench data and returns the row counts of the tables it filled. */
export async function seedBenchData(runSql: RunSql, counts = SEED_COUNTS): Promise<SeedReport> {
  const started = performance.now();
  const half = Math.floor(counts.registrations / 2);
  await runSql(membersSql(counts.members));
  for (const statement of groupsSql()) await runSql(statement);
  await runSql(visitorsSql(counts.visitors));
  await runSql(eventsSql(counts.events));
  await runSql(sermonsSql(counts.sermons));
  await runSql(ministryRegistrationsSql(half));
  await runSql(eventRegistrationsSql(counts.registrations - half));
  await runSql("ANALYZE");
  const [row] = (await runSql(`
SELECT (SELECT count(*) FROM members)::int AS members,
  (SELECT count(*) FROM members WHERE membership_status = 'active')::int AS active_members,
  (SELECT count(*) FROM visitors)::int AS visitors,
  (SELECT count(*) FROM events)::int AS events,
  (SELECT count(*) FROM events WHERE event_date >= current_date)::int AS upcoming_events,
  (SELECT count(*) FROM sermons)::int AS sermons,
  (SELECT count(*) FROM ministry_registrations)::int AS ministry_registrations,
  (SELECT count(*) FROM event_registrations)::int AS event_registrations`)) as Record<string, number>[];
  return { seconds: (performance.now() - started) / 1000, rows: row ?? {} };
}
