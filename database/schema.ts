// The one database schema: PGlite (embedded) and PostgreSQL run the same tables and migrations.
// Date-only fields are SQL `date` read as 'YYYY-MM-DD' strings, so no time zone can shift a day.
import { sql } from "drizzle-orm";
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------------------------
// Accounts (better-auth). Property names are the library's field names; columns are snake_case.
// ---------------------------------------------------------------------------------------------

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  username: text("username").unique(),
  displayUsername: text("display_username"),
  /**
   * A built-in role's key ('admin', 'pastor', 'staff', 'editor', 'ministry-head') or the id of one of the
   * church's own roles (staff_roles); see app/lib/permissions.ts.
   */
  role: text("role").notNull().default("staff"),
  /** The ministries (slugs) the account looks after: all a role limited to ministries reaches. */
  ministries: text("ministries")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The member of the registry this account belongs to, when linked (issue 34). */
  memberId: uuid("member_id")
    .unique()
    .references((): AnyPgColumn => members.id, { onDelete: "set null" }),
  /** A disabled account ('banned' in the auth library's words) cannot sign in. */
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  /** Made with a temporary password: the person must choose their own before anything else. */
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  /**
   * The 30-second time step of the last authenticator code that signed this account in: a code
   * of that step or an earlier one is refused, so a code (seen over a shoulder) works once.
   */
  totpLastStep: integer("totp_last_step"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The church's own roles (issue 34): a name and a level per permission area. The built-in roles
 * (Admin, Staff, Editor, Ministry head) live in code; an account's `role` names either.
 */
export const staffRoles = pgTable(
  "staff_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** { area: level }, e.g. { "sermons": "edit" }; an area left out is "none". */
    levels: jsonb("levels").$type<Record<string, string>>().notNull().default({}),
    /** Reaches only what belongs to the account's ministries. */
    ministryOnly: boolean("ministry_only").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("staff_roles_name_idx").on(sql`lower(${t.name})`)],
);

/** An account's authenticator-app secret and backup codes (encrypted by the auth library). */
export const twoFactors = pgTable(
  "two_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** False while the set-up waits for the first code from the app. */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------------------------------------
// Infrastructure
// ---------------------------------------------------------------------------------------------

/** Small key/value store for install-wide facts (demo seed done, passcode hash, ...). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * The audit log: who did what, when and from where. Append-only: the database refuses UPDATE and
 * DELETE on it (a trigger), and nothing in the app offers either. Entries keep the actor's and the
 * subject's names as they were, so they still read right after an account or member is gone.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff account, or null for the system, the console or a visitor. */
    actorId: uuid("actor_id"),
    /** E-mail of the account, or 'system', 'console', 'registration-passcode', 'visitor'. */
    actorLabel: text("actor_label").notNull(),
    ip: text("ip"),
    /** e.g. 'member.updated', 'export.report', 'staff.role-changed', 'auth.sign-in-failed'. */
    action: text("action").notNull(),
    /** 'member', 'staff', 'section', 'sermon', 'event', 'document', 'report', ... */
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    subjectLabel: text("subject_label"),
    /** What changed: { changes: [{ field, from, to }] }, { rows: 12 }, ... */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_actor_at_idx").on(t.actorId, t.at),
    index("audit_log_subject_at_idx").on(t.subjectType, t.subjectId, t.at),
    index("audit_log_action_at_idx").on(t.action, t.at),
  ],
);

/** Fixed-window counters shared by every app server (sign-in attempts, public forms). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/**
 * The church's website content, one JSON document per section ('church', 'service-times',
 * 'pastors', 'ministry:amplify', ...), validated by `app/schemas/site-content.ts`. `version`
 * counts saves: a save names the version it was opened at and is refused when another came first.
 */
export const siteSections = pgTable("site_sections", {
  key: text("key").primaryKey(),
  data: jsonb("data").notNull(),
  version: integer("version").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").notNull(),
});

/** Every saved version of every section (the first is the default), for history and restore. */
export const siteSectionRevisions = pgTable(
  "site_section_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sectionKey: text("section_key").notNull(),
    version: integer("version").notNull(),
    data: jsonb("data").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff account's name as it was, or 'Default content' for the first version. */
    savedBy: text("saved_by").notNull(),
    /** What the save did, e.g. 'Restored version 2'. */
    note: text("note"),
  },
  (t) => [uniqueIndex("site_section_revisions_key_version_idx").on(t.sectionKey, t.version)],
);

// ---------------------------------------------------------------------------------------------
// The church's data (product spec section 3)
// ---------------------------------------------------------------------------------------------

export interface Child {
  name: string;
  birthday: string | null;
  gender: string | null;
}

export const members = pgTable(
  "members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name"),
    lastName: text("last_name").notNull(),
    nickname: text("nickname"),
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    /** The language the person used, for what the site sends them (issue 39): 'en' or 'fil'. */
    language: text("language").$type<"en" | "fil">().notNull().default("en"),
    countryCode: text("country_code").notNull().default("+973"),
    addressBh: text("address_bh"),
    addressPh: text("address_ph"),
    birthday: date("birthday", { mode: "string" }),
    waterBaptismDate: date("water_baptism_date", { mode: "string" }),
    gender: text("gender"),
    maritalStatus: text("marital_status"),
    spouseName: text("spouse_name"),
    children: jsonb("children").$type<Child[]>().notNull().default([]),
    weddingAnniversary: date("wedding_anniversary", { mode: "string" }),
    /**
     * The member's ministries by slug ('amplify'), in the order chosen, so renaming a ministry
     * orphans nothing; screens and exports show the names from the site content. Releases before
     * migration 0002 stored names ('Amplify (Music)'); that migration rewrote them.
     */
    ministryInvolvement: text("ministry_involvement")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    membershipStatus: text("membership_status").notNull().default("active"),
    /**
     * The member's roles by stable key, in the order chosen: 'sg-leader' (SG Leader),
     * 'asst-sg-leader' (Asst. SG Leader) and 'head:{ministry slug}' ('{short name} Head', e.g.
     * 'head:amplify' is 'Amplify Head'). Migration 0002 rewrote the names stored before; a value
     * that matched no role was kept as it was, and shows as stored.
     */
    ministryRole: text("ministry_role")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    churchPosition: text("church_position").notNull().default("Member"),
    createdAt: createdAt(),
    /**
     * Set when staff delete the member: the row stays, hidden from every list, report and export,
     * under "Recently deleted" for 30 days (restorable with everything), then is removed for good.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The e-mail of the account that deleted the member, for the "Recently deleted" list. */
    deletedBy: text("deleted_by"),
    /**
     * Registered through the passcode form while another member had the same details: saved (the
     * form does not tell who is a member), and flagged for staff to keep or delete.
     */
    possibleDuplicate: boolean("possible_duplicate").notNull().default(false),
    /** The spreadsheet import that created the member (undoing the import removes it). */
    importId: uuid("import_id").references(() => memberImports.id, { onDelete: "set null" }),
    /**
     * What the membership list searches, lower-cased once on write: the name parts, e-mail and
     * mobile, space-separated so that a search word (never containing a space) cannot match
     * across two fields. A trigram index finds `like '%word%'` in it without reading every row.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || coalesce(middle_name, '') || ' ' || last_name || ' ' || coalesce(nickname, '') || ' ' || email || ' ' || mobile)`,
      ),
  },
  (t) => [
    // Every list and export reads in a fixed order ending in the unique id, so it can go on
    // from the last row it sent (keyset batches) instead of counting past skipped rows.
    index("members_created_at_id_idx").on(t.createdAt, t.id),
    index("members_last_first_name_id_idx").on(t.lastName, t.firstName, t.id),
    index("members_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("members_status_idx").on(t.membershipStatus),
    index("members_deleted_at_idx").on(t.deletedAt),
    index("members_import_id_idx").on(t.importId),
  ],
);

/**
 * A spreadsheet of members being imported: uploaded (the parsed cells wait here while staff map
 * the columns and read the preview), then imported in one transaction, and perhaps undone as a
 * whole. The cells are cleared once the import is done or abandoned.
 */
export const memberImports = pgTable(
  "member_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    /** 'draft' (mapping and preview), 'imported', 'undone'. */
    status: text("status").notNull().default("draft"),
    /** The header row as read from the file. */
    headers: jsonb("headers").$type<string[]>().notNull().default([]),
    /** The data rows as read from the file, cell by cell; emptied after the import. */
    rows: jsonb("rows").$type<string[][]>().notNull().default([]),
    /** Column index -> member field, as staff chose it. */
    mapping: jsonb("mapping").$type<Record<string, string>>().notNull().default({}),
    rowCount: integer("row_count").notNull().default(0),
    importedCount: integer("imported_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    createdBy: uuid("created_by"),
    createdByLabel: text("created_by_label").notNull(),
    createdAt: createdAt(),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneByLabel: text("undone_by_label"),
  },
  (t) => [index("member_imports_created_at_idx").on(t.createdAt)],
);

/**
 * One-time form tokens: a form carries a fresh token, and the action that saves it records the
 * token in the same transaction, so a second post of the same form (double click, slow network,
 * Back and resubmit) finds it and creates nothing new.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    token: text("token").primaryKey(),
    /** Which form, e.g. 'member.register'. */
    form: text("form").notNull(),
    /** What the first post created (e.g. the member's id), to answer a repeat with it. */
    resultId: text("result_id"),
    createdAt: createdAt(),
  },
  (t) => [index("form_submissions_created_at_idx").on(t.createdAt)],
);

export const visitors = pgTable(
  "visitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    mobile: text("mobile").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    /** The language the person used, for what the site sends them (issue 39): 'en' or 'fil'. */
    language: text("language").$type<"en" | "fil">().notNull().default("en"),
    createdAt: createdAt(),
  },
  (t) => [index("visitors_created_at_id_idx").on(t.createdAt, t.id)],
);

export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    category: text("category").notNull(),
    storageObjectPath: text("storage_object_path").notNull(),
    /** What the eLibrary shows; null until staff give one (the file name and a fixed text). */
    title: text("title"),
    description: text("description"),
    /** Counts edits of the title, description and category, for the editor's version check. */
    version: integer("version").notNull().default(1),
    /** Who last edited the details, and when (null until someone does). */
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    /** Added by the first start's demo seed: "Remove demo content" deletes exactly these. */
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_created_at_idx").on(t.createdAt),
    index("documents_category_created_at_idx").on(t.category, t.createdAt),
  ],
);

/** A run of sermons preached together (e.g. "Romans: the gospel of grace"), with its own page. */
export const sermonSeries = pgTable("sermon_series", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** The series page's address: /media/sermons/series/{slug}. */
  slug: text("slug").notNull().unique(),
  description: text("description"),
  createdAt: createdAt(),
});

export const sermons = pgTable(
  "sermons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sermonDate: date("sermon_date", { mode: "string" }).notNull(),
    title: text("title").notNull(),
    speaker: text("speaker").notNull(),
    youtubeId: text("youtube_id").notNull(),
    /** The series it belongs to, if any; a removed series leaves its sermons standing alone. */
    seriesId: uuid("series_id").references(() => sermonSeries.id, { onDelete: "set null" }),
    /** The Bible passage preached on, as written (e.g. "John 3:1-21"). */
    passage: text("passage"),
    description: text("description"),
    /** The Filipino title and description (issue 39); null shows the English ones. */
    titleFil: text("title_fil"),
    descriptionFil: text("description_fil"),
    /** Sermon notes: a document of the eLibrary (removing the document unlinks it). */
    notesDocumentId: uuid("notes_document_id").references(() => documents.id, { onDelete: "set null" }),
    /** The uploaded recording (MP3 or M4A) in our store, its type and size (the podcast enclosure). */
    audioObjectPath: text("audio_object_path"),
    audioContentType: text("audio_content_type"),
    audioBytes: bigint("audio_bytes", { mode: "number" }),
    /** How long the recording plays, when it could be read from the file. */
    audioSeconds: integer("audio_seconds"),
    /**
     * The video's picture, fetched once from the video platform when the sermon is saved and kept
     * in our store as an uploaded picture is (null when it could not be fetched: the card shows
     * its plain background). Pages never ask the platform for it.
     */
    thumbnailUrl: text("thumbnail_url"),
    thumbnailObjectPath: text("thumbnail_object_path"),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("sermons_sermon_date_idx").on(t.sermonDate),
    index("sermons_created_at_idx").on(t.createdAt),
    index("sermons_series_date_idx").on(t.seriesId, t.sermonDate),
  ],
);

export const ministryVideos = pgTable(
  "ministry_videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    youtubeId: text("youtube_id").notNull(),
    ministrySlug: text("ministry_slug").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ministry_videos_slug_created_at_idx").on(t.ministrySlug, t.createdAt),
    index("ministry_videos_created_at_idx").on(t.createdAt),
  ],
);

export const ministryImages = pgTable("ministry_images", {
  ministrySlug: text("ministry_slug").primaryKey(),
  imageUrl: text("image_url").notNull(),
  /** Where the file lives in our store, so replacing the image can delete the old file. */
  storageObjectPath: text("storage_object_path"),
  updatedAt: updatedAt(),
});

/**
 * A repeating event (the Friday service, a monthly visitation): the rule its dates follow. Each
 * date is an ordinary row of `events` (its own registrations, seats, check-in), made when the
 * series is saved, so any one date can be edited or removed without touching the others.
 */
export const eventSeries = pgTable("event_series", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** "weekly", "monthly-date" (the same day of the month) or "monthly-weekday" (e.g. the first Saturday). */
  frequency: text("frequency").notNull(),
  /** The first date of the series and the last one it may reach (null: no end date). */
  startsOn: date("starts_on", { mode: "string" }).notNull(),
  until: date("until", { mode: "string" }),
  /**
   * The dates of the series have rows up to this one. A series without an end date gets rows a
   * year ahead, and the daily job adds each new day's (a date staff removed is never made again).
   */
  madeThrough: date("made_through", { mode: "string" }).notNull(),
  createdAt: createdAt(),
});

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    eventTime: time("event_time").notNull(),
    eventEndTime: time("event_end_time"),
    speaker: text("speaker"),
    locationName: text("location_name").notNull(),
    googleMapsUrl: text("google_maps_url").notNull(),
    description: text("description"),
    /** The Filipino title and description (issue 39); null shows the English ones. */
    titleFil: text("title_fil"),
    descriptionFil: text("description_fil"),
    imageUrl: text("image_url"),
    /** Where an uploaded image lives in our store (null for none or an outside URL). */
    imageObjectPath: text("image_object_path"),
    /**
     * The picture's focal point, in percent of its width and height from the top left: each place
     * that crops the picture to its own shape keeps this point in view (CSS object-position). Found
     * at upload (sharp's attention strategy) or chosen by staff; null for the centre.
     */
    imageFocusX: smallint("image_focus_x"),
    imageFocusY: smallint("image_focus_y"),
    /** Seats for registrants; null for no limit. Registrations beyond it join the waitlist. */
    capacity: integer("capacity"),
    /** The moment registration closes; null for open until the event's day is over. */
    registrationDeadline: timestamp("registration_deadline", { withTimezone: true }),
    /** The series this date belongs to (null for a one-off event). */
    seriesId: uuid("series_id").references(() => eventSeries.id, { onDelete: "set null" }),
    /** The date the series' rule gave this row (a calendar's RECURRENCE-ID), even if moved since. */
    occurrenceDate: date("occurrence_date", { mode: "string" }),
    /** Edited on its own: calendars show it as a changed date of the series. */
    isSeriesException: boolean("is_series_exception").notNull().default(false),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("events_event_date_idx").on(t.eventDate),
    index("events_created_at_idx").on(t.createdAt),
    index("events_series_occurrence_idx").on(t.seriesId, t.occurrenceDate),
    check(
      "events_image_focus_in_picture",
      sql`${t.imageFocusX} between 0 and 100 and ${t.imageFocusY} between 0 and 100`,
    ),
  ],
);

export const ministryRegistrations = pgTable(
  "ministry_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ministrySlug: text("ministry_slug").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    /** The language the person used, for what the site sends them (issue 39): 'en' or 'fil'. */
    language: text("language").$type<"en" | "fil">().notNull().default("en"),
    /** The person agreed to receive the church's e-mails (asked apart from the sign-up itself). */
    emailConsent: boolean("email_consent").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("ministry_registrations_created_at_id_idx").on(t.createdAt, t.id)],
);

export type RegistrationStatus = "confirmed" | "waitlisted" | "cancelled";

export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A registration outlives its event: the title is kept for the grouped list and CSV.
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    eventTitle: text("event_title").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    /** The language the person used, for what the site sends them (issue 39): 'en' or 'fil'. */
    language: text("language").$type<"en" | "fil">().notNull().default("en"),
    message: text("message"),
    /** 'confirmed' (has a seat), 'waitlisted' (waits for one) or 'cancelled' (by the registrant). */
    status: text("status").$type<RegistrationStatus>().notNull().default("confirmed"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When staff marked the person as arrived at the event (check-in). */
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    /** The person agreed to receive the church's e-mails (asked apart from the registration). */
    emailConsent: boolean("email_consent").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("event_registrations_created_at_id_idx").on(t.createdAt, t.id),
    index("event_registrations_event_status_idx").on(t.eventId, t.status, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Privacy (issue 23): consents, and the links and review queue of members' own corrections
// ---------------------------------------------------------------------------------------------

/** 'registry': to be kept in the member registry (children's details included, the parent's
 * consent); 'email': to receive the church's e-mails; 'digest': to receive the weekly digest
 * (issue 35; it reaches only those who may receive e-mails too). */
export type ConsentKind = "registry" | "email" | "digest";

/**
 * A consent a member gave: when, under which version of the privacy notice, and who recorded it
 * (a staff account's e-mail, 'registration-passcode' for the registration form, or 'member' for
 * the member's own update link). Withdrawing sets `withdrawn_at`; a consent given again is a new
 * row, so the history stays readable.
 */
export const consents = pgTable(
  "consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ConsentKind>().notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
    noticeVersion: integer("notice_version").notNull(),
    recordedBy: text("recorded_by").notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnBy: text("withdrawn_by"),
  },
  (t) => [index("consents_member_kind_idx").on(t.memberId, t.kind, t.givenAt)],
);

/**
 * A member's own update link: single use, valid for 7 days. Only a hash of its token is kept, so
 * the table alone opens nothing.
 */
export const memberUpdateLinks = pgTable(
  "member_update_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The staff account's e-mail, or 'member' when the person asked for it on the public page. */
    sentBy: text("sent_by").notNull(),
    /**
     * The address the link was e-mailed to (trimmed, lower case): holding the link proves the
     * person reads that address, so their own download holds what came in with it. Null for a
     * link shown as a QR code, which proves no address.
     */
    sentTo: text("sent_to"),
  },
  (t) => [index("member_update_links_member_idx").on(t.memberId, t.createdAt)],
);

export type UpdateChangeStatus = "pending" | "accepted" | "rejected";

export interface MemberUpdateChange {
  field: string;
  from: unknown;
  to: unknown;
  status: UpdateChangeStatus;
  decidedBy?: string;
  decidedAt?: string;
}

/** What a member sent through their update link, waiting for staff to accept or reject each change. */
export const memberUpdateRequests = pgTable(
  "member_update_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    linkId: uuid("link_id").references(() => memberUpdateLinks.id, { onDelete: "set null" }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb("changes").$type<MemberUpdateChange[]>().notNull(),
    /** Set once every change has been accepted or rejected. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("member_update_requests_open_idx").on(t.decidedAt, t.submittedAt)],
);

// ---------------------------------------------------------------------------------------------
// Messages: the e-mail outbox, the staff inbox and who is told what
// ---------------------------------------------------------------------------------------------

/**
 * Every e-mail the site sends, written in the same transaction as what caused it and sent by the
 * outbox worker. A worker leases a row (`locked_until`) before sending, so two servers never send
 * the same row, and a server killed mid-send leaves a lease that runs out and is taken again.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What it is, e.g. 'confirmation.connect', 'notification.event', 'reply'. */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** [{ filename, contentType, content (base64) }], e.g. an event's .ics. */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    /**
     * 'pending' until the mail server accepts it ('sent'), or 'failed' after the last attempt;
     * 'held' when it waited while mail was off and an admin has not yet said whether to send it;
     * 'expired' when it no longer made sense before it went out (see expires_at); 'discarded'
     * when staff chose not to send it.
     */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** After this it is never sent (a link past its validity, an event already over); null: no end. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Extra headers handed to the mail library, e.g. an announcement's List-Unsubscribe. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_emails_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    index("outbox_emails_to_created_at_idx").on(t.toAddress, t.createdAt),
  ],
);

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Base64. */
  content: string;
  /** Set for a picture the HTML part shows inline (`<img src="cid:...">`). */
  cid?: string;
}

/**
 * The staff inbox: one row per connect message, ministry sign-up and event registration (the row
 * itself stays in its own table), with what staff did about it.
 */
export const inboxItems = pgTable(
  "inbox_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'connect' (visitors), 'ministry' (ministry_registrations), 'event' (event_registrations). */
    kind: text("kind").notNull(),
    sourceId: uuid("source_id").notNull(),
    /** 'new', 'handled' or 'archived'. */
    status: text("status").notNull().default("new"),
    handledBy: text("handled_by"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** When the message came in (the source row's time). */
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("inbox_items_kind_source_idx").on(t.kind, t.sourceId),
    index("inbox_items_status_created_at_idx").on(t.status, t.createdAt),
    index("inbox_items_created_at_idx").on(t.createdAt),
  ],
);

/** A reply staff sent from the inbox (the e-mail itself is in the outbox). */
export const inboxReplies = pgTable(
  "inbox_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => inboxItems.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    body: text("body").notNull(),
    sentBy: text("sent_by").notNull(),
    outboxId: uuid("outbox_id").references(() => outboxEmails.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("inbox_replies_item_idx").on(t.itemId, t.createdAt)],
);

/** What one staff account is told by e-mail, and how often. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  connect: boolean("connect").notNull(),
  /** Ministry slugs whose sign-ups to send; ['*'] for every ministry. */
  ministries: jsonb("ministries").$type<string[]>().notNull(),
  events: boolean("events").notNull(),
  /** 'immediate', 'daily' (one digest a day) or 'off'. */
  frequency: text("frequency").notNull(),
  /** The newest message the last digest covered. */
  digestThrough: timestamp("digest_through", { withTimezone: true }),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Signed links and announcements (issue 35)
// ---------------------------------------------------------------------------------------------

/**
 * The one kind of link a person opens without an account (ARCHITECTURE section 10): what it is
 * for (`purpose`), whom or what it is about (`subject_id`), an optional end, once or many times,
 * revocable. Only the SHA-256 of its random token is kept, so the table alone opens nothing.
 */
export const signedLinks = pgTable(
  "signed_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose").notNull(),
    subjectId: text("subject_id").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    singleUse: boolean("single_use").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("signed_links_purpose_subject_idx").on(t.purpose, t.subjectId)],
);

export type AnnouncementStatus = "draft" | "scheduled" | "sending" | "sent" | "cancelled";
export type AnnouncementLinkKind = "event" | "sermon";

/** One part of an audience; an audience is parts combined with "any" (union) or "all" (intersection). */
export type AudiencePart =
  | { kind: "all-members" }
  | { kind: "ministry"; slug: string }
  | { kind: "bible-study"; group: string }
  | { kind: "salt"; group: string }
  /** The members of a group (issue 37): a ministry team or another group, by id. */
  | { kind: "group"; groupId: string }
  | { kind: "event"; eventId: string; statuses: ("confirmed" | "waitlisted" | "checked-in")[] }
  | { kind: "sign-ups"; slug: string }
  | { kind: "list"; listId: string }
  /** Members who asked for the weekly digest (the digest's own audience; staff do not pick it). */
  | { kind: "digest" };

export interface Audience {
  combine: "any" | "all";
  parts: AudiencePart[];
}

/** An announcement staff write and send by e-mail (through the outbox) to an audience. */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    /** Markdown. */
    body: text("body").notNull(),
    linkKind: text("link_kind").$type<AnnouncementLinkKind>(),
    linkId: uuid("link_id"),
    audience: jsonb("audience").$type<Audience>().notNull(),
    status: text("status").$type<AnnouncementStatus>().notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    /** The sender's ministries when their role is limited to some; null: every ministry. */
    ministryScope: text("ministry_scope").array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("announcements_status_scheduled_idx").on(t.status, t.scheduledAt),
    index("announcements_created_at_idx").on(t.createdAt),
    check(
      "announcements_status_known",
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`,
    ),
    check(
      "announcements_link_kind_known",
      sql`${t.linkKind} is null or ${t.linkKind} in ('event', 'sermon')`,
    ),
  ],
);

export type RecipientStatus = "waiting" | "queued" | "sent" | "failed" | "skipped";

/** Who an announcement goes to, resolved once when sending starts; one row per address. */
export const announcementRecipients = pgTable(
  "announcement_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    /** Trimmed, lower case. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "set null" }),
    status: text("status").$type<RecipientStatus>().notNull().default("waiting"),
    outboxEmailId: uuid("outbox_email_id").references(() => outboxEmails.id, { onDelete: "set null" }),
    error: text("error"),
  },
  (t) => [
    uniqueIndex("announcement_recipients_address_idx").on(t.announcementId, t.email),
    index("announcement_recipients_status_idx").on(t.announcementId, t.status),
    // The worker looks for recipients still on their way every few seconds: few rows, found at once.
    index("announcement_recipients_open_idx")
      .on(t.status)
      .where(sql`${t.status} in ('waiting', 'queued')`),
    index("announcement_recipients_outbox_idx").on(t.outboxEmailId),
  ],
);

/**
 * A saved list (issue 35): people the office picked by hand ("Worship leaders", "Christmas choir")
 * to send announcements to again. Its members are registry members; erasing one removes them.
 */
export const savedLists = pgTable(
  "saved_lists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("saved_lists_name_idx").on(sql`lower(${t.name})`)],
);

export const savedListMembers = pgTable(
  "saved_list_members",
  {
    listId: uuid("list_id")
      .notNull()
      .references(() => savedLists.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.memberId] }),
    index("saved_list_members_member_idx").on(t.memberId),
  ],
);

/**
 * Addresses that unsubscribed from announcements through a link (trimmed, lower case): people
 * outside the registry (registrants, sign-ups) have no consent row to withdraw.
 */
export const emailUnsubscribes = pgTable("email_unsubscribes", {
  address: text("address").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  /** 'unsubscribe link', or the staff account that recorded it. */
  source: text("source").notNull(),
});

/** A member as the screens use it; the search column is the database's own business. */
export type Member = Omit<typeof members.$inferSelect, "searchText">;
export type NewMember = typeof members.$inferInsert;
export type Visitor = typeof visitors.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type Sermon = typeof sermons.$inferSelect;
export type SermonSeries = typeof sermonSeries.$inferSelect;
export type MinistryVideo = typeof ministryVideos.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type EventSeries = typeof eventSeries.$inferSelect;
export type MinistryRegistration = typeof ministryRegistrations.$inferSelect;
export type EventRegistration = typeof eventRegistrations.$inferSelect;
export type OutboxEmail = typeof outboxEmails.$inferSelect;
export type InboxItem = typeof inboxItems.$inferSelect;
export type Announcement = typeof announcements.$inferSelect;
export type AnnouncementRecipient = typeof announcementRecipients.$inferSelect;
export type SavedList = typeof savedLists.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Serving rosters (issue 36): a ministry's teams and their positions, who is qualified for each,
// the services (a Friday service, or an event) that need people, and who serves in each seat.
// ---------------------------------------------------------------------------------------------

/** A serving team of one ministry (SoundTech, Amplify, Transport), with its own settings. */
export const rosterTeams = pgTable(
  "roster_teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The ministry it belongs to, by slug like members' ministries; a limited role reaches only its own. */
    ministrySlug: text("ministry_slug").notNull(),
    name: text("name").notNull(),
    /** Serve at most this many times in any four weeks; more is warned about, and "Fill automatically" keeps to it. */
    maxPerFourWeeks: smallint("max_per_four_weeks").notNull().default(2),
    /** Reminders go this many days before an accepted date... */
    reminderDays: smallint("reminder_days").notNull().default(2),
    /** ...from this hour of the day, church time (0-23). */
    reminderHour: smallint("reminder_hour").notNull().default(9),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("roster_teams_name_idx").on(t.ministrySlug, sql`lower(${t.name})`)],
);

/** A place to fill in a team ("Main desk", "Vocals"), and how many it needs at each weekly service. */
export const rosterPositions = pgTable(
  "roster_positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => rosterTeams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** People needed at each weekly service by the template (0: only when a plan asks for it). */
    weeklyNeed: smallint("weekly_need").notNull().default(1),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("roster_positions_name_idx").on(t.teamId, sql`lower(${t.name})`)],
);

/** Members who can serve in a position. */
export const rosterQualified = pgTable(
  "roster_qualified",
  {
    positionId: uuid("position_id")
      .notNull()
      .references(() => rosterPositions.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.positionId, t.memberId] }),
    index("roster_qualified_member_idx").on(t.memberId),
  ],
);

/**
 * A gathering that needs people: a weekly service on a date (named as in the service times), or
 * an event. At most one row per event, and per weekly service and date.
 */
export const rosterServices = pgTable(
  "roster_services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    startTime: time("start_time"),
    title: text("title").notNull(),
    /** The weekly service's name ("Worship Service") for a service; null for an event. */
    serviceName: text("service_name"),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("roster_services_date_idx").on(t.serviceDate),
    uniqueIndex("roster_services_event_idx").on(t.eventId),
    uniqueIndex("roster_services_weekly_idx").on(t.serviceDate, t.serviceName),
  ],
);

/** How many people a service needs in a position (its plan). */
export const rosterNeeds = pgTable(
  "roster_needs",
  {
    serviceId: uuid("service_id")
      .notNull()
      .references(() => rosterServices.id, { onDelete: "cascade" }),
    positionId: uuid("position_id")
      .notNull()
      .references(() => rosterPositions.id, { onDelete: "cascade" }),
    count: smallint("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.positionId] }),
    index("roster_needs_position_idx").on(t.positionId),
  ],
);

/**
 * draft: chosen, not asked yet; pending: asked, no answer; accepted; declined; replacing: the
 * person asked for a replacement and keeps the seat until someone takes it.
 */
export type RosterSlotStatus = "draft" | "pending" | "accepted" | "declined" | "replacing";

/** One person in one seat of a position at a service. A seat holds one person: two heads filling it at once, one wins. */
export const rosterSlots = pgTable(
  "roster_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => rosterServices.id, { onDelete: "cascade" }),
    positionId: uuid("position_id")
      .notNull()
      .references(() => rosterPositions.id, { onDelete: "cascade" }),
    /** 1..the need's count. */
    seat: smallint("seat").notNull(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    status: text("status").$type<RosterSlotStatus>().notNull().default("draft"),
    declineReason: text("decline_reason"),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    assignedBy: uuid("assigned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("roster_slots_seat_idx").on(t.serviceId, t.positionId, t.seat),
    uniqueIndex("roster_slots_person_idx").on(t.serviceId, t.positionId, t.memberId),
    index("roster_slots_member_idx").on(t.memberId),
    index("roster_slots_position_idx").on(t.positionId),
    check(
      "roster_slots_status_check",
      sql`${t.status} in ('draft', 'pending', 'accepted', 'declined', 'replacing')`,
    ),
  ],
);

/** Days a member cannot serve, which they add from their own page (or staff add for them). */
export const rosterBlockouts = pgTable(
  "roster_blockouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("roster_blockouts_member_idx").on(t.memberId, t.startsOn),
    check("roster_blockouts_order_check", sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Groups and attendance (issue 37): groups with their leaders and members, who came to each
// meeting, headcounts of services and events, "ask to join" messages and follow-ups
// ---------------------------------------------------------------------------------------------

export const GROUP_KINDS = ["bible-study", "salt", "ministry-team", "other"] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/**
 * A group that meets: a Bible study group, a SALT group, a ministry team or another. Migration
 * 0020 made one from each Bible study group and SALT group name members had, with those members.
 */
export const groups = pgTable(
  "groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    kind: text("kind").$type<GroupKind>().notNull().default("other"),
    description: text("description").notNull().default(""),
    /** 0 Sunday .. 6 Saturday; null while not set. */
    meetingDay: smallint("meeting_day"),
    meetingTime: time("meeting_time"),
    /** A district ("Riffa", "Juffair"), never a home address: the group finder shows it. */
    area: text("area").notNull().default(""),
    capacity: smallint("capacity"),
    /** Listed in the group finder, where newcomers can ask to join. */
    isOpen: boolean("is_open").notNull().default(false),
    /** A member absent this many meetings in a row shows under "Not seen lately". */
    absentWeeks: smallint("absent_weeks").notNull().default(3),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("groups_kind_name_idx").on(t.kind, sql`lower(${t.name})`),
    check("groups_kind_check", sql`${t.kind} in ('bible-study', 'salt', 'ministry-team', 'other')`),
    check("groups_meeting_day_check", sql`${t.meetingDay} between 0 and 6`),
  ],
);

/** A member in a group; leaders are members of it too. */
export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    isLeader: boolean("is_leader").notNull().default(false),
    /** Meetings before this day do not count against the member's attendance rate. */
    joinedOn: date("joined_on", { mode: "string" })
      .notNull()
      .default(sql`current_date`),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.memberId] }), index("group_members_member_idx").on(t.memberId)],
);

/** One meeting of a group whose attendance was taken, with the guests by name. */
export const groupMeetings = pgTable(
  "group_meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    meetingDate: date("meeting_date", { mode: "string" }).notNull(),
    guests: text("guests")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A staff account's e-mail, or 'leader:' and the leader's name when taken from the leader's link. */
    recordedBy: text("recorded_by").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("group_meetings_group_date_idx").on(t.groupId, t.meetingDate)],
);

/** A member present at a meeting (absent members have no row). */
export const groupAttendance = pgTable(
  "group_attendance",
  {
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => groupMeetings.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.memberId] }),
    index("group_attendance_member_idx").on(t.memberId),
  ],
);

/** "Ask to join" from the group finder: to the group's leaders by e-mail and to the staff inbox. */
export const groupJoinRequests = pgTable(
  "group_join_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    /** Kept for the inbox when the group is deleted later. */
    groupName: text("group_name").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    /** The language the person used, for what the site sends them (issue 39): 'en' or 'fil'. */
    language: text("language").$type<"en" | "fil">().notNull().default("en"),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [index("group_join_requests_created_at_idx").on(t.createdAt)],
);

/**
 * How many came to a weekly service on a date (by the service's name, as in the service times) or
 * to an event: counted by an usher or staff. At most one row per service and date, and per event.
 */
export const headcounts = pgTable(
  "headcounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceDate: date("service_date", { mode: "string" }).notNull(),
    /** The weekly service's name ("Worship Service"); null for an event. */
    serviceName: text("service_name"),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    adults: integer("adults").notNull().default(0),
    children: integer("children").notNull().default(0),
    online: integer("online").notNull().default(0),
    firstTime: integer("first_time").notNull().default(0),
    /** A staff account's e-mail, or 'usher:' and the name the link was made for. */
    recordedBy: text("recorded_by").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("headcounts_date_idx").on(t.serviceDate),
    uniqueIndex("headcounts_service_idx").on(t.serviceDate, t.serviceName),
    uniqueIndex("headcounts_event_idx").on(t.eventId),
    check(
      "headcounts_counts_check",
      sql`${t.adults} >= 0 and ${t.children} >= 0 and ${t.online} >= 0 and ${t.firstTime} >= 0`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Care and follow-up (issue 38): follow-ups with their steps and notes, the workflows that make
// the steps, each account's daily digest, prayer requests and pastoral visits.
// ---------------------------------------------------------------------------------------------

/** The automatic moments a workflow can start from (at most one workflow each). */
export const CARE_TRIGGERS = ["new-visitor", "ask-to-join", "not-seen"] as const;

/** A named list of steps ("New visitor": welcome call within 2 days, ...), edited by admins. */
export const careWorkflows = pgTable(
  "care_workflows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Which automatic follow-ups start with this workflow: one of CARE_TRIGGERS, or none. */
    trigger: text("trigger"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("care_workflows_name_idx").on(sql`lower(${t.name})`),
    uniqueIndex("care_workflows_trigger_idx").on(t.trigger),
    check("care_workflows_trigger_check", sql`${t.trigger} in ('new-visitor', 'ask-to-join', 'not-seen')`),
  ],
);

/** One step of a workflow: due `days` after the follow-up starts, for its default assignee. */
export const careWorkflowSteps = pgTable(
  "care_workflow_steps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => careWorkflows.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    title: text("title").notNull(),
    days: smallint("days").notNull(),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("care_workflow_steps_position_idx").on(t.workflowId, t.position),
    check("care_workflow_steps_days_check", sql`${t.days} between 0 and 365`),
  ],
);

/**
 * Someone to look after: a member, or a person known only by name, e-mail and mobile, with a
 * reason, an assignee (a staff account), a due date and a status. From a workflow, its steps are
 * copied into follow_up_steps and the follow-up's assignee and due date are the current step's.
 */
export const followUps = pgTable(
  "follow_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    /** "New visitor", "Asked to join Group 2", "Not seen at Group 2 for 3 meetings". */
    reason: text("reason").notNull(),
    /** 'manual', 'connect', 'check-in', 'event', 'ask-to-join' or 'not-seen'. */
    source: text("source").notNull().default("manual"),
    workflowId: uuid("workflow_id").references(() => careWorkflows.id, { onDelete: "set null" }),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    /** 'open', 'waiting', 'done' or 'no-response'. */
    status: text("status").notNull().default("open"),
    /** Out of the assignee's lists and digest until this day. */
    snoozedUntil: date("snoozed_until", { mode: "string" }),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("follow_ups_assignee_idx").on(t.assigneeId, t.status, t.dueOn),
    index("follow_ups_status_due_idx").on(t.status, t.dueOn),
    index("follow_ups_member_idx").on(t.memberId),
    index("follow_ups_email_idx").on(sql`lower(${t.email})`),
    check(
      "follow_ups_status_check",
      sql`${t.status} in ('open', 'waiting', 'done', 'no-response')`,
    ),
  ],
);

/** A follow-up's copy of its workflow's steps (a later change to the workflow leaves it alone). */
export const followUpSteps = pgTable(
  "follow_up_steps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    followUpId: uuid("follow_up_id")
      .notNull()
      .references(() => followUps.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    title: text("title").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by"),
  },
  (t) => [uniqueIndex("follow_up_steps_position_idx").on(t.followUpId, t.position)],
);

/** A dated note on a follow-up (what was said on the call); never in the audit log's text. */
export const followUpNotes = pgTable(
  "follow_up_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    followUpId: uuid("follow_up_id")
      .notNull()
      .references(() => followUps.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    author: text("author").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("follow_up_notes_follow_up_idx").on(t.followUpId, t.createdAt)],
);

/** An account's daily e-mail of its follow-ups due and overdue (opt-in, at the hour it chose). */
export const followUpDigests = pgTable(
  "follow_up_digests",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    /** The hour in Bahrain (0-23) from which the day's digest goes. */
    hour: smallint("hour").notNull().default(7),
    /** The last Bahrain day a digest was queued for (claims the day, so several servers send one). */
    lastSentOn: date("last_sent_on", { mode: "string" }),
  },
  (t) => [check("follow_up_digests_hour_check", sql`${t.hour} between 0 and 23`)],
);

/**
 * A prayer request, from the public form or by staff. Visibility: 'private' (pastors only),
 * 'team' (the prayer team, without contacts) or 'shared' (also in the weekly digest, without names).
 */
export const prayerRequests = pgTable(
  "prayer_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id").references(() => members.id, { onDelete: "cascade" }),
    /** Optional: a request may be anonymous. */
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    /** The language the person used, for what the site sends them (issue 39): 'en' or 'fil'. */
    language: text("language").$type<"en" | "fil">().notNull().default("en"),
    request: text("request").notNull(),
    visibility: text("visibility").notNull().default("private"),
    /** They would like a call (their e-mail or mobile is then given). */
    wantsCall: boolean("wants_call").notNull().default(false),
    /** 'form' (the public page) or 'staff'. */
    source: text("source").notNull().default("form"),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answerNote: text("answer_note").notNull().default(""),
    createdBy: text("created_by").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("prayer_requests_created_at_idx").on(t.createdAt),
    index("prayer_requests_member_idx").on(t.memberId),
    index("prayer_requests_email_idx").on(sql`lower(${t.email})`),
    check("prayer_requests_visibility_check", sql`${t.visibility} in ('private', 'team', 'shared')`),
  ],
);

/** A pastoral visit or call to a member; the note is for pastors only. */
export const pastoralVisits = pgTable(
  "pastoral_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    visitedOn: date("visited_on", { mode: "string" }).notNull(),
    /** 'visit', 'hospital', 'call' or 'message'. */
    kind: text("kind").notNull(),
    /** Who visited or called, in words ("Ptr. Rey and Ate Joy"). */
    visitedBy: text("visited_by").notNull(),
    privateNote: text("private_note").notNull().default(""),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("pastoral_visits_member_idx").on(t.memberId, t.visitedOn),
    check("pastoral_visits_kind_check", sql`${t.kind} in ('visit', 'hospital', 'call', 'message')`),
  ],
);
