/**
 * Who may do what (issue 34): the members area is cut into permission **areas**, each given a
 * **level** (none, view, edit, and for two areas a fuller level). A **role** is a named set of
 * area levels: four built-in presets (Admin, Staff, Editor, Ministry head) and the church's own
 * roles, made on the staff screen. A role may be **limited to the account's ministries**: such
 * an account reaches only what belongs to its ministries, and its queries are filtered by them.
 *
 * Every permission the server checks belongs to exactly one area and level, in one table
 * (PERMISSIONS), and `can()` reads it; screens use the same table to show only what a person can
 * use.
 */

export const LEVELS = ["none", "view", "edit", "manage"] as const;
export type Level = (typeof LEVELS)[number];

export const AREAS = [
  "members",
  "reports",
  "registrations",
  "messages",
  "announcements",
  "rosters",
  "groups",
  "care",
  "prayer",
  "website",
  "privacy",
  "sermons",
  "events",
  "library",
  "staff",
  "audit",
] as const;
export type Area = (typeof AREAS)[number];

export interface AreaDefinition {
  label: string;
  /** The levels that make sense for the area beyond none, each with what it lets a person do. */
  levels: Partial<Record<Exclude<Level, "none">, string>>;
  /**
   * For an area that holds things belonging to a ministry: what a role limited to ministries may
   * do there (it reaches only its ministries' rows, whatever the area's level).
   */
  forMinistries?: string;
}

export const AREA_DEFINITIONS: Record<Area, AreaDefinition> = {
  members: {
    label: "Member registry",
    levels: { view: "see members' records", edit: "add, change, import and delete members" },
    forMinistries: "see their ministries' members (read only)",
  },
  reports: {
    label: "Reports and exports",
    levels: { view: "see reports, download exports and answer data requests" },
  },
  registrations: {
    label: "Registrations and check-in",
    levels: { view: "see sign-ups and event registrations", edit: "also check people in at the door" },
    forMinistries: "see their ministries' sign-ups",
  },
  messages: {
    label: "Messages (inbox)",
    levels: { edit: "read and answer the inbox, see the outbox" },
  },
  announcements: {
    label: "Announcements",
    levels: { edit: "send announcements" },
    forMinistries: "send announcements to their ministries' people",
  },
  rosters: {
    label: "Serving rosters",
    levels: {
      view: "see the teams and who serves when",
      edit: "plan teams and rosters, and ask people to serve",
    },
    forMinistries: "plan their ministries' teams and rosters",
  },
  groups: {
    label: "Groups and attendance",
    levels: {
      view: "see the groups, attendance, headcounts and trends",
      edit: "manage groups and their members, record attendance and headcounts",
    },
  },
  care: {
    label: "Care and follow-up",
    levels: {
      view: "see follow-ups and pastoral visits",
      edit: "make and work on follow-ups, and log visits and calls",
      manage: "also change the follow-up workflows",
    },
  },
  prayer: {
    label: "Prayer team",
    levels: {
      view: "read the prayer requests shared with the prayer team (without names' contacts)",
      edit: "also record prayer requests and mark them answered",
      manage: "also read private prayer requests, contacts and visits' private notes (pastors)",
    },
  },
  website: {
    label: "Website and church details",
    levels: { edit: "edit the website's pages, the church's details, pastors and ministry pages" },
    forMinistries: "edit their ministries' pages",
  },
  privacy: {
    label: "Privacy notice and privacy tools",
    levels: {
      edit: "edit the privacy notice",
      manage: "also erase a person for good and set how long data is kept",
    },
  },
  sermons: {
    label: "Sermons and media",
    levels: { edit: "add and change sermons, ministry videos and ministry images" },
    forMinistries: "add and change their ministries' videos and images",
  },
  events: { label: "Events", levels: { edit: "add and change events" } },
  library: { label: "eLibrary and documents", levels: { edit: "add and change files and documents" } },
  staff: {
    label: "Staff accounts and settings",
    levels: { edit: "manage staff accounts and roles, the site's settings, backups and security" },
  },
  audit: { label: "Audit log", levels: { view: "read and download the audit log" } },
};

interface PermissionDefinition {
  area: Area;
  level: Exclude<Level, "none">;
  /** A limited role keeps it, for its ministries' rows only (the server filters its queries). */
  byMinistry?: true;
}

// The one table: every permission the server checks, with its area and the level it needs.
const PERMISSION_TABLE = {
  "members:read": { area: "members", level: "view", byMinistry: true },
  "members:write": { area: "members", level: "edit" },
  "reports:read": { area: "reports", level: "view" },
  /** A person's data: a member's export, and finding anyone's data by e-mail or mobile. */
  "members:export": { area: "reports", level: "view" },
  /** Who signed up for a ministry (the ministry sign-ups and their download). */
  "registrations:read": { area: "registrations", level: "view", byMinistry: true },
  /** Who registered for an event, and attendance: events belong to no ministry. */
  "event-registrations:read": { area: "registrations", level: "view" },
  /** Mark registrants as arrived at the door (the check-in list of an event). */
  "registrations:check-in": { area: "registrations", level: "edit" },
  /** The inbox: read connect messages and sign-ups, mark them, reply by e-mail; the outbox. */
  "messages:read": { area: "messages", level: "edit" },
  "announcements:send": { area: "announcements", level: "edit", byMinistry: true },
  /** Saved lists of people picked by hand: they may hold anyone, so not for a role limited to ministries. */
  "announcements:lists": { area: "announcements", level: "edit" },
  /** The serving teams, their plans and who serves when (read only). */
  "rosters:read": { area: "rosters", level: "view", byMinistry: true },
  /** Teams, positions, plans, the schedule, and the requests to serve. */
  "rosters:write": { area: "rosters", level: "edit", byMinistry: true },
  /** Groups, their members and leaders, attendance, service headcounts and the trends (read only). */
  "groups:read": { area: "groups", level: "view" },
  /** Make and change groups, record attendance and headcounts, make leaders' and ushers' links. */
  "groups:write": { area: "groups", level: "edit" },
  /** Follow-ups (everyone's), the workflows (read), pastoral visits without their private notes. */
  "care:read": { area: "care", level: "view" },
  /** Make, assign and work on follow-ups; log pastoral visits and calls. */
  "care:write": { area: "care", level: "edit" },
  /** Make and change the follow-up workflows (steps, days, default assignees). */
  "care:workflows": { area: "care", level: "manage" },
  /** The prayer requests shared with the prayer team, without the person's contact. */
  "prayer:read": { area: "prayer", level: "view" },
  /** Record prayer requests, mark them answered, change their expiry. */
  "prayer:write": { area: "prayer", level: "edit" },
  /** Pastors: private prayer requests, the contacts on every request, visits' private notes. */
  "pastoral:private": { area: "prayer", level: "manage" },
  /** The Website section (the church's details, pages, pastors) and demo content. */
  "site:write": { area: "website", level: "edit" },
  /** A ministry's own page texts on the website. */
  "ministry-page:write": { area: "website", level: "edit", byMinistry: true },
  "privacy-notice:write": { area: "privacy", level: "edit" },
  /** Erase a person for good: the member and everything linked by e-mail or mobile (issue 23). */
  "members:erase": { area: "privacy", level: "manage" },
  /** How long personal data is kept (data retention), and the retention job's last run. */
  "privacy:manage": { area: "privacy", level: "manage" },
  "sermons:write": { area: "sermons", level: "edit" },
  /** Ministry videos and ministry images. */
  "ministry-media:write": { area: "sermons", level: "edit", byMinistry: true },
  "events:write": { area: "events", level: "edit" },
  "library:write": { area: "library", level: "edit" },
  /** Staff accounts and roles: invite, change role, disable, delete; require two-factor sign-in. */
  "staff:manage": { area: "staff", level: "edit" },
  "passcode:change": { area: "staff", level: "edit" },
  /** The notification default for accounts that have not chosen. */
  "notifications:defaults": { area: "staff", level: "edit" },
  /** The daily backup's outcome on the dashboard. */
  "backups:read": { area: "staff", level: "edit" },
  /** Back up now, download, restore, the off-site copy (issue 32). */
  "backups:manage": { area: "staff", level: "edit" },
  /** The site's own settings: its address, the mail server, the outbox after a quiet time (issue 32). */
  "settings:manage": { area: "staff", level: "edit" },
  "audit:read": { area: "audit", level: "view" },
} as const satisfies Record<string, PermissionDefinition>;

export type Permission = keyof typeof PERMISSION_TABLE;
export const PERMISSIONS = Object.keys(PERMISSION_TABLE) as Permission[];

export function permissionDefinition(permission: Permission): PermissionDefinition {
  return PERMISSION_TABLE[permission];
}

/** The level a role gives each area; an area left out is "none". */
export type AreaLevels = Partial<Record<Area, Level>>;

/** What a signed-in person may do: their role's levels, and whether it is limited to ministries. */
export interface Access {
  levels: AreaLevels;
  ministryOnly: boolean;
}

const rank = (level: Level | undefined) => LEVELS.indexOf(level ?? "none");

/** Whether `who` may do `permission`: the one check the guards and the screens share. */
export function can(who: { access: Access } | null | undefined, permission: Permission): boolean {
  if (!who) return false;
  const definition: PermissionDefinition = PERMISSION_TABLE[permission];
  if (who.access.ministryOnly && !definition.byMinistry) return false;
  return rank(who.access.levels[definition.area]) >= rank(definition.level);
}

/** The area and level a refused permission needs, in words: "Events: edit". */
export function permissionInWords(permission: Permission): string {
  const { area, level } = PERMISSION_TABLE[permission];
  return `${AREA_DEFINITIONS[area].label}: ${level}`;
}

/** The levels an area offers, from none up. */
export function levelsOf(area: Area): Level[] {
  return LEVELS.filter((level) => level === "none" || AREA_DEFINITIONS[area].levels[level] !== undefined);
}

/**
 * Stored levels made safe to use: unknown areas dropped, and a level an area does not offer
 * lowered to the next one it does (so a hand-edited row never gives more than it says).
 */
export function cleanLevels(value: unknown): AreaLevels {
  const levels: AreaLevels = {};
  if (!value || typeof value !== "object") return levels;
  for (const area of AREAS) {
    const wanted = (value as Record<string, unknown>)[area];
    if (typeof wanted !== "string" || !(LEVELS as readonly string[]).includes(wanted)) continue;
    const offered = levelsOf(area).filter((level) => rank(level) <= rank(wanted as Level));
    const level = offered.at(-1) ?? "none";
    if (level !== "none") levels[area] = level;
  }
  return levels;
}

// ---- Roles ------------------------------------------------------------------------------------

/** The built-in roles, kept by key in the account's `role` column since the first release. */
export const PRESET_KEYS = ["admin", "pastor", "staff", "editor", "ministry-head"] as const;
export type PresetKey = (typeof PRESET_KEYS)[number];

export interface RoleDefinition {
  /** The preset's key, or a custom role's id. */
  key: string;
  name: string;
  levels: AreaLevels;
  ministryOnly: boolean;
  builtIn: boolean;
}

const everything = Object.fromEntries(AREAS.map((area) => [area, levelsOf(area).at(-1)])) as AreaLevels;

export const PRESETS: Record<PresetKey, RoleDefinition> = {
  admin: { key: "admin", name: "Admin", levels: everything, ministryOnly: false, builtIn: true },
  pastor: {
    key: "pastor",
    name: "Pastor",
    levels: {
      members: "view",
      reports: "view",
      groups: "view",
      rosters: "view",
      care: "manage",
      prayer: "manage",
    },
    ministryOnly: false,
    builtIn: true,
  },
  staff: {
    key: "staff",
    name: "Staff",
    levels: {
      members: "edit",
      reports: "view",
      registrations: "edit",
      messages: "edit",
      announcements: "edit",
      rosters: "edit",
      groups: "edit",
      care: "edit",
    },
    ministryOnly: false,
    builtIn: true,
  },
  editor: {
    key: "editor",
    name: "Editor",
    levels: { website: "edit", privacy: "edit", sermons: "edit", events: "edit", library: "edit" },
    ministryOnly: false,
    builtIn: true,
  },
  "ministry-head": {
    key: "ministry-head",
    name: "Ministry head",
    levels: {
      members: "view",
      registrations: "view",
      website: "edit",
      sermons: "edit",
      announcements: "edit",
      rosters: "edit",
    },
    ministryOnly: true,
    builtIn: true,
  },
};

export function isPresetKey(value: unknown): value is PresetKey {
  return typeof value === "string" && (PRESET_KEYS as readonly string[]).includes(value);
}

/** The least a role can be: what an account whose role is missing or unknown gets. */
export const NO_ACCESS: Access = { levels: {}, ministryOnly: false };

/** The permissions a role gives (for tests, summaries and finding who to notify). */
export function permissionsOf(access: Access): Permission[] {
  return PERMISSIONS.filter((permission) => can({ access }, permission));
}

/**
 * A role in plain words: what it can do, area by area, and what it cannot. A limited role says
 * so first, because it changes the meaning of everything after it.
 */
export function describeAccess(access: Access): { can: string[]; cannot: string[] } {
  const canDo: string[] = [];
  const cannot: string[] = [];
  const granted = permissionsOf(access);
  for (const area of AREAS) {
    const definition = AREA_DEFINITIONS[area];
    const level = access.levels[area] ?? "none";
    // A limited role reaches an area through its permissions that go by ministry, if any.
    const reachable = granted.some((permission) => PERMISSION_TABLE[permission].area === area);
    if (!reachable) {
      cannot.push(definition.label);
    } else if (access.ministryOnly) {
      canDo.push(`${definition.label}: ${definition.forMinistries}`);
    } else {
      const words = levelsOf(area)
        .filter((offered) => offered !== "none" && rank(offered) <= rank(level))
        .map((offered) => definition.levels[offered as Exclude<Level, "none">]!);
      canDo.push(`${definition.label}: ${words.join("; ")}`);
    }
  }
  return { can: canDo, cannot };
}
