import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as connectAction } from "~/routes/connect";
import { action as eventAction } from "~/routes/events/detail";
import { action as addEventSave } from "~/routes/members/content/event-upload";
import { action as addVideo } from "~/routes/members/content/ministry-videos";
import { action as addSermon } from "~/routes/members/content/sermons";
import { action as addSermonSave } from "~/routes/members/content/sermon-upload";
import { action as dashboardAction } from "~/routes/members/home/dashboard";
import { action as detailsAction } from "~/routes/members/people/member-list";
import { action as editAction } from "~/routes/members/people/edit-member";
import { action as formsAction } from "~/routes/members/people/new-member";
import { action as loginAction } from "~/routes/members/auth/login";
import { action as uploadFile } from "~/routes/members/content/document-upload";
import { action as documentsAction } from "~/routes/members/content/documents";
import { action as joinAction } from "~/routes/ministries/detail";
import {
  callRoute,
  expectingConsoleErrors,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

const TABLES = [
  "members",
  "visitors",
  "documents",
  "sermons",
  "ministry_videos",
  "ministry_images",
  "events",
  "ministry_registrations",
  "event_registrations",
];

type Body = { body: BodyInit; contentType: string };
const form = (fields: Record<string, string | string[]>): Body => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(key, v);
  return { body: params.toString(), contentType: "application/x-www-form-urlencoded" };
};

const MEGABYTE = "x".repeat(1024 * 1024);
// Malformed bodies every form must answer calmly: no 5xx, nothing written.
const BODIES: Record<string, Body> = {
  "no fields": form({}),
  "extra and repeated fields": form({
    name: ["a", "b"],
    email: ["x"],
    role: "admin",
    id: "1; drop table members",
  }),
  "a 1 MB string in every field": form({
    name: MEGABYTE,
    email: MEGABYTE,
    mobile: MEGABYTE,
    message: MEGABYTE,
    title: MEGABYTE,
    firstName: MEGABYTE,
  }),
  "impossible dates": form({
    intent: "create",
    sermonDate: "2026-02-30",
    eventDate: "2026-13-01",
    birthday: "2026-02-30",
    title: "t",
    speaker: "s",
    url: "https://youtu.be/abcdefghijk",
    eventTime: "25:99",
    locationName: "x",
    googleMapsUrl: "javascript:alert(1)",
  }),
  "unknown ids": form({ intent: "delete", id: crypto.randomUUID() }),
  "malformed ids": form({ intent: "update", id: "../../etc/passwd", title: "t" }),
  "invalid UTF-8": {
    body: new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
    contentType: "application/x-www-form-urlencoded",
  },
  "broken multipart": {
    body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
    contentType: "multipart/form-data; boundary=XYZ",
  },
  "multipart without a boundary": { body: "garbage", contentType: "multipart/form-data" },
};

describe("bad input never crashes a form or leaves half a record", () => {
  let t: TestServices;
  let staffCookie: string;
  let eventId: string;
  let memberId: string;
  beforeAll(async () => {
    t = await startTestServices("pglite", { REGISTRATION_PASSCODE: "open sesame" });
    staffCookie = await signInCookie();
    [{ id: eventId }] = (await t.services.database.query<{ id: string }>(
      "insert into events (title, event_date, event_time, location_name, google_maps_url) values ('E', '2099-01-01', '10:00', 'L', 'https://maps.google.com') returning id",
    )) as [{ id: string }];
    [{ id: memberId }] = (await t.services.database.query<{ id: string }>(
      "insert into members (first_name, last_name, email, mobile) values ('A', 'B', 'a@example.org', '33334444') returning id",
    )) as [{ id: string }];
  });
  afterAll(async () => {
    await t.stop();
  });

  async function counts() {
    const result: Record<string, number> = {};
    for (const table of TABLES)
      result[table] = Number(
        (await t.services.database.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n,
      );
    return result;
  }

  const forms: {
    name: string;
    path: string;
    fn: unknown;
    params?: Record<string, string>;
    staff?: boolean;
  }[] = [
    { name: "ministry join", path: "/ministries/amplify", fn: joinAction, params: { slug: "amplify" } },
    { name: "event registration", path: "/events/:id", fn: eventAction },
    { name: "connect", path: "/connect", fn: connectAction },
    { name: "login", path: "/members/login", fn: loginAction },
    { name: "registration passcode and form", path: "/members/forms", fn: formsAction },
    { name: "member edit", path: "/members/edit/:member", fn: editAction, staff: true },
    { name: "member delete", path: "/members/details", fn: detailsAction, staff: true },
    { name: "dashboard passcode", path: "/members", fn: dashboardAction, staff: true },
    { name: "sermons", path: "/members/add-sermon", fn: addSermon, staff: true },
    { name: "ministry videos", path: "/members/add-ministry-video", fn: addVideo, staff: true },
    { name: "event save", path: "/members/add-event/save", fn: addEventSave, staff: true },
    { name: "sermon save", path: "/members/add-sermon/save", fn: addSermonSave, staff: true },
    { name: "document upload", path: "/members/upload/save", fn: uploadFile, staff: true },
    { name: "document details and delete", path: "/members/upload", fn: documentsAction, staff: true },
  ];

  for (const target of forms) {
    it(`${target.name} answers every malformed body without a 5xx or a write`, async () => {
      const before = await counts();
      for (const [label, { body, contentType }] of Object.entries(BODIES)) {
        const path = target.path.replace(":id", eventId).replace(":member", memberId);
        const request = new Request(`http://localhost${path}`, {
          method: "POST",
          body,
          headers: {
            "content-type": contentType,
            origin: "http://localhost",
            ...(target.staff ? { cookie: staffCookie } : {}),
          },
        });
        const params =
          target.params ??
          (path.includes(eventId) ? { id: eventId } : path.includes(memberId) ? { id: memberId } : {});
        // An error thrown out of an action would be a 500 page: callRoute lets it fail the test.
        const {
          result: { status },
        } = await expectingConsoleErrors(() =>
          callRoute(target.fn, request, { params, clientIp: `203.0.113.${crypto.randomInt(250)}` }),
        );
        expect(status, `${target.name}: ${label}`).toBeLessThan(500);
      }
      expect(await counts()).toEqual(before);
    });
  }
});
