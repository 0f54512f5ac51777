import { documents, events, sermons, settings } from "../../../database/schema";
import { church, serviceTimes } from "~/content/church";
import { addDays, dayOfWeek, todayInChurchZone } from "~/lib/dates";
import { serviceWhen } from "~/lib/service-times";
import { makePdf, makePng } from "./demo-files.server";
import { getSetting } from "../platform/settings.server";
import { services } from "../platform/services.server";

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
  const mapsUrl = church.mapsUrl;

  const files = [
    {
      name: "1767225600001.pdf",
      fileName: "Welcome Guide.pdf",
      body: makePdf(`Welcome to ${church.name}`, [
        church.tagline,
        "",
        "We are glad you are here. This guide tells you what to expect on your first visit.",
        ...serviceTimes.map((s) => `${s.name}: ${serviceWhen(s)}`),
        "",
        "(Demo document: replace it from the members area, Upload Files.)",
      ]),
    },
    {
      name: "1767225600002.pdf",
      fileName: "Bible Reading Plan.pdf",
      body: makePdf("Bible Reading Plan", [
        "Week 1: Genesis 1-7",
        "Week 2: Psalms 1-14",
        "Week 3: Gospel of John 1-7",
        "Week 4: Acts 1-7",
        "",
        "(Demo document: replace it from the members area, Upload Files.)",
      ]),
    },
    {
      name: "1767225600003.png",
      fileName: "Worship Night Poster.png",
      body: makePng(640, 400, [30, 58, 138], [217, 119, 6]),
    },
  ];
  // Files first: if the database write below fails, the next start writes them again under the
  // same names, and no row ever points at a missing file.
  for (const file of files) await storage.put(file.name, file.body);

  const lastFriday = addDays(today, -((dayOfWeek(today) + 2) % 7 || 7));

  await db.transaction(async (tx) => {
    await tx.insert(events).values([
      {
        title: "IronMen Basketball Fellowship",
        eventDate: addDays(today, 8),
        eventTime: "18:00",
        eventEndTime: "20:00",
        locationName: "Community Sports Court, Manama",
        googleMapsUrl: mapsUrl,
        description:
          "An evening of basketball, food and fellowship for the men of the church. Bring a friend: all skill levels welcome.",
      },
      {
        title: "Youth Worship Night",
        eventDate: addDays(today, 13),
        eventTime: "19:00",
        eventEndTime: "21:30",
        speaker: "Amplify and Yadah ministries",
        locationName: `${church.shortName} main hall`,
        googleMapsUrl: mapsUrl,
        description: "A night of songs, dance and prayer led by our youth. Families are welcome.",
      },
      {
        title: "Family Day Picnic",
        eventDate: addDays(today, 27),
        eventTime: "09:00",
        eventEndTime: "14:00",
        locationName: "Prince Khalifa bin Salman Park",
        googleMapsUrl: mapsUrl,
        description: "Games for the children, lunch together and time to meet new friends.",
      },
    ]);
    await tx.insert(sermons).values(
      ["Walking by Faith", "The Good Shepherd", "Rooted in Love", "Faithful in Small Things"].map(
        (title, index) => ({
          title,
          sermonDate: addDays(lastFriday, -7 * index),
          speaker: index % 2 === 0 ? "Senior Pastor" : "Associate Pastor",
          youtubeId: `demoSermon${index + 1}`,
        }),
      ),
    );
    await tx.insert(documents).values(
      files.map((file) => ({
        fileName: file.fileName,
        filePath: file.name,
        fileSize: file.body.length,
        category: "elibrary",
        storageObjectPath: file.name,
      })),
    );
    // In the same transaction: the seed can never be half done, nor done twice.
    await tx.insert(settings).values({ key: SEEDED_KEY, value: now.toISOString() });
  });
  return true;
}
