import { desc } from "drizzle-orm";
import { sermons, type Sermon } from "../../database/schema";
import { services } from "./services.server";

/** Every sermon for the public page: newest sermon date first, the newest added first on a tie. */
export async function listSermons(): Promise<Sermon[]> {
  return services().db.select().from(sermons).orderBy(desc(sermons.sermonDate), desc(sermons.createdAt));
}
