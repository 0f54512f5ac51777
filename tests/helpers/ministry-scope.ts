import { count, isNull } from "drizzle-orm";
import {
  auditLog,
  ministryImages,
  ministryRegistrations,
  ministryVideos,
  members,
  siteSectionRevisions,
} from "../../database/schema";
import { services } from "~/server/platform/services.server";
import { signInCookie } from "./test-services";
import { createStaffAccount } from "./staff-account";

// Two ministries' people, sign-ups and videos, and a head of Amplify signed in: what the ministry
// scope tests (people, content) read and forge requests against.

export interface ScopeWorld {
  /** Cookies of a head of Amplify, a head of no ministry yet, and the admin. */
  head: string;
  headOfNone: string;
  admin: string;
  member: Record<"ana" | "ben" | "hal" | "kim" | "nia" | "del", string>;
  signUp: { amplify: string; actsKids: string };
  video: { amplify: string; actsKids: string };
}

const person = (firstName: string, rest: Partial<typeof members.$inferInsert> = {}) => ({
  firstName,
  lastName: "Scope",
  email: `${firstName.toLowerCase()}.scope@example.org`,
  mobile: `3300${[...firstName].reduce((sum, char) => sum * 31 + char.charCodeAt(0), 0) % 10_000}`,
  ...rest,
});

export async function seedScopeWorld(): Promise<ScopeWorld> {
  const { db } = services();
  const rows = await db
    .insert(members)
    .values([
      person("Ana", { ministryInvolvement: ["amplify"] }),
      person("Ben", { ministryInvolvement: ["acts-kids", "amplify"], membershipStatus: "inactive" }),
      // Amplify's head, who did not tick the ministry itself.
      person("Hal", { ministryRole: ["head:amplify"] }),
      person("Kim", { ministryInvolvement: ["acts-kids"], ministryRole: ["head:acts-kids"] }),
      person("Nia"),
      person("Del", { ministryInvolvement: ["amplify"], deletedAt: new Date() }),
    ])
    .returning({ id: members.id, firstName: members.firstName });
  const id = (name: string) => rows.find((row) => row.firstName === name)!.id;
  const signUps = await db
    .insert(ministryRegistrations)
    .values([
      { ministrySlug: "amplify", name: "Amy Signup", email: "amy@example.org", mobile: "33110001" },
      { ministrySlug: "acts-kids", name: "Kit Signup", email: "kit@example.org", mobile: "33110002" },
    ])
    .returning({ id: ministryRegistrations.id, slug: ministryRegistrations.ministrySlug });
  const videos = await db
    .insert(ministryVideos)
    .values([
      { title: "Amplify worship night", youtubeId: "aaaaaaaaaaa", ministrySlug: "amplify" },
      { title: "ACTS Kids camp", youtubeId: "kkkkkkkkkkk", ministrySlug: "acts-kids" },
    ])
    .returning({ id: ministryVideos.id, slug: ministryVideos.ministrySlug });
  const head = await createStaffAccount({
    role: "ministry-head",
    ministries: ["amplify"],
    name: "Amplify Head",
  });
  const none = await createStaffAccount({ role: "ministry-head", ministries: [], name: "New Head" });
  return {
    head: await signInCookie(head.email, head.password),
    headOfNone: await signInCookie(none.email, none.password),
    admin: await signInCookie(),
    member: {
      ana: id("Ana"),
      ben: id("Ben"),
      hal: id("Hal"),
      kim: id("Kim"),
      nia: id("Nia"),
      del: id("Del"),
    },
    signUp: {
      amplify: signUps.find((row) => row.slug === "amplify")!.id,
      actsKids: signUps.find((row) => row.slug === "acts-kids")!.id,
    },
    video: {
      amplify: videos.find((row) => row.slug === "amplify")!.id,
      actsKids: videos.find((row) => row.slug === "acts-kids")!.id,
    },
  };
}

/** How many rows each table a forged request could touch holds, and the audit log's entries. */
export async function tableCounts() {
  const { db } = services();
  const countOf = async (read: Promise<{ n: number }[]>) => (await read)[0]?.n ?? 0;
  return {
    liveMembers: await countOf(db.select({ n: count() }).from(members).where(isNull(members.deletedAt))),
    signUps: await countOf(db.select({ n: count() }).from(ministryRegistrations)),
    videos: await countOf(db.select({ n: count() }).from(ministryVideos)),
    images: await countOf(db.select({ n: count() }).from(ministryImages)),
    siteRevisions: await countOf(db.select({ n: count() }).from(siteSectionRevisions)),
    audit: await countOf(db.select({ n: count() }).from(auditLog)),
  };
}

/** A GET of a members screen with this cookie. */
export function get(path: string, cookie: string) {
  return new Request(`http://localhost${path}`, { headers: { cookie } });
}
