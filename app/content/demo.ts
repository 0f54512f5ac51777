// What a fresh install shows until the church adds its own: a few events, sermons and eLibrary
// documents (seeded once, see seed.server.ts). All of it is made up; staff replace or delete it.

import { church } from "./church";

export interface DemoEvent {
  title: string;
  /** Days after the day of seeding. */
  daysAhead: number;
  time: string;
  endTime: string;
  speaker?: string;
  locationName: string;
  description: string;
}

export const demoEvents: DemoEvent[] = [
  {
    title: "IronMen Basketball Fellowship",
    daysAhead: 8,
    time: "18:00",
    endTime: "20:00",
    locationName: "Community Sports Court, Manama",
    description:
      "An evening of basketball, food and fellowship for the men of the church. Bring a friend: all skill levels welcome.",
  },
  {
    title: "Youth Worship Night",
    daysAhead: 13,
    time: "19:00",
    endTime: "21:30",
    speaker: "Amplify and Yadah ministries",
    locationName: `${church.shortName} main hall`,
    description: "A night of songs, dance and prayer led by our youth. Families are welcome.",
  },
  {
    title: "Family Day Picnic",
    daysAhead: 27,
    time: "09:00",
    endTime: "14:00",
    locationName: "Prince Khalifa bin Salman Park",
    description: "Games for the children, lunch together and time to meet new friends.",
  },
];

/** One a week, the newest on the last Friday before seeding. */
export const demoSermonTitles = [
  "Walking by Faith",
  "The Good Shepherd",
  "Rooted in Love",
  "Faithful in Small Things",
];
/** Taken in turn by the demo sermons. */
export const demoSermonSpeakers = ["Senior Pastor", "Associate Pastor"];

const demoNote = "(Demo document: replace it from the members area, Upload Files.)";

/** The welcome guide's text; the church's name, tagline and service times are added around it. */
export const demoWelcomeGuide = {
  fileName: "Welcome Guide.pdf",
  introduction: "We are glad you are here. This guide tells you what to expect on your first visit.",
  note: demoNote,
};

export const demoReadingPlan = {
  fileName: "Bible Reading Plan.pdf",
  title: "Bible Reading Plan",
  lines: ["Week 1: Genesis 1-7", "Week 2: Psalms 1-14", "Week 3: Gospel of John 1-7", "Week 4: Acts 1-7"],
  note: demoNote,
};

export const demoPoster = { fileName: "Worship Night Poster.png" };
