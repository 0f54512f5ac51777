import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { formatDateLong } from "~/lib/format";
import { assignSeat, unassignSeat } from "~/server/rosters/seats.server";
import { startSmtpServer } from "../helpers/smtp";
import { addPeople, addSeat, addService, addTeam, clearRosters } from "../helpers/roster-volunteers-seed";
import { databaseKinds, startTestServices, type TestServices } from "../helpers/test-services";

// A planner takes someone off a seat (issue 36): a person who had been asked (asked, accepted, or
// waiting for a replacement) is told by e-mail that they no longer serve that day, in the change's
// own transaction; someone only proposed, or who declined, is told nothing.

const FROM = '"ACTS Church" <office@church.example.org>';
const date = addDays(todayInChurchZone(), 10);

describe.each(databaseKinds)("taking someone off a seat on %s", (kind) => {
  let t: TestServices;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestServices(kind, { SMTP_URL: smtp.url, MAIL_FROM: FROM });
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
  });

  it("tells the one who was asked or had accepted, and not the one only proposed or who declined", async () => {
    const { db, database } = t.services;
    await clearRosters(db);
    const people = await addPeople(db, ["Ana", "Ben", "Cal", "Dee", "Eve"]);
    const team = await addTeam(db, { qualified: Object.values(people).map((person) => person.id) });
    const [admin] = await database.query<{ id: string; email: string }>(
      "select id, email from users where email = 'admin@test.local'",
    );
    const serviceId = await addService(db, date);
    const desk = team.positions["Main desk"]!;
    const stream = team.positions["Stream"]!;
    const accepted = await addSeat(db, {
      serviceId,
      positionId: desk,
      memberId: people.Ana!.id,
      status: "accepted",
    });
    const proposed = await addSeat(db, {
      serviceId,
      positionId: stream,
      memberId: people.Ben!.id,
      status: "draft",
    });
    const asked = await addSeat(db, {
      serviceId,
      positionId: desk,
      memberId: people.Cal!.id,
      seat: 2,
      status: "pending",
    });
    const declined = await addSeat(db, {
      serviceId,
      positionId: stream,
      memberId: people.Dee!.id,
      seat: 2,
      status: "declined",
    });

    // Ana (accepted) is replaced by Eve; Ben (proposed) is replaced too; Cal (asked) and Dee
    // (declined) are taken off.
    const give = (positionId: string, seat: number, memberId: string, replacing: string) =>
      assignSeat(admin!, null, {
        teamId: team.id,
        serviceId,
        positionId,
        seat: String(seat),
        memberId,
        replacing,
      });
    await give(desk, 1, people.Eve!.id, accepted);
    await give(stream, 1, people.Ana!.id, proposed);
    await unassignSeat(admin!, null, team.id, asked);
    await unassignSeat(admin!, null, team.id, declined);

    const told = await database.query<{ to_address: string; subject: string; text_body: string }>(
      "select to_address, subject, text_body from outbox_emails where kind = 'roster-released' order by to_address",
    );
    expect(told.map((mail) => mail.to_address)).toEqual([people.Ana!.email, people.Cal!.email]);
    expect(told[0]!.subject).toBe(`You are no longer serving on ${formatDateLong(date)}, 3:30 PM`);
    expect(told[0]!.text_body).toContain("you are no longer serving on");
    expect(told[0]!.text_body).toContain("Main desk");
  });
});
