// The church's ministries: fixed content, not fetched (spec: Ministry = name, slug, description,
// fullDescription, verse, verseRef, schedule, ageGroup, leader, logo).
//
// From the spec: every slug and name, and these schedules: Amplify practice Thursdays 7:00 PM,
// Yadah practice Wednesdays 7:00 PM, ACTS Kids every Friday for ages 3-12; Prayer Meeting "as
// scheduled" (service times).
// PLACEHOLDER: everything else (descriptions, full descriptions, verses, other schedules and age
// groups, and every leader's name) was written for the project. The church should replace it.
// Verses are quoted from the World English Bible, which is in the public domain.

export interface MinistryLogo {
  /** The letters on the generated monogram (1-4 characters). */
  monogram: string;
  /** Background colour of the monogram; white (or `foreground`) text on it passes WCAG AA. */
  background: string;
  foreground: string;
}

export interface Ministry {
  slug: string;
  /** As the spec spells it, e.g. 'Amplify (Music)'. */
  name: string;
  /** The name without its parenthesis, e.g. 'Amplify'; used in roles such as 'Amplify Head'. */
  shortName: string;
  /** One or two sentences for the ministry card and search results. */
  description: string;
  fullDescription: string;
  verse: string;
  verseRef: string;
  schedule: string;
  ageGroup: string;
  leader: string;
  logo: MinistryLogo;
}

type MinistryInput = Omit<Ministry, "shortName" | "logo"> & {
  logo: Omit<MinistryLogo, "foreground"> & { foreground?: string };
};

/** 'Amplify (Music)' -> 'Amplify'. */
export function shortNameOf(name: string): string {
  return name.replace(/\s*\([^)]*\)\s*$/, "").trim();
}

const input: MinistryInput[] = [
  {
    slug: "acts-kids",
    name: "ACTS Kids",
    description: "A joyful, safe place where children learn about Jesus through stories, songs and play.",
    fullDescription:
      "ACTS Kids meets every Friday while the adults worship. Our trained volunteers teach Bible stories in ways children understand, with songs, crafts, games and prayer. We want every child to know that God loves them and that they belong in His family. Parents are always welcome to visit a class and meet the teachers.",
    verse:
      "Allow the little children to come to me! Don't forbid them, for God's Kingdom belongs to such as these.",
    verseRef: "Mark 10:14",
    schedule: "Every Friday", // spec
    ageGroup: "Ages 3-12", // spec
    leader: "Sis. Joy Santos", // PLACEHOLDER
    logo: { monogram: "AK", background: "#c2410c" },
  },
  {
    slug: "amplify",
    name: "Amplify (Music)",
    description: "Our music team leads the church in worship, singing and playing for the glory of God.",
    fullDescription:
      "Amplify is the music ministry of the church. Singers and musicians prepare together each week to lead the congregation into heartfelt worship on Fridays and at special services. More than a performance, our aim is to help everyone draw near to God in song. If you sing or play an instrument and love to worship, there is a place for you here.",
    verse:
      "Speaking to one another in psalms, hymns, and spiritual songs, singing and making melody in your heart to the Lord.",
    verseRef: "Ephesians 5:19",
    schedule: "Practice: Thursdays 7:00 PM", // spec
    ageGroup: "Youth and adults",
    leader: "Bro. Daniel Cruz", // PLACEHOLDER
    logo: { monogram: "A", background: "#7e22ce" },
  },
  {
    slug: "ampm",
    name: "AMPM (Prayer Meeting)",
    description:
      "Morning and evening prayer meetings where we bring the church, our families and Bahrain before God.",
    fullDescription:
      "AMPM gathers the church to pray, morning and evening. We pray for one another, for the sick, for our families at home and abroad, for the nation we live in and for the work of the church. Whether you have prayed aloud many times or never at all, come and join us: prayer is simply talking with our Father together.",
    verse:
      "Always rejoice. Pray without ceasing. In everything give thanks, for this is the will of God in Christ Jesus toward you.",
    verseRef: "1 Thessalonians 5:16-18",
    schedule: "As scheduled", // spec (Prayer Meeting)
    ageGroup: "All ages",
    leader: "Ptr. Samuel Reyes", // PLACEHOLDER
    logo: { monogram: "AMPM", background: "#4338ca" },
  },
  {
    slug: "cia",
    name: "CIA (General Services)",
    description:
      "The helping hands behind every gathering: setting up, cleaning up and caring for our place of worship.",
    fullDescription:
      "CIA (General Services) makes sure everything is ready when the church gathers. The team sets up chairs and tables, prepares the venue, helps with logistics for events and leaves everything clean and in order afterwards. It is quiet, faithful service that lets everyone else worship without distraction.",
    verse:
      "As each has received a gift, employ it in serving one another, as good managers of the grace of God in its various forms.",
    verseRef: "1 Peter 4:10",
    schedule: "Every Friday, before and after the Worship Service",
    ageGroup: "Youth and adults",
    leader: "Bro. Paolo Mendoza", // PLACEHOLDER
    logo: { monogram: "CIA", background: "#475569" },
  },
  {
    slug: "cords",
    name: "Cords (Couples)",
    description:
      "Fellowship, teaching and encouragement for married couples who want Christ at the centre of their home.",
    fullDescription:
      "Cords is our ministry for couples. Through fellowship nights, Bible studies and honest conversation, husbands and wives learn to build their marriage on Christ, support one another and raise their families in faith. Newly married or married for decades, you will find friends who walk the same road.",
    verse:
      "If a man prevails against one who is alone, two shall withstand him; and a threefold cord is not quickly broken.",
    verseRef: "Ecclesiastes 4:12",
    schedule: "Monthly couples' fellowship (dates announced)",
    ageGroup: "Married couples",
    leader: "Bro. Mark & Sis. Anne Villanueva", // PLACEHOLDER
    logo: { monogram: "C", background: "#be123c" },
  },
  {
    slug: "finance",
    name: "Finance",
    description: "Faithful, transparent care of the tithes and offerings entrusted to the church.",
    fullDescription:
      "The Finance ministry receives, counts and records the tithes and offerings of the church and keeps its accounts with care and accountability. The team works with the church board so that every gift is used wisely for worship, outreach and care for people in need.",
    verse:
      "Let each man give according as he has determined in his heart; not grudgingly, or under compulsion; for God loves a cheerful giver.",
    verseRef: "2 Corinthians 9:7",
    schedule: "Every Friday, after the Worship Service",
    ageGroup: "Adults",
    leader: "Sis. Maricel Garcia", // PLACEHOLDER
    logo: { monogram: "F", background: "#15803d" },
  },
  {
    slug: "ignite",
    name: "Ignite (Media)",
    description: "Telling the church's story through livestreams, slides, photos, video and social media.",
    fullDescription:
      "Ignite serves the church through media. The team runs the livestream and the worship slides, takes photos and videos, designs announcements and shares what God is doing on our social media pages. If you are creative or good with a camera or a computer, your skills can help spread the good news.",
    verse:
      "Even so, let your light shine before men, that they may see your good works, and glorify your Father who is in heaven.",
    verseRef: "Matthew 5:16",
    schedule: "Every Friday, during the Worship Service",
    ageGroup: "Youth and adults",
    leader: "Bro. Kevin Ramos", // PLACEHOLDER
    logo: { monogram: "I", background: "#b91c1c" },
  },
  {
    slug: "ironmen",
    name: "IronMen (Men)",
    description: "Men of every age sharpening one another in faith, friendship and godly leadership.",
    fullDescription:
      "IronMen is the men's ministry of the church. Through Bible study, prayer, sports and fellowship, men encourage one another to follow Christ at home, at work and in the church. Come for the basketball, stay for the brotherhood.",
    verse: "Iron sharpens iron; so a man sharpens his friend's countenance.",
    verseRef: "Proverbs 27:17",
    schedule: "Monthly fellowship (announced in advance)",
    ageGroup: "Men, 18 and over",
    leader: "Bro. Jonathan Dela Cruz", // PLACEHOLDER
    logo: { monogram: "IM", background: "#1e3a8a" },
  },
  {
    slug: "mmk",
    name: "MMK (Evangelism)",
    description: "Sharing the good news of Jesus with our neighbours, co-workers and friends across Bahrain.",
    fullDescription:
      "MMK is the evangelism ministry of the church. We equip believers to share their faith with love and respect, organise outreach and follow-up, and welcome new believers into the church family. Every one of us knows someone who needs to hear about Jesus; MMK helps you take the next step.",
    verse:
      "Go, and make disciples of all nations, baptizing them in the name of the Father and of the Son and of the Holy Spirit.",
    verseRef: "Matthew 28:19",
    schedule: "Outreach as scheduled",
    ageGroup: "Youth and adults",
    leader: "Ptr. Michael Aquino", // PLACEHOLDER
    logo: { monogram: "MMK", background: "#0f766e" },
  },
  {
    slug: "programs",
    name: "Program",
    description: "Planning and running the church's services, celebrations and special events.",
    fullDescription:
      "The Program ministry plans the order of our services and organises church celebrations such as anniversaries, Christmas and special events. The team coordinates with every other ministry so that each gathering runs smoothly and points people to God.",
    verse: "Let all things be done decently and in order.",
    verseRef: "1 Corinthians 14:40",
    schedule: "Planning meetings monthly",
    ageGroup: "Adults",
    leader: "Sis. Rachel Flores", // PLACEHOLDER
    logo: { monogram: "P", background: "#a21caf" },
  },
  {
    slug: "scribes",
    name: "Scribes",
    description: "Writers and editors who record the life of the church and prepare its written materials.",
    fullDescription:
      "Scribes keeps the church's written word. The team takes notes and minutes, writes articles, devotionals and announcements, and prepares materials for services and Bible studies. If you love words and want to use them for God's glory, join us.",
    verse: "My tongue is like the pen of a skillful writer.",
    verseRef: "Psalm 45:1",
    schedule: "As scheduled",
    ageGroup: "Youth and adults",
    leader: "Sis. Hannah Lopez", // PLACEHOLDER
    logo: { monogram: "S", background: "#92400e" },
  },
  {
    slug: "soundtech",
    name: "SoundTech",
    description:
      "Running the sound and technical equipment so everyone can hear the music and the Word clearly.",
    fullDescription:
      "SoundTech sets up and operates the microphones, mixing desk, speakers and recording equipment for every service and event. The team works closely with Amplify and Ignite. No experience? We will train you: a willing heart and attention to detail are what matter most.",
    verse: "And whatever you do, work heartily, as for the Lord, and not for men.",
    verseRef: "Colossians 3:23",
    schedule: "Every Friday, from 2:30 PM",
    ageGroup: "Youth and adults",
    leader: "Bro. Joshua Bautista", // PLACEHOLDER
    logo: { monogram: "ST", background: "#0e7490" },
  },
  {
    slug: "tee",
    name: "TEE",
    description: "Theological Education by Extension: Bible courses that grow mature, equipped disciples.",
    fullDescription:
      "TEE (Theological Education by Extension) offers structured Bible and theology courses you can follow alongside work and family life. Study at home, then meet in a small group with a facilitator to discuss and apply what you learned. It is a great next step for anyone who wants to know God's Word more deeply or prepare to serve.",
    verse:
      "Give diligence to present yourself approved by God, a workman who doesn't need to be ashamed, properly handling the Word of Truth.",
    verseRef: "2 Timothy 2:15",
    schedule: "Classes as scheduled",
    ageGroup: "Adults",
    leader: "Ptr. David Navarro", // PLACEHOLDER
    logo: { monogram: "TEE", background: "#4d7c0f" },
  },
  {
    slug: "gatekeepers",
    name: "The Gatekeepers",
    description: "Ushers and greeters who welcome every guest with a smile and help them feel at home.",
    fullDescription:
      "The Gatekeepers are the first faces people see at church. They greet guests at the door, help people find a seat, receive the offering and keep the service orderly and safe. A warm welcome can change someone's whole experience of church, and this team makes that happen every week.",
    verse:
      "For a day in your courts is better than a thousand. I would rather be a doorkeeper in the house of my God, than to dwell in the tents of wickedness.",
    verseRef: "Psalm 84:10",
    schedule: "Every Friday, from 3:00 PM",
    ageGroup: "Youth and adults",
    leader: "Bro. Carlo Santiago", // PLACEHOLDER
    logo: { monogram: "GK", background: "#0f1f4d", foreground: "#f5b83d" },
  },
  {
    slug: "transport",
    name: "Transport",
    description: "Helping members and guests get to church and events safely and on time.",
    fullDescription:
      "The Transport ministry arranges rides for members and guests who need them, coordinates drivers for services and church events, and makes sure everyone travels safely. If you have a car and a few seats to spare, you can help someone be in church this week.",
    verse: "Bear one another's burdens, and so fulfill the law of Christ.",
    verseRef: "Galatians 6:2",
    schedule: "Every Friday and for church events",
    ageGroup: "Adults with a valid driving licence",
    leader: "Bro. Ramon Castillo", // PLACEHOLDER
    logo: { monogram: "T", background: "#0369a1" },
  },
  {
    slug: "yadah",
    name: "Yadah (Dance)",
    description: "Worship through dance: praising God with our whole body, with joy and reverence.",
    fullDescription:
      "Yadah is a Hebrew word for praising God with lifted hands. Our dance ministry expresses worship through movement at services and special events, and trains dancers in both technique and a heart of worship. Beginners are welcome: we learn together.",
    verse: "Let them praise his name in the dance! Let them sing praises to him with tambourine and harp!",
    verseRef: "Psalm 149:3",
    schedule: "Practice: Wednesdays 7:00 PM", // spec
    ageGroup: "Ages 10 and up",
    leader: "Sis. Bea Torres", // PLACEHOLDER
    logo: { monogram: "Y", background: "#be185d" },
  },
];

/** All 16 ministries, in the order of their slugs in the spec's list. */
export const ministries: readonly Ministry[] = input.map((ministry) => ({
  ...ministry,
  shortName: shortNameOf(ministry.name),
  logo: { foreground: "#ffffff", ...ministry.logo },
}));

export const MINISTRY_SLUGS = ministries.map((ministry) => ministry.slug);

/** The picture on a ministry's page until an admin uploads one (public/images). */
export const DEFAULT_MINISTRY_IMAGE = "/images/ministry-default.svg";

const bySlug = new Map(ministries.map((ministry) => [ministry.slug, ministry]));

export function getMinistry(slug: string | undefined | null): Ministry | undefined {
  return slug ? bySlug.get(slug) : undefined;
}

/** Alphabetical by name, ignoring case (so 'AMPM' sits between 'Amplify' and 'CIA'). */
export function ministriesByName(): Ministry[] {
  return [...ministries].sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}
