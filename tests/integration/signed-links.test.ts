import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueLink, readLink, revokeLinks, useLink } from "~/server/platform/signed-links.server";
import { databaseKinds, startTestServices, type TestServices } from "../helpers/test-services";

// The one kind of signed link: what a token opens, and every way it refuses (altered, another
// purpose's, past its end, used, revoked), against the real database.

describe.each(databaseKinds)("signed links on %s", (kind) => {
  let t: TestServices;
  const db = () => t.services.db;
  const rows = (sql: string, params: unknown[] = []) =>
    t.services.database.query<Record<string, unknown>>(sql, params);

  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });

  it("a token is random base64url of 256 bits and only its hash is stored", async () => {
    const token = await issueLink(db(), { purpose: "test", subject: "a@example.org", singleUse: false });
    const other = await issueLink(db(), { purpose: "test", subject: "a@example.org", singleUse: false });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other).not.toBe(token);
    const stored = await rows("select token_hash from signed_links where subject_id = 'a@example.org'");
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(token);
    }
    expect(await readLink(db(), "test", token)).toMatchObject({ ok: true, subject: "a@example.org" });
  });

  it("an altered, made-up or foreign token is unknown", async () => {
    const token = await issueLink(db(), { purpose: "test", subject: "b@example.org", singleUse: false });
    const altered = (token[0] === "A" ? "B" : "A") + token.slice(1);
    expect(await readLink(db(), "test", altered)).toEqual({ ok: false, refusal: "unknown" });
    expect(await readLink(db(), "test", `${token}x`)).toEqual({ ok: false, refusal: "unknown" });
    expect(await readLink(db(), "test", "")).toEqual({ ok: false, refusal: "unknown" });
    expect(await readLink(db(), "test", "../../etc/passwd")).toEqual({ ok: false, refusal: "unknown" });
    // A real token of another purpose opens nothing here.
    expect(await readLink(db(), "update-details", token)).toEqual({ ok: false, refusal: "unknown" });
    expect(await useLink(db(), "update-details", token)).toEqual({ ok: false, refusal: "unknown" });
  });

  it("a link past its end is expired; one without an end keeps working", async () => {
    const past = await issueLink(db(), {
      purpose: "test",
      subject: "c@example.org",
      singleUse: false,
      expiresAt: new Date(Date.now() - 1000),
    });
    const future = await issueLink(db(), {
      purpose: "test",
      subject: "c@example.org",
      singleUse: false,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(await readLink(db(), "test", past)).toEqual({ ok: false, refusal: "expired" });
    expect(await useLink(db(), "test", past)).toEqual({ ok: false, refusal: "expired" });
    expect(await readLink(db(), "test", future)).toMatchObject({ ok: true });
  });

  it("a single-use link opens once, even for two requests at the same moment", async () => {
    const token = await issueLink(db(), { purpose: "test", subject: "d@example.org", singleUse: true });
    const both = await Promise.all([useLink(db(), "test", token), useLink(db(), "test", token)]);
    expect(both.filter((reading) => reading.ok)).toHaveLength(1);
    expect(await readLink(db(), "test", token)).toEqual({ ok: false, refusal: "used" });
    expect(await useLink(db(), "test", token)).toEqual({ ok: false, refusal: "used" });
  });

  it("a link for many uses opens every time", async () => {
    const token = await issueLink(db(), { purpose: "test", subject: "e@example.org", singleUse: false });
    expect(await useLink(db(), "test", token)).toMatchObject({ ok: true, subject: "e@example.org" });
    expect(await useLink(db(), "test", token)).toMatchObject({ ok: true, subject: "e@example.org" });
  });

  it("revoking closes the subject's links of that purpose only", async () => {
    const one = await issueLink(db(), { purpose: "test", subject: "f@example.org", singleUse: false });
    const two = await issueLink(db(), { purpose: "test", subject: "f@example.org", singleUse: true });
    const otherPurpose = await issueLink(db(), {
      purpose: "other",
      subject: "f@example.org",
      singleUse: false,
    });
    const otherSubject = await issueLink(db(), {
      purpose: "test",
      subject: "g@example.org",
      singleUse: false,
    });
    expect(await revokeLinks(db(), "test", "f@example.org")).toBe(2);
    expect(await readLink(db(), "test", one)).toEqual({ ok: false, refusal: "revoked" });
    expect(await useLink(db(), "test", two)).toEqual({ ok: false, refusal: "revoked" });
    expect(await readLink(db(), "other", otherPurpose)).toMatchObject({ ok: true });
    expect(await readLink(db(), "test", otherSubject)).toMatchObject({ ok: true });
    expect(await revokeLinks(db(), "test", "f@example.org")).toBe(0);
  });
});
