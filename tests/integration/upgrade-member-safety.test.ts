import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMembers } from "~/server/people/members.server";
import { membershipCounts } from "~/server/people/member-reports.server";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The previous release deleted members for good and knew nothing of imports or form tokens.
// Opened by this release, every member is kept as it was, none counts as deleted, and the
// registry's lists and figures show them all.

const COLUMNS =
  "id, first_name, last_name, email, mobile, birthday::text, children, ministry_involvement, membership_status, created_at";

describe.each(databaseKinds)("upgrading the member registry from the previous release on %s", (kind) => {
  let t: TestServices;
  let before: Record<string, unknown>[];

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(kind, async ({ query }) => {
      await query(
        `insert into members (first_name, last_name, email, mobile, birthday, children, ministry_involvement, membership_status)
         values ('Ana', 'Cruz', 'ana@example.org', '3600 0001', '1990-02-03',
                 '[{"name":"Lia","birthday":"2015-05-06","gender":"Female"}]', '{amplify,kids}', 'active'),
                ('Ben', 'Reyes', 'ben@example.org', '3600 0002', null, '[]', '{}', 'left')`,
      );
      before = await query(`select ${COLUMNS} from members order by email`);
    });
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every member with every field, none of them deleted or imported", async () => {
    const db = t.services.database;
    expect(await db.query(`select ${COLUMNS} from members order by email`)).toEqual(before);
    expect(
      await db.query(
        "select count(*)::int as n from members where deleted_at is not null or import_id is not null",
      ),
    ).toEqual([{ n: 0 }]);
    expect(await db.query("select count(*)::int as n from member_imports")).toEqual([{ n: 0 }]);
    expect(await db.query("select count(*)::int as n from form_submissions")).toEqual([{ n: 0 }]);
  });

  it("lists and counts them all", async () => {
    const list = await listMembers({});
    expect(list.rows.map((row) => row.email).sort()).toEqual(["ana@example.org", "ben@example.org"]);
    expect(await membershipCounts()).toEqual({ total: 2, active: 1 });
  });
});
