import { documents, events, sermons, settings } from "../../../database/schema";
import { addDays, dayOfWeek, todayInChurchZone } from "~/lib/dates";
import { serviceWhen } from "~/lib/service-times";
import { makePdf, makePng } from "./demo-files.server";
import { getSetting } from "../platform/settings.server";
import { services } from "../platform/services.server";
import { getDemoContent, getSiteContent } from "../site/site-content.server";

const SEEDED_KEY = "demo_seeded_at";

/**
 * Fills a fresh install with a few upcoming events, sermons and eLibrary documents so the public
 * site looks alive on first start. Runs once per database, ever: deleting the demo rows later
 * does not bring them back. Never adds members.
 */
export async function seedDemoContent(now: Date = new Date()): Promise<boolean> {
  const { db, storage } = services();
  if (await getSetting(db, SEEDED_KEY)) return false;

  const today = todayInChurchZone(now);
  const [{ church, serviceTimes }, demo] = await Promise.all([getSiteContent(), getDemoContent()]);
  const mapsUrl = church.mapsUrl;
  const guide = demo.demoWelcomeGuide;
  const plan = demo.demoReadingPlan;

  const files = [
    {
      name: "1767225600001.pdf",
      fileName: guide.fileName,
      body: makePdf(`Welcome to ${church.name}`, [
        church.tagline,
        "",
        guide.introduction,
        ...serviceTimes.map((s) => `${s.name}: ${serviceWhen(s)}`),
        "",
        guide.note,
      ]),
    },
    {
      name: "1767225600002.pdf",
      fileName: plan.fileName,
      body: makePdf(plan.title, [...plan.lines, "", plan.note]),
    },
    {
      name: "1767225600003.png",
      fileName: demo.demoPoster.fileName,
      body: makePng(640, 400, [30, 58, 138], [217, 119, 6]),
    },
  ];
  // Files first: if the database write below fails, the next start writes them again under the
  // same names, and no row ever points at a missing file.
  for (const file of files) await storage.put(file.name, file.body);

  const lastFriday = addDays(today, -((dayOfWeek(today) + 2) % 7 || 7));

  await db.transaction(async (tx) => {
    await tx.insert(events).values(
      demo.demoEvents.map((event) => ({
        title: event.title,
        eventDate: addDays(today, event.daysAhead),
        eventTime: event.time,
        eventEndTime: event.endTime,
        speaker: event.speaker ?? null,
        locationName: event.locationName,
        googleMapsUrl: mapsUrl,
        description: event.description,
        isDemo: true,
      })),
    );
    const speakers = demo.demoSermonSpeakers;
    await tx.insert(sermons).values(
      demo.demoSermonTitles.map((title, index) => ({
        title,
        sermonDate: addDays(lastFriday, -7 * index),
        speaker: speakers[index % speakers.length]!,
        youtubeId: `demoSermon${index + 1}`,
        isDemo: true,
      })),
    );
    await tx.insert(documents).values(
      files.map((file) => ({
        fileName: file.fileName,
        filePath: file.name,
        fileSize: file.body.length,
        category: "elibrary",
        storageObjectPath: file.name,
        isDemo: true,
      })),
    );
    // In the same transaction: the seed can never be half done, nor done twice.
    await tx.insert(settings).values({ key: SEEDED_KEY, value: now.toISOString() });
  });
  return true;
}
