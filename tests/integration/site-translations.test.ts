import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as editorAction, loader as editorLoader } from "~/routes/members/site/site-editor";
import { loader as websiteLoader } from "~/routes/members/site/website";
import { setupChecklist } from "~/server/site/setup-checklist.server";
import { defaultSiteContent, getSiteContent } from "~/server/site/site-content.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// A website section's Filipino version (issue 39): saved from its editor's Filipino side as a
// plain form post, laid over the English field by field on the Filipino pages, with the same
// versions, conflict check, history and restore as the English, and counted by the checklist.

type FilScreen = {
  lang: "fil";
  english: Record<string, unknown>;
  filipino: Record<string, unknown>;
  version: number;
  translated: boolean;
  progress: { done: number; total: number };
  englishNewer: boolean;
  revisions: { version: number; savedBy: string; note: string | null; changed: string[] }[];
};

describe.each(databaseKinds)("the Filipino version of the website on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestServices(kind, { SEED_DEMO: "true" });
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });

  const paramsOf = (section: string): Record<string, string> =>
    section.startsWith("ministries/") ? { slug: section.slice("ministries/".length) } : { section };
  const open = async (section: string, as = cookie) => {
    const result = await callRoute(
      editorLoader,
      new Request(`http://localhost/members/site/${section}?lang=fil`, { headers: { cookie: as } }),
      { params: paramsOf(section) },
    );
    return { status: result.status, screen: result.data as FilScreen };
  };
  const post = (section: string, fields: Record<string, string>, as = cookie) =>
    callRoute(
      editorAction,
      formRequest(`/members/site/${section}?lang=fil`, { lang: "fil", ...fields }, { cookie: as }),
      { params: paramsOf(section) },
    );
  const rows = (sql: string, params: unknown[] = []) =>
    t.services.database.query<Record<string, unknown>>(sql, params);

  it("starts with no Filipino version at all: every section stands in English", async () => {
    expect(await rows("select key from site_sections where key like 'fil:%'")).toEqual([]);
    const filipino = await getSiteContent("fil");
    const english = await getSiteContent("en");
    expect(english.englishOnly).toEqual([]);
    expect(filipino.englishOnly).toHaveLength(26);
    expect(filipino.englishOnly).toContain("our-story");
    expect(filipino.englishOnly).toContain("ministry:acts-kids");
    expect(filipino.about.story).toEqual(english.about.story);
    expect(filipino.fieldLang("our-story", "story")).toBe("en");
    expect(english.fieldLang("our-story", "story")).toBeUndefined();

    const { status, screen } = await open("our-story");
    expect(status).toBe(200);
    expect(screen).toMatchObject({ lang: "fil", version: 0, translated: false, revisions: [] });
    // The form holds only the words, entry for entry with the English: no years, the same entries.
    expect(Object.keys(screen.filipino).sort()).toEqual(["founding", "story", "timeline"]);
    expect(screen.filipino.founding).toEqual({ community: "", audience: "", place: "" });
    const timeline = screen.english.timeline as unknown[];
    expect(screen.filipino.timeline).toHaveLength(timeline.length);
    expect((screen.filipino.timeline as Record<string, unknown>[])[0]).toEqual({
      title: "",
      description: "",
    });
  });

  it("saves a translation as version 1: the Filipino pages show it, empty fields read the English", async () => {
    const english = await getSiteContent("en");
    const saved = await post("our-story", {
      intent: "save",
      version: "0",
      story:
        "Nagsimula ang aming simbahan sa isang maliit na grupo ng mga Pilipino.\n\nPatuloy kaming lumalago.",
      "founding.community": "ang mga Pilipino sa Bahrain",
      "founding.audience": "",
      "founding.place": "   ",
      "timeline.0.title": "Itinatag ang simbahan",
      "timeline.0.description": "",
      // Not a word field: never stored, whatever is sent.
      "founding.year": "1999",
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ ok: true, toast: { title: "Saved" } });

    const [row] = await rows(
      "select data, version, updated_by from site_sections where key = 'fil:our-story'",
    );
    expect(row).toMatchObject({ version: 1, updated_by: "admin" });
    expect((row!.data as { founding: Record<string, string> }).founding).toEqual({
      community: "ang mga Pilipino sa Bahrain",
      audience: "",
      place: "",
    });

    const filipino = await getSiteContent("fil");
    expect(filipino.englishOnly).not.toContain("our-story");
    expect(filipino.englishOnly).toContain("what-we-believe");
    expect(filipino.englishOnly).toHaveLength(25);
    // A translated field shows; an empty one, and every field that is not words, read the English.
    expect(JSON.stringify(filipino.about.story)).toContain("Nagsimula ang aming simbahan");
    expect(filipino.about.founding).toEqual({
      ...english.about.founding,
      community: "ang mga Pilipino sa Bahrain",
    });
    expect(filipino.about.timeline[0]).toEqual({
      ...english.about.timeline[0],
      title: "Itinatag ang simbahan",
    });
    expect(filipino.about.timeline.slice(1)).toEqual(english.about.timeline.slice(1));
    expect(filipino.fieldLang("our-story", "story")).toBeUndefined();
    expect(filipino.fieldLang("our-story", "timeline")).toBeUndefined();
    expect(filipino.fieldLang("what-we-believe", "beliefs")).toBe("en");
    // English pages are untouched.
    const again = await getSiteContent("en");
    expect(again.about).toEqual(english.about);
    expect(again.about).toEqual(defaultSiteContent().about);
  });

  it("keeps versions and history, refuses a save opened at an older version, and restores", async () => {
    const first = await open("our-story");
    expect(first.screen).toMatchObject({ version: 1, translated: true });
    expect(first.screen.progress.done).toBe(3);
    expect(first.screen.revisions).toMatchObject([{ version: 1, savedBy: "admin" }]);

    const second = await post("our-story", {
      intent: "save",
      version: "1",
      story: "Ikalawang bersiyon ng aming kuwento.",
    });
    expect(second.status).toBe(200);
    expect((await open("our-story")).screen.revisions).toMatchObject([
      { version: 2, changed: ["Founding", "How it began", "Timeline"] },
      { version: 1 },
    ]);

    // Someone else saved version 2 after this form was opened at version 1: nothing is written,
    // and what was typed comes back for the form.
    const stale = await post("our-story", { intent: "save", version: "1", story: "Luma na ito." });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({
      ok: false,
      toast: { title: "Changed by someone else" },
      values: { story: "Luma na ito.", version: "1" },
    });
    expect(
      await rows("select version, data->>'story' as story from site_sections where key = 'fil:our-story'"),
    ).toEqual([{ version: 2, story: "Ikalawang bersiyon ng aming kuwento." }]);
    // A first save of a section someone else has translated meanwhile conflicts too.
    const late = await post("our-story", { intent: "save", version: "0", story: "Una." });
    expect(late.status).toBe(409);

    // Too long: a message on its field, nothing saved.
    const long = await post("our-story", {
      intent: "save",
      version: "2",
      "timeline.1.title": "x".repeat(101),
    });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({
      fieldErrors: { "timeline.1.title": "Title must be at most 100 characters." },
    });

    const restored = await post("our-story", { intent: "restore", version: "2", revision: "1" });
    expect(restored.status).toBe(200);
    expect(restored.data).toMatchObject({ toast: { title: "Version restored" } });
    const after = await open("our-story");
    expect(after.screen.version).toBe(3);
    expect(after.screen.revisions[0]).toMatchObject({ version: 3, note: "Restored version 1" });
    expect(JSON.stringify((await getSiteContent("fil")).about.story)).toContain(
      "Nagsimula ang aming simbahan",
    );
    // The English section was never touched by any of it.
    expect(await rows("select version from site_sections where key = 'our-story'")).toEqual([{ version: 1 }]);

    // The audit log records each save like the English ones.
    const logged = await rows(
      "select action, subject_id, details->>'version' as version from audit_log where subject_id = 'fil:our-story' order by (details->>'version')::int",
    );
    expect(logged.map((entry) => entry.version)).toEqual(["1", "2", "3"]);
    expect(logged.every((entry) => entry.action === "site.saved")).toBe(true);
  });

  it("a Filipino version left all empty is no translation", async () => {
    const saved = await post("mission-vision", {
      intent: "save",
      version: "0",
      mission: "  ",
      goals: "\n\n",
    });
    expect(saved.status).toBe(200);
    expect(await rows("select version from site_sections where key = 'fil:mission-vision'")).toEqual([
      { version: 1 },
    ]);
    expect((await getSiteContent("fil")).englishOnly).toContain("mission-vision");
    expect((await open("mission-vision")).screen.translated).toBe(false);
  });

  it("a line list is replaced whole; a pastor's translation follows the pastor when moved", async () => {
    const english = await getSiteContent("en");
    await post("what-we-believe", {
      intent: "save",
      version: "0",
      statementOfFaith: "Una\n\nIkalawa\n",
      "beliefs.0.verse": "Gawa 2:42",
    });
    const translated = await getSiteContent("fil");
    expect(translated.about.statementOfFaith).toEqual(["Una", "Ikalawa"]);
    expect(translated.about.beliefs[0]!.verse).toBe("Gawa 2:42");
    expect(translated.about.beliefs[0]!.title).toBe(english.about.beliefs[0]!.title);

    const pastors = (await open("pastors")).screen;
    const names = (pastors.english.pastors as { name: string }[]).map((pastor) => pastor.name);
    expect((pastors.filipino.pastors as { name: string }[]).map((pastor) => pastor.name)).toEqual(names);
    await post("pastors", {
      intent: "save",
      version: "0",
      "pastors.0.name": names[0]!,
      "pastors.0.title": "Punong Pastor",
      "pastors.1.name": names[1]!,
      "pastors.1.title": "",
    });
    expect((await getSiteContent("fil")).pastors[0]!.title).toBe("Punong Pastor");
    // The English order changes (as the editor's arrows do): the translation stays with its pastor.
    const [stored] = await rows("select data, version from site_sections where key = 'pastors'");
    const list = (stored!.data as { pastors: unknown[] }).pastors;
    await rows(
      "update site_sections set data = $1, version = version + 1, updated_at = now() where key = 'pastors'",
      [JSON.stringify({ pastors: [list[1], list[0], ...list.slice(2)] })],
    );
    const { siteContentChanged } = await import("~/server/site/site-content.server");
    siteContentChanged();
    const moved = await getSiteContent("fil");
    expect(moved.pastors.map((pastor) => pastor.name)).toEqual([names[1], names[0], ...names.slice(2)]);
    expect(moved.pastors[1]!.title).toBe("Punong Pastor");
    expect(moved.pastors[0]!.title).toBe(english.pastors[1]!.title);
    const reopened = (await open("pastors")).screen;
    expect((reopened.filipino.pastors as { title: string }[])[1]!.title).toBe("Punong Pastor");
    // The English was saved after the translation: the screen says so.
    expect(reopened.englishNewer).toBe(true);
  });

  it("the Website screen lists which sections have a translation; the checklist counts them", async () => {
    const hub = await callRoute(
      websiteLoader,
      new Request("http://localhost/members/site", { headers: { cookie } }),
    );
    const data = hub.data as {
      sections: { to: string; filipino: { translated: boolean; line: string } }[];
      ministries: { to: string; filipino: { translated: boolean } }[];
    };
    const story = data.sections.find((entry) => entry.to === "/members/site/our-story")!;
    expect(story.filipino).toMatchObject({ translated: true });
    expect(story.filipino.line).toMatch(/^Filipino: (translated|\d+ of \d+ texts translated)/);
    expect(data.sections.find((entry) => entry.to === "/members/site/mission-vision")!.filipino).toEqual({
      translated: false,
      line: "Filipino: not translated yet",
    });
    expect(data.ministries.every((entry) => !entry.filipino.translated)).toBe(true);

    // our-story, what-we-believe and pastors have a translation.
    const setup = await setupChecklist();
    expect(setup!.suggestions).toEqual([
      expect.objectContaining({
        key: "translations",
        label: "Filipino: 3 of 26 sections translated.",
        href: "/members/site#filipino",
      }),
    ]);
    // A suggestion, not an item: it never keeps the checklist open on its own.
    expect(setup!.items.map((item) => item.key)).not.toContain("translations");

    await post("ministries/acts-kids", { intent: "save", version: "0", description: "Para sa mga bata." });
    expect((await setupChecklist())!.suggestions[0]!.label).toBe("Filipino: 4 of 26 sections translated.");
    const kids = (await getSiteContent("fil")).ministryBySlug("acts-kids")!;
    expect(kids.description).toBe("Para sa mga bata.");
    expect(kids.leader).toBe((await getSiteContent("en")).ministryBySlug("acts-kids")!.leader);
  });

  it("only those who may edit the English may edit the Filipino", async () => {
    const head = await createStaffAccount({ role: "ministry-head", ministries: ["amplify"] });
    const headCookie = await signInCookie(head.email, head.password);
    expect((await open("church", headCookie)).status).toBe(403);
    expect((await post("church", { intent: "save", version: "0", tagline: "x" }, headCookie)).status).toBe(
      403,
    );
    expect((await open("ministries/acts-kids", headCookie)).status).toBe(404);
    expect((await open("ministries/amplify", headCookie)).status).toBe(200);
    const own = await post(
      "ministries/amplify",
      { intent: "save", version: "0", schedule: "Tuwing Martes" },
      headCookie,
    );
    expect(own.status).toBe(200);
    expect(await rows("select key from site_sections where key = 'fil:church'")).toEqual([]);
  });
});
