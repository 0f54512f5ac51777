import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ministryImages, ministryVideos } from "../../database/schema";
import { action as imageUpload } from "~/routes/members/content/ministry-image-upload";
import { loader as imagesLoader } from "~/routes/members/content/ministry-images";
import { action as videosAction, loader as videosLoader } from "~/routes/members/content/ministry-videos";
import { action as editorAction, loader as editorLoader } from "~/routes/members/site/site-editor";
import { loader as websiteLoader } from "~/routes/members/site/website";
import { listAllMinistryVideos } from "~/server/content/ministry-videos.server";
import { phoneJpeg } from "../helpers/pictures";
import { get, seedScopeWorld, tableCounts, type ScopeWorld } from "../helpers/ministry-scope";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// A ministry head of Amplify (issue 34) keeps Amplify's videos, image and page, and no other
// ministry's: each is offered and listed only for Amplify, and a forged slug or id in a form or an
// address answers 404 and writes nothing (no row, no file, no audit entry).

const VIDEO = "/members/add-ministry-video";
const video = (fields: Record<string, string>, cookie: string) =>
  formRequest(
    VIDEO,
    { title: "Forged", url: "https://www.youtube.com/watch?v=zzzzzzzzzzz", ...fields },
    { cookie },
  );

describe.each(databaseKinds)("a ministry head's videos, image and page on %s", (kind) => {
  let t: TestServices;
  let world: ScopeWorld;
  beforeAll(async () => {
    t = await startTestServices(kind);
    world = await seedScopeWorld();
  });
  afterAll(async () => {
    await t.stop();
  });

  const titleOf = async (id: string) =>
    (await t.services.db.select().from(ministryVideos).where(eq(ministryVideos.id, id)))[0];

  it("lists and offers Amplify's videos only", async () => {
    const page = await callRoute(videosLoader, get(VIDEO, world.head));
    expect(page.status).toBe(200);
    const loaded = page.data as { items: { title: string }[]; ministries: { slug: string }[] };
    expect(loaded.items.map((item) => item.title)).toEqual(["Amplify worship night"]);
    expect(loaded.ministries.map((ministry) => ministry.slug)).toEqual(["amplify"]);
    expect((await listAllMinistryVideos()).length).toBe(2);
    // Its own video opens for editing; another ministry's is not found.
    const own = await callRoute(videosLoader, get(`${VIDEO}?edit=${world.video.amplify}`, world.head));
    expect((own.data as { editing: { id: string } }).editing.id).toBe(world.video.amplify);
    const forged = await callRoute(videosLoader, get(`${VIDEO}?edit=${world.video.actsKids}`, world.head));
    expect(forged.status).toBe(404);
  });

  it("refuses to add, edit, move or delete another ministry's video, and writes nothing", async () => {
    const before = await tableCounts();
    const answers = await Promise.all([
      callRoute(videosAction, video({ intent: "create", ministrySlug: "acts-kids" }, world.head)),
      callRoute(
        videosAction,
        video({ intent: "update", id: world.video.actsKids, ministrySlug: "acts-kids" }, world.head),
      ),
      // Its own video moved into ACTS Kids.
      callRoute(
        videosAction,
        video({ intent: "update", id: world.video.amplify, ministrySlug: "acts-kids" }, world.head),
      ),
      // ACTS Kids' video claimed for Amplify.
      callRoute(
        videosAction,
        video({ intent: "update", id: world.video.actsKids, ministrySlug: "amplify" }, world.head),
      ),
      callRoute(
        videosAction,
        formRequest(VIDEO, { intent: "delete", id: world.video.actsKids }, { cookie: world.head }),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await tableCounts()).toEqual(before);
    expect(await titleOf(world.video.actsKids)).toMatchObject({
      title: "ACTS Kids camp",
      ministrySlug: "acts-kids",
    });
    expect(await titleOf(world.video.amplify)).toMatchObject({
      title: "Amplify worship night",
      ministrySlug: "amplify",
    });
  });

  it("adds and edits Amplify's own videos", async () => {
    const added = await callRoute(
      videosAction,
      video({ intent: "create", ministrySlug: "amplify", title: "Amplify rehearsal" }, world.head),
    );
    expect(added.status).toBe(302);
    const edited = await callRoute(
      videosAction,
      video(
        { intent: "update", id: world.video.amplify, ministrySlug: "amplify", title: "Amplify night" },
        world.head,
      ),
    );
    expect(edited.status).toBe(302);
    expect(await titleOf(world.video.amplify)).toMatchObject({ title: "Amplify night" });
  });

  it("offers Amplify's image only, and refuses a picture for ACTS Kids before storing it", async () => {
    const page = await callRoute(
      imagesLoader,
      get("/members/update-ministry-image?ministry=acts-kids", world.head),
    );
    expect(page.data).toMatchObject({ chosen: "amplify", ministries: [{ slug: "amplify" }] });

    const before = await tableCounts();
    const body = new FormData();
    body.set("ministrySlug", "acts-kids");
    body.set("image", new File([new Uint8Array(await phoneJpeg())], "kids.jpg", { type: "image/jpeg" }));
    const refused = await callRoute(
      imageUpload,
      new Request("http://localhost/members/update-ministry-image/save", {
        method: "POST",
        body,
        headers: { cookie: world.head, accept: "application/json", origin: "http://localhost" },
      }),
    );
    expect(refused.status).toBe(404);
    expect(await tableCounts()).toEqual(before);
    const folder = path.join(t.services.storage.localRoot!, "ministry-images");
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    expect(await t.services.db.select().from(ministryImages)).toEqual([]);
  });

  it("edits Amplify's page only: ACTS Kids' page is not found, to read or to save", async () => {
    const website = await callRoute(websiteLoader, get("/members/site", world.head));
    const { sections, ministries } = website.data as { sections: unknown[]; ministries: { slug: string }[] };
    expect(sections).toEqual([]);
    expect(ministries.map((ministry) => ministry.slug)).toEqual(["amplify"]);

    const own = await callRoute(editorLoader, get("/members/site/ministries/amplify", world.head), {
      params: { slug: "amplify" },
    });
    expect(own.status).toBe(200);
    const before = await tableCounts();
    const read = await callRoute(editorLoader, get("/members/site/ministries/acts-kids", world.head), {
      params: { slug: "acts-kids" },
    });
    expect(read.status).toBe(404);
    const { data, version } = own.data as { data: Record<string, unknown>; version: number };
    const save = await callRoute(
      editorAction,
      formRequest(
        "/members/site/ministries/acts-kids",
        { intent: "save", version: String(version), data: JSON.stringify({ ...data, leader: "Forged" }) },
        { cookie: world.head },
      ),
      { params: { slug: "acts-kids" } },
    );
    expect(save.status).toBe(404);
    // The church's own sections are refused with the permission they need.
    const church = await callRoute(editorLoader, get("/members/site/church", world.head), {
      params: { section: "church" },
    });
    expect(church.status).toBe(403);
    expect(await tableCounts()).toEqual(before);
  });
});
