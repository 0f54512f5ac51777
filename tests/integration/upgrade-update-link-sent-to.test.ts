import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOfPreviousRelease } from "../helpers/previous-release";
import { databaseKinds, type TestServices } from "../helpers/test-services";

// The release before update links knew the address they were e-mailed to (11 migrations). A
// member's own download holds what came in with that address only (issue 33), so this release
// finds it for the links already made: an e-mailed link was written in the same transaction as
// its audit entry (the same now()), which names the address, or says the member asked for it on
// the public page (sent to their address). A link shown as a QR code proves no address.

describe.each(databaseKinds)("upgrading to update links that know their address on %s", (kind) => {
  let t: TestServices;
  const links: Record<string, string> = {};

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ query }) => {
        const [member] = await query<{ id: string }>(
          `insert into members (first_name, last_name, email, mobile) values ('Ana', 'Cruz', ' Ana.Cruz@Example.org ', '33112233') returning id`,
        );
        const link = async (
          name: string,
          sentBy: string,
          at: string,
          audit?: { action: string; details: object },
        ) => {
          const [row] = await query<{ id: string }>(
            `insert into member_update_links (member_id, token_hash, expires_at, sent_by, created_at)
             values ($1, $2, '2030-09-08T08:00:00Z', $3, $4) returning id`,
            [member!.id, `hash-${name}`, sentBy, at],
          );
          links[name] = row!.id;
          if (audit) {
            await query(
              `insert into audit_log (actor_label, action, subject_type, subject_id, subject_label, details, at)
               values ($1, $2, 'member', $3, 'Ana Cruz', $4, $5)`,
              [
                sentBy === "member" ? "visitor" : sentBy,
                audit.action,
                member!.id,
                JSON.stringify(audit.details),
                at,
              ],
            );
          }
        };
        await link("emailed", "office@church.local", "2030-09-01T08:00:00.123Z", {
          action: "member.update-link-sent",
          details: { to: "Ana.Cruz@Example.org" },
        });
        await link("asked", "member", "2030-09-01T09:00:00.456Z", {
          action: "member.update-link-requested",
          details: {},
        });
        await link("qr", "office@church.local", "2030-09-01T10:00:00.789Z", {
          action: "member.update-link-shown",
          details: {},
        });
        // An e-mail's audit entry at another moment is not this link's.
        await link("unmatched", "office@church.local", "2030-09-01T11:00:00Z", undefined);
      },
      11,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("gives each e-mailed link the address it went to, and a QR code's none", async () => {
    const rows = await t.services.database.query<{ id: string; sent_to: string | null }>(
      "select id, sent_to from member_update_links",
    );
    const sentTo = (name: string) => rows.find((row) => row.id === links[name])!.sent_to;
    expect(sentTo("emailed")).toBe("ana.cruz@example.org");
    expect(sentTo("asked")).toBe("ana.cruz@example.org");
    expect(sentTo("qr")).toBeNull();
    expect(sentTo("unmatched")).toBeNull();
  });
});
