import { format } from "node:util";
import ExcelJS from "exceljs";
import { and, count, eq, sql } from "drizzle-orm";
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
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";
import { sharedTextBomb, spreadsheetBomb, workbookOf } from "../helpers/spreadsheet-bomb";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// Built once for both databases: deflating the bomb's 452MB takes a few seconds.
const bombs = new Map<string, Promise<Uint8Array>>();
const built = (name: string, build: () => Promise<Uint8Array>) => {
  if (!bombs.has(name)) bombs.set(name, build());
  return bombs.get(name)!;
};

/** What console.error prints while `work` runs, in full, as the server's log would hold it. */
async function logWhile<T>(work: () => Promise<T>): Promise<{ result: T; log: string }> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(format(...args));
  try {
    return { result: await work(), log: lines.join("\n") };
  } finally {
    console.error = original;
  }
}

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
    // Row 6's unknown ministry is left out and the row imported; a missing or wrong required
    // detail, or a repeat, skips the row.
    expect(preview).toMatchObject({ total: 8, ready: 3, withEmptyCells: 1, skipped: 5 });
    const problems = new Map(preview!.previewRows.map((row) => [row.row, row.problems]));
    expect(problems.get(2)).toEqual([]);
    expect(problems.get(3)).toEqual([]);
    expect(problems.get(4)).toEqual([{ field: "firstName", message: "First name is required." }]);
    expect(problems.get(5)).toEqual([
      {
        field: "birthday",
        message: "Birthday: “31/02/1990” is not a real date. Left empty.",
        leftEmpty: true,
      },
      { field: "email", message: "Please enter a valid email address." },
    ]);
    expect(problems.get(6)).toEqual([
      { field: "ministryInvolvement", message: "Unknown ministry “Choir”: left out.", leftEmpty: true },
    ]);
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
          message:
            "Unknown membership status “Visitor”: use Active, Inactive, Left or Transferred. Left empty, so Active.",
          leftEmpty: true,
        },
      ]),
    );
    expect(preview!.skippedRows.map((row) => row.row)).toEqual([4, 5, 7, 8, 10]);
    expect(preview!.emptiedRows.map((row) => row.row)).toEqual([6]);
    expect(preview!.unknownMinistries).toEqual([{ name: "Choir", key: "choir", rows: 1 }]);
    expect(preview!.ministries).toContainEqual({ slug: "amplify", name: "Amplify (Music)" });
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
    expect(imported.map((m) => m.email).sort()).toEqual([
      "ana.reyes@example.org",
      "ben@example.org",
      "dan@example.org",
    ]);
    expect(imported.find((m) => m.firstName === "Dan")).toMatchObject({ ministryInvolvement: [] });
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
      importedCount: 3,
      skippedCount: 5,
    });
    expect(done!.importedAt).toBeInstanceOf(Date);
    const entries = await t.services.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: "member.imported",
        actorLabel: "admin@test.local",
        subjectLabel: "members.csv",
        details: { imported: 3, skipped: 5, rows: 8 },
      }),
    ]);
    expect(await counts()).toEqual({
      ...before,
      members: before.members + 3,
      importAudits: before.importAudits + 1,
    });

    // A second post of the same import (double click, Back and resubmit) adds nothing.
    const second = await post(id, { intent: "import", mapping: JSON.stringify({ 0: "firstName" }) });
    expect(second.status).toBe(302);
    expect(await counts()).toEqual({
      ...before,
      members: before.members + 3,
      importAudits: before.importAudits + 1,
    });

    const history = await callRoute(
      historyLoader,
      new Request("http://localhost/members/import", { headers: { cookie } }),
    );
    expect((history.data as { imports: unknown[] }).imports).toEqual([
      expect.objectContaining({ id, status: "imported", importedCount: 3, skippedCount: 5, remaining: 3 }),
    ]);

    const undone = await post(id, { intent: "undo" });
    expect(undone.status).toBe(200);
    expect((undone.data as { toast: { description: string } }).toast.description).toBe(
      "3 members added from “members.csv” removed.",
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

  it("imports an unknown ministry as the one of ours staff chose, and refuses a choice it cannot read", async () => {
    const id = await uploadDraft({ name: "members.csv", bytes: SHEET });
    const { preview } = await review(id);
    const mapping = JSON.stringify(preview!.mapping);
    const before = await counts();
    const refused = await post(id, { intent: "import", mapping, "ministry:choir": "../amplify" });
    expect(refused.status).toBe(400);
    expect(await counts()).toEqual(before);

    const result = await post(id, { intent: "import", mapping, "ministry:choir": "amplify" });
    expect(result.status).toBe(302);
    const [dan] = await t.services.db
      .select()
      .from(members)
      .where(and(eq(members.importId, id), eq(members.email, "dan@example.org")));
    expect(dan).toMatchObject({ firstName: "Dan", ministryInvolvement: ["amplify"] });
    const [entry] = await t.services.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(entry!.details).toEqual({
      imported: 3,
      skipped: 5,
      rows: 8,
      ministriesMatched: { choir: "amplify" },
    });
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
    expect(n).toBe(3);
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
      const { result, log } = await logWhile(() => importDraft(id));
      expect(result.status).toBe(500);
      expect(log).toMatch(/A member import failed/);
      expect(log).toContain("refused for the test");
      // The statement's parameters are the members' rows: none of them reaches the log.
      expect(log).not.toMatch(/person\d+@example\.org|Person\d+|39000001|boom@example/);
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

  it("logs a failed draft without the sheet's rows, and keeps nothing", async () => {
    const before = await counts();
    await t.services.db.execute(sql`
      create or replace function refuse_draft() returns trigger language plpgsql as $$
      begin raise exception 'draft refused for the test'; end $$`);
    await t.services.db.execute(
      sql`create trigger refuse_draft before insert on member_imports for each row execute function refuse_draft()`,
    );
    try {
      const { result, log } = await logWhile(() => upload({ name: "members.csv", bytes: SHEET }));
      expect(result.status).toBe(500);
      expect(log).toMatch(/Reading a member import failed/);
      expect(log).toContain("draft refused for the test");
      expect(log).not.toMatch(/ana\.reyes@example\.org|Reyes|3911 0001|likes tea/);
    } finally {
      await t.services.db.execute(sql`drop trigger refuse_draft on member_imports`);
      await t.services.db.execute(sql`drop function refuse_draft()`);
    }
    expect(await counts()).toEqual(before);
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
          "Birthday: “10/25/1990” has the month first; write dates day first (DD/MM/YYYY) or as YYYY-MM-DD. Left empty.",
        leftEmpty: true,
      },
    ]);
    expect((await importDraft(id)).status).toBe(302);
    const [ana] = await t.services.db
      .select()
      .from(members)
      .where(and(eq(members.importId, id), eq(members.email, "ana.cruz@example.org")));
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

  describe("a spreadsheet bomb", () => {
    const refusal = (result: { data?: unknown }) => {
      const answer = result.data as { ok: boolean; toast: { title: string; description: string } };
      expect(answer.ok).toBe(false);
      expect(answer.toast.title).toBe("Upload Failed");
      return answer.toast.description;
    };

    it("refuses a 785KB workbook whose sheet unpacks to 452MB at once, naming the limit, writing nothing", async () => {
      const bomb = await built("bomb", () => spreadsheetBomb());
      expect(bomb.byteLength).toBeLessThan(800 * 1024);
      const before = await counts();
      const result = await upload({ name: "bomb.xlsx", bytes: bomb, type: XLSX });
      expect(result.status).toBe(400);
      expect(refusal(result)).toBe(
        "“bomb.xlsx” unpacks to 432MB, and a workbook can unpack to at most 50MB. A list of members is much smaller: please check it is the right file, or copy the members into a new workbook and upload that.",
      );
      expect(await counts()).toEqual(before);
    });

    it("refuses the same bomb when its zip says the sheet is small: inflating stops at the size it declares", async () => {
      const bomb = await built("lying", () => spreadsheetBomb({ lying: true }));
      const before = await counts();
      const result = await upload({ name: "liar.xlsx", bytes: bomb, type: XLSX });
      expect(result.status).toBe(400);
      expect(refusal(result)).toBe(
        "“liar.xlsx” could not be opened as an Excel workbook. Please choose a CSV file or an Excel workbook (.xlsx).",
      );
      expect(await counts()).toEqual(before);
    });

    it("refuses a small sheet whose cells all repeat one long text, at the limit on all the text", async () => {
      const bomb = await built("shared", sharedTextBomb);
      const before = await counts();
      const result = await upload({ name: "echo.xlsx", bytes: bomb, type: XLSX });
      expect(result.status).toBe(400);
      expect(refusal(result)).toBe(
        "“echo.xlsx” holds more than 20,000,000 characters of text. Please split it into smaller files and import them one after the other.",
      );
      expect(await counts()).toEqual(before);
    });

    const header = ["First Name", "Last Name"];
    it.each([
      {
        what: "10,001 members",
        build: () => workbookOf(10_002, 2, (row, column) => (row === 1 ? header[column]! : `P${row}`)),
        message: "“sheet.xlsx” has more than 10,000 rows.",
      },
      {
        what: "101 columns",
        build: () => workbookOf(2, 101, (row, column) => (row === 1 ? `Column ${column}` : "x")),
        message: "“sheet.xlsx” has more than 100 columns.",
      },
      {
        what: "a cell of 2,001 characters",
        build: () => workbookOf(3, 2, (row, column) => (row === 2 && column === 1 ? "z".repeat(2001) : "x")),
        message: "“sheet.xlsx” has a cell of more than 2,000 characters (row 2, column B).",
      },
    ])("refuses a workbook of $what as soon as it is read, naming the limit", async ({ build, message }) => {
      const before = await counts();
      const result = await upload({ name: "sheet.xlsx", bytes: await build(), type: XLSX });
      expect(result.status).toBe(400);
      expect(refusal(result)).toContain(message);
      expect(await counts()).toEqual(before);
    });

    it("refuses a CSV cell of 2,001 characters the same way", async () => {
      const result = await upload({ name: "long.csv", bytes: `First Name,Notes\nAna,${"n".repeat(2001)}\n` });
      expect(result.status).toBe(400);
      expect(refusal(result)).toContain(
        "“long.csv” has a cell of more than 2,000 characters (row 2, column B).",
      );
    });

    it("reads a workbook made without shared texts, and picks its first visible sheet", async () => {
      const id = await uploadDraft({
        name: "inline.xlsx",
        bytes: await workbookOf(2, 4, (row, column) =>
          row === 1
            ? ["First Name", "Last Name", "Email", "Mobile"][column]!
            : ["Ida", "Inline", "ida@example.org", "33221100"][column]!,
        ),
        type: XLSX,
      });
      const { preview } = await review(id);
      expect(preview!.previewRows.map((row) => row.cells)).toEqual([
        ["Ida", "Inline", "ida@example.org", "33221100"],
      ]);

      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet("Old").addRow(["Hidden", "Sheet"]);
      workbook.getWorksheet("Old")!.state = "hidden";
      const members = workbook.addWorksheet("Members");
      members.addRow(["First Name", "Last Name", "Email", "Mobile"]);
      members.addRow(["Vic", "Visible", "vic@example.org", "33221101"]);
      const visible = await uploadDraft({
        name: "hidden-first.xlsx",
        bytes: new Uint8Array(await workbook.xlsx.writeBuffer()),
        type: XLSX,
      });
      const shown = await review(visible);
      expect(shown.preview!.previewRows.map((row) => row.cells)).toEqual([
        ["Vic", "Visible", "vic@example.org", "33221101"],
      ]);
    });
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
