import ExcelJS from "exceljs";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, memberImports, members } from "../../database/schema";
import { action as uploadAction, loader as historyLoader } from "~/routes/members/people/import-members";
import { action as reviewAction, loader as reviewLoader } from "~/routes/members/people/import-review";
import { createMember, loadMemberOptions } from "~/server/people/members.server";
import { makeMemberSchema } from "~/schemas/member";
import type { ImportPreview } from "~/server/people/member-import.server";
import {
  callRoute,
  databaseKinds,
  expectingConsoleErrors,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

function uploadRequest(cookie: string, file: { name: string; bytes: Uint8Array | string; type?: string }) {
  const body = new FormData();
  const bytes = typeof file.bytes === "string" ? new TextEncoder().encode(file.bytes) : file.bytes;
  body.set("file", new File([Uint8Array.from(bytes)], file.name, { type: file.type ?? "text/csv" }));
  return new Request("http://localhost/members/import", {
    method: "POST",
    body,
    headers: { cookie, origin: "http://localhost" },
  });
}

/** The CSV the first tests import: a semicolon-separated sheet with a byte-order mark, as Excel saves it. */
const SHEET = [
  "First Name;Last Name;E-mail;Mobile Number;Date of Birth;Ministries;Status;Notes",
  "Ana;Reyes;ana.reyes@example.org;+973 3911 0001;03/10/1990;Amplify, TEE;Active;",
  "Ben;Santos;ben@example.org;39110002;1985-02-28;;inactive;likes tea",
  ";Cruz;nofirst@example.org;39110003;;;;", // row 4: no first name
  "Carla;Diaz;carla@example;39110004;31/02/1990;;;", // row 5: bad e-mail, bad date
  "Dan;Lim;dan@example.org;39110005;;Choir;;", // row 6: unknown ministry
  "Eve;Tan;existing@example.org;39110006;;;;", // row 7: an existing member's e-mail
  "Fay;Ong;ben@example.org;39110007;;;;", // row 8: same e-mail as row 3
  ";;;;;;;", // row 9: empty, not counted
  "Gus;Uy;gus@example.org;;3 Oct 1991;;Visitor;", // row 10: no mobile, unknown status
].join("\r\n");

describe.each(databaseKinds)("member import on %s", (kind) => {
  let t: TestServices;
  let cookie: string;

  const counts = async () => {
    const { db } = t.services;
    const [[m], [i], [a]] = await Promise.all([
      db.select({ n: count() }).from(members),
      db.select({ n: count() }).from(memberImports),
      db
        .select({ n: count() })
        .from(auditLog)
        .where(sql`${auditLog.action} like 'member.import%'`),
    ]);
    return { members: m!.n, imports: i!.n, importAudits: a!.n };
  };

  const upload = async (file: { name: string; bytes: Uint8Array | string; type?: string }) =>
    callRoute(uploadAction, uploadRequest(cookie, file));

  const uploadDraft = async (file: { name: string; bytes: Uint8Array | string; type?: string }) => {
    const result = await upload(file);
    expect(result.status, JSON.stringify(result.data)).toBe(302);
    const location = result.response!.headers.get("location")!;
    expect(location).toMatch(/^\/members\/import\/[0-9a-f-]{36}$/);
    return location.split("/").pop()!;
  };

  const review = async (id: string) => {
    const result = await callRoute(
      reviewLoader,
      new Request(`http://localhost/members/import/${id}`, { headers: { cookie } }),
      { params: { id } },
    );
    expect(result.status).toBe(200);
    return result.data as { summary: { status: string }; preview: ImportPreview | null };
  };

  const post = (id: string, fields: Record<string, string>) =>
    callRoute(reviewAction, formRequest(`/members/import/${id}`, fields, { cookie }), { params: { id } });

  const importDraft = async (id: string) => {
    const { preview } = await review(id);
    return post(id, { intent: "import", mapping: JSON.stringify(preview!.mapping) });
  };

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(members);
    await t.services.db.delete(memberImports);
    const schema = makeMemberSchema(await loadMemberOptions());
    await createMember(
      schema.parse({
        firstName: "Existing",
        lastName: "Member",
        email: "Existing@Example.org",
        mobile: "33330000",
        children: [],
        ministryInvolvement: [],
        ministryRole: [],
      }),
      "system",
    );
  });

  it("reads an upload, guesses the columns, and previews every row's problems", async () => {
    const before = await counts();
    const id = await uploadDraft({ name: "members.csv", bytes: `\uFEFF${SHEET}` });
    const [stored] = await t.services.db.select().from(memberImports).where(eq(memberImports.id, id));
    expect(stored).toMatchObject({ fileName: "members.csv", status: "draft", rowCount: 8 });
    expect(stored!.headers[0]).toBe("First Name");
    expect(stored!.rows[0]).toEqual([
      "Ana",
      "Reyes",
      "ana.reyes@example.org",
      "+973 3911 0001",
      "03/10/1990",
      "Amplify, TEE",
      "Active",
    ]);
    expect(await counts()).toEqual({ ...before, imports: before.imports + 1 });

    const { preview } = await review(id);
    expect(preview!.mapping).toEqual({
      0: "firstName",
      1: "lastName",
      2: "email",
      3: "mobile",
      4: "birthday",
      5: "ministryInvolvement",
      6: "membershipStatus",
    });
    expect(preview!.columns[7]).toMatchObject({ header: "Notes", field: "", examples: ["likes tea"] });
    expect(preview).toMatchObject({ total: 8, ready: 2, withProblems: 6 });
    const problems = new Map(preview!.previewRows.map((row) => [row.row, row.problems]));
    expect(problems.get(2)).toEqual([]);
    expect(problems.get(3)).toEqual([]);
    expect(problems.get(4)).toEqual([{ field: "firstName", message: "First name is required." }]);
    expect(problems.get(5)).toEqual([
      { field: "birthday", message: "Birthday: “31/02/1990” is not a real date." },
      { field: "email", message: "Please enter a valid email address." },
    ]);
    expect(problems.get(6)).toEqual([{ field: "ministryInvolvement", message: "Unknown ministry “Choir”." }]);
    expect(problems.get(7)).toEqual([
      expect.objectContaining({
        field: "email",
        message: "Same e-mail as Existing Member, already a member.",
      }),
    ]);
    expect(problems.get(8)).toEqual([{ field: "email", message: "Same e-mail as row 3." }]);
    expect(problems.has(9)).toBe(false);
    expect(problems.get(10)).toEqual(
      expect.arrayContaining([
        { field: "mobile", message: "Mobile number is required." },
        {
          field: "membershipStatus",
          message: "Unknown membership status “Visitor”: use Active, Inactive, Left or Transferred.",
        },
      ]),
    );
    expect(preview!.skippedRows.map((row) => row.row)).toEqual([4, 5, 6, 7, 8, 10]);
  });

  it("keeps the columns staff choose, and previews with them", async () => {
    const id = await uploadDraft({ name: "members.csv", bytes: SHEET });
    // Ministries not imported: row 6 is then ready.
    const saved = await post(id, {
      intent: "map",
      "column-0": "firstName",
      "column-1": "lastName",
      "column-2": "email",
      "column-3": "mobile",
      "column-4": "birthday",
      "column-5": "",
      "column-6": "membershipStatus",
      "column-7": "nickname",
    });
    expect(saved.status).toBe(200);
    const { preview } = await review(id);
    expect(preview!.mapping[5]).toBeUndefined();
    expect(preview!.mapping[7]).toBe("nickname");
    expect(preview).toMatchObject({ ready: 3 });

    const twice = await post(id, { intent: "map", "column-0": "email", "column-2": "email" });
    expect(twice.status).toBe(200);
    const again = await review(id);
    expect(again.preview!.mappingProblems.blocking).toEqual([
      "Email is chosen for 2 columns (“First Name”, “E-mail”).",
    ]);
    const refused = await importDraft(id);
    expect(refused.status).toBe(409);

    const bad = await post(id, { intent: "map", "column-0": "password" });
    expect(bad.status).toBe(400);
  });

  it("imports the ready rows in one go, once, and undoes the import as a whole", async () => {
    const id = await uploadDraft({ name: "members.csv", bytes: SHEET });
    const before = await counts();
    const result = await importDraft(id);
    expect(result.status).toBe(302);
    expect(result.response!.headers.get("location")).toBe("/members/import");

    const imported = await t.services.db.select().from(members).where(eq(members.importId, id));
    expect(imported.map((m) => m.email).sort()).toEqual(["ana.reyes@example.org", "ben@example.org"]);
    expect(imported.find((m) => m.firstName === "Ana")).toMatchObject({
      countryCode: "+973",
      mobile: "3911 0001",
      birthday: "1990-10-03",
      ministryInvolvement: ["amplify", "tee"],
      membershipStatus: "active",
      churchPosition: "Member",
    });
    expect(imported.find((m) => m.firstName === "Ben")).toMatchObject({ membershipStatus: "inactive" });
    const [done] = await t.services.db.select().from(memberImports).where(eq(memberImports.id, id));
    expect(done).toMatchObject({
      status: "imported",
      rows: [],
      rowCount: 8,
      importedCount: 2,
      skippedCount: 6,
    });
    expect(done!.importedAt).toBeInstanceOf(Date);
    const entries = await t.services.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: "member.imported",
        actorLabel: "admin@test.local",
        subjectLabel: "members.csv",
        details: { imported: 2, skipped: 6, rows: 8 },
      }),
    ]);
    expect(await counts()).toEqual({
      ...before,
      members: before.members + 2,
      importAudits: before.importAudits + 1,
    });

    // A second post of the same import (double click, Back and resubmit) adds nothing.
    const second = await post(id, { intent: "import", mapping: JSON.stringify({ 0: "firstName" }) });
    expect(second.status).toBe(302);
    expect(await counts()).toEqual({
      ...before,
      members: before.members + 2,
      importAudits: before.importAudits + 1,
    });

    const history = await callRoute(
      historyLoader,
      new Request("http://localhost/members/import", { headers: { cookie } }),
    );
    expect((history.data as { imports: unknown[] }).imports).toEqual([
      expect.objectContaining({ id, status: "imported", importedCount: 2, skippedCount: 6, remaining: 2 }),
    ]);

    const undone = await post(id, { intent: "undo" });
    expect(undone.status).toBe(200);
    expect((undone.data as { toast: { description: string } }).toast.description).toBe(
      "2 members added from “members.csv” removed.",
    );
    expect(await t.services.db.select().from(members).where(eq(members.importId, id))).toEqual([]);
    const [afterUndo] = await t.services.db.select().from(memberImports).where(eq(memberImports.id, id));
    expect(afterUndo).toMatchObject({ status: "undone", undoneByLabel: "admin@test.local" });
    expect(await counts()).toEqual({ ...before, importAudits: before.importAudits + 2 });
    // The member registered by hand is still there.
    expect((await t.services.db.select().from(members)).map((m) => m.firstName)).toEqual(["Existing"]);

    const again = await post(id, { intent: "undo" });
    expect(again.status).toBe(409);
    expect(await counts()).toEqual({ ...before, importAudits: before.importAudits + 2 });
  });

  it("imports one import once even when two posts arrive together", async () => {
    const id = await uploadDraft({ name: "members.csv", bytes: SHEET });
    const { preview } = await review(id);
    const fields = { intent: "import", mapping: JSON.stringify(preview!.mapping) };
    const answers = await Promise.all([post(id, fields), post(id, fields)]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const [{ n }] = (await t.services.db
      .select({ n: count() })
      .from(members)
      .where(eq(members.importId, id))) as [{ n: number }];
    expect(n).toBe(2);
  });

  it("writes every member or none: a failure in the last batch leaves nothing behind", async () => {
    const rows = Array.from(
      { length: 1200 },
      (_, i) => `Person${i},Batch,person${i}@example.org,${39000000 + i}`,
    );
    rows[1100] = "Boom,Batch,boom@example.org,38000000";
    const id = await uploadDraft({
      name: "big.csv",
      bytes: ["First Name,Last Name,Email,Mobile", ...rows].join("\n"),
    });
    const before = await counts();
    // A database rule that refuses one row of the third INSERT of 500 (as a full disk or a lost
    // connection would fail it), set up for this test only.
    await t.services.db.execute(sql`
      create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Boom' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await t.services.db.execute(
      sql`create trigger refuse_boom before insert on members for each row execute function refuse_boom()`,
    );
    try {
      const { result, logged } = await expectingConsoleErrors(() => importDraft(id));
      expect(result.status).toBe(500);
      const log = logged.join("\n");
      expect(log).toMatch(/A member import failed/);
      // What failed and why, but none of the members' rows the query carried.
      expect(log).toMatch(/Failed query: insert into "members"/);
      expect(log).toContain("refused for the test");
      for (const value of ["person1000@example.org", "Person1000", "39001000", "boom@example.org"]) {
        expect(log).not.toContain(value);
      }
    } finally {
      await t.services.db.execute(sql`drop trigger refuse_boom on members`);
      await t.services.db.execute(sql`drop function refuse_boom()`);
    }
    expect(await counts()).toEqual(before);
    const [draft] = await t.services.db.select().from(memberImports).where(eq(memberImports.id, id));
    expect(draft).toMatchObject({ status: "draft", rowCount: 1200 });

    // Without the rule, the same draft imports all 1,200 rows.
    const result = await importDraft(id);
    expect(result.status).toBe(302);
    expect(await counts()).toEqual({
      ...before,
      members: before.members + 1200,
      importAudits: before.importAudits + 1,
    });
  });

  it("reads an Excel workbook's first sheet, its date cells included", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Members");
    sheet.addRow(["Name", "Email", "Mobile", "Birthday", "Ministry Involvement", "Status"]);
    sheet.addRow([
      "Ana Maria Cruz",
      "ana.cruz@example.org",
      33331111,
      new Date(Date.UTC(1990, 9, 3)),
      "Yadah (Dance)",
      "active",
    ]);
    sheet.addRow([
      { richText: [{ text: "Ben " }, { text: "Reyes", font: { bold: true } }] },
      { text: "ben.reyes@example.org", hyperlink: "mailto:ben.reyes@example.org" },
      "+63 9171234567",
      "10/25/1990",
      "",
      "Left",
    ]);
    sheet.getCell("D2").numFmt = "dd/mm/yyyy";
    workbook.addWorksheet("Other").addRow(["ignored"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const id = await uploadDraft({
      name: "members.xlsx",
      bytes,
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    const { preview } = await review(id);
    expect(preview!.mapping).toEqual({
      0: "fullName",
      1: "email",
      2: "mobile",
      3: "birthday",
      4: "ministryInvolvement",
      5: "membershipStatus",
    });
    expect(preview!.previewRows.map((row) => row.cells)).toEqual([
      ["Ana Maria Cruz", "ana.cruz@example.org", "33331111", "1990-10-03", "Yadah (Dance)", "active"],
      ["Ben Reyes", "ben.reyes@example.org", "+63 9171234567", "10/25/1990", "", "Left"],
    ]);
    expect(preview!.previewRows[1]!.problems).toEqual([
      {
        field: "birthday",
        message:
          "Birthday: “10/25/1990” has the month first; write dates day first (DD/MM/YYYY) or as YYYY-MM-DD.",
      },
    ]);
    expect((await importDraft(id)).status).toBe(302);
    const [ana] = await t.services.db.select().from(members).where(eq(members.importId, id));
    expect(ana).toMatchObject({
      firstName: "Ana",
      middleName: "Maria",
      lastName: "Cruz",
      birthday: "1990-10-03",
      ministryInvolvement: ["yadah"],
    });
  });

  it.each([
    {
      what: "a file over 10MB (20MB)",
      file: { name: "huge.csv", bytes: new Uint8Array(20 * 1024 * 1024).fill(0x61) },
      status: 413,
      message: "The file is too large. Files can be at most 10MB.",
    },
    {
      what: "a PDF renamed .xlsx",
      file: { name: "members.xlsx", bytes: "%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n" },
      status: 415,
      message: "“members.xlsx” is a PDF file, not a spreadsheet.",
    },
    {
      what: "binary junk named .csv",
      file: { name: "members.csv", bytes: Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256) },
      status: 415,
      message: "“members.csv” is not a CSV file: it holds binary data.",
    },
    {
      what: "text named .xlsx",
      file: { name: "members.xlsx", bytes: "First Name,Last Name\nAna,Cruz\n" },
      status: 415,
      message: "“members.xlsx” is not a real Excel workbook",
    },
    {
      what: "an empty file",
      file: { name: "members.csv", bytes: "" },
      status: 400,
      message: "“members.csv” is empty.",
    },
    {
      what: "a file of empty lines",
      file: { name: "members.csv", bytes: "\n\n \n" },
      status: 400,
      message: "has nothing in it",
    },
    {
      what: "a sheet without a header row",
      file: {
        name: "members.csv",
        bytes: "Ana,Cruz,ana@example.org,33334444\nBen,Reyes,ben@example.org,3333\n",
      },
      status: 400,
      message: "so it is a member, not the column names",
    },
    {
      what: "column names without rows",
      file: { name: "members.csv", bytes: "First Name,Last Name,Email\n" },
      status: 400,
      message: "has column names but no members",
    },
    {
      what: "a CSV with a quotation mark never closed",
      file: { name: "members.csv", bytes: 'First Name,Last Name\nAna,"Cruz\nBen,Reyes\n' },
      status: 400,
      message: "a quotation mark is opened and never closed",
    },
    {
      what: "an old .xls workbook",
      file: {
        name: "members.xls",
        bytes: Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]),
      },
      status: 415,
      message: "is an older Excel file (.xls)",
    },
  ])("refuses $what with a clear message and changes nothing", async ({ file, status, message }) => {
    const before = await counts();
    const result = await upload(file);
    expect(result.status).toBe(status);
    const answer = result.data as { ok: boolean; toast: { title: string; description: string } };
    expect(answer.ok).toBe(false);
    expect(answer.toast.title).toBe("Upload Failed");
    expect(answer.toast.description).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it("reads a comma CSV in UTF-8 and a Windows-1252 CSV alike", async () => {
    const utf8 = await uploadDraft({ name: "utf8.csv", bytes: "First Name,Last Name\nJosé,Peña\n" });
    const latin = await uploadDraft({
      name: "latin.csv",
      bytes: Uint8Array.from([
        ...Buffer.from("First Name;Last Name\nJos"),
        0xe9,
        ...Buffer.from(";Pe"),
        0xf1,
        0x61,
        0x0a,
      ]),
    });
    for (const id of [utf8, latin]) {
      const { preview } = await review(id);
      expect(preview!.previewRows[0]!.cells).toEqual(["José", "Peña"]);
    }
  });

  it("discards a draft with its rows", async () => {
    const id = await uploadDraft({ name: "members.csv", bytes: SHEET });
    const before = await counts();
    const result = await post(id, { intent: "discard" });
    expect(result.status).toBe(200);
    expect(await counts()).toEqual({ ...before, imports: before.imports - 1 });
    const gone = await callRoute(
      reviewLoader,
      new Request(`http://localhost/members/import/${id}`, { headers: { cookie } }),
      { params: { id } },
    );
    expect(gone.status).toBe(302);
  });
});
