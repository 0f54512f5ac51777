import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../database/schema";
import { controlHandlers } from "~/server/main/cli.server";
import { sendControlCommand, startControlServer } from "~/server/platform/control.server";
import { startTestServices, type TestServices } from "../helpers/test-services";

describe("command-line work through the running server", () => {
  let t: TestServices;
  let control: { close(): Promise<void> };
  beforeAll(async () => {
    t = await startTestServices("pglite");
    control = await startControlServer(t.dataDir, controlHandlers);
  });
  afterAll(async () => {
    await control.close();
    await t.stop();
  });

  it("creates an administrator without opening the database a second time", async () => {
    const message = await sendControlCommand(t.dataDir, "admin:create", {
      email: "Second@Test.local",
      password: "another good password",
    });
    expect(message).toBe("Administrator account created for second@test.local.");
    const [created] = await t.services.db.select().from(users).where(eq(users.email, "second@test.local"));
    expect(created!.role).toBe("admin");
  });

  it("reports bad input and unknown commands as errors", async () => {
    await expect(
      sendControlCommand(t.dataDir, "admin:create", { email: "x@test.local", password: "short" }),
    ).rejects.toThrow(/at least 10/);
    await expect(sendControlCommand(t.dataDir, "drop-everything", {})).rejects.toThrow(/Unknown command/);
  });

  it("refuses raw SQL unless the test hooks are on", async () => {
    await expect(sendControlCommand(t.dataDir, "sql", { text: "select 1" })).rejects.toThrow(
      /only available with TEST_HOOKS/,
    );
  });
});
