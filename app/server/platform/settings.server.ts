import { eq } from "drizzle-orm";
import { settings } from "../../../database/schema";
import type { Database, Executor } from "./db.server";

export async function getSetting<T>(db: Pick<Database, "select">, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as T | undefined;
}

export async function setSetting(db: Executor, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
