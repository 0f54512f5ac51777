// The About pages' fixed content, in one place for a church editor.
// From the spec: the four sections, the founding year and community, the timeline's entries, the
// four foundation beliefs, the four core values. Everything marked PLACEHOLDER was written for
// the project (the spec does not give it): the church should read it and replace it with its own.

export interface AboutSection {
  title: string;
  to: string;
  description: string;
}

export const aboutSections: AboutSection[] = [
  {
    title: "Our Story",
    to: "/about/our-story",
    // PLACEHOLDER
    description:
      "How a small gathering in 2023 became a church family for Filipinos and people of every nation in Bahrain.",
  },
  {
    title: "What We Believe",
    to: "/about/what-we-believe",
    // PLACEHOLDER
    description:
      "The foundations of our faith: one God in three persons, salvation by grace, the Bible and the Church.",
  },
  {
    title: "Mission & Vision",
    to: "/about/mission-vision",
    // PLACEHOLDER
    description:
      "Why we exist, where we believe God is leading us, and the values that shape our life together.",
  },
  {
    title: "Our Team",
    to: "/about/our-team",
    // PLACEHOLDER
    description: "Meet the pastors who serve, teach and care for our church family.",
  },
];

// ---------------------------------------------------------------------------------------------
// Our Story
// ---------------------------------------------------------------------------------------------

export interface Founding {
  year: string;
  /** The spec's founding purpose. */
  community: string;
  /** Who the church is for and where it is, as the Our Story page's highlights say it. */
  audience: string;
  place: string;
}

export const founding: Founding = {
  year: "2023",
  community: "the Filipino community and all nationalities in Bahrain",
  audience: "Filipinos and all nationalities",
  place: "Bahrain",
};

/** PLACEHOLDER: the church's own account of its beginnings. */
export const storyParagraphs: string[] = [
  `Our church was founded in ${founding.year} for ${founding.community}. What began as a handful of families praying together in a living room has grown into a church family that worships, serves and grows together every week.`,
  "Many of us came to Bahrain far from home. In this church we found brothers and sisters in Christ, a place to bring our children, and a place to bring our friends. Whatever your country, language or background, there is a seat for you at our table.",
  "We are still at the beginning of the story, and we would love for you to be part of the next chapter.",
];

export interface TimelineEntry {
  year: string;
  title: string;
  description: string;
}

/** The spec's timeline; the descriptions are PLACEHOLDER text. */
export const timeline: TimelineEntry[] = [
  {
    year: "2023",
    title: "Church Founded",
    description:
      "A small group of believers commits to start a church for the Filipino community and all nationalities in Bahrain.",
  },
  {
    year: "2023",
    title: "First Service",
    description:
      "We gather for our first Friday worship service, with prayer, praise and the preaching of God's Word.",
  },
  {
    year: "2024",
    title: "Ministry Launch",
    description:
      "ACTS Kids, Amplify and The Gatekeepers begin, serving our children, leading our worship and welcoming every guest.",
  },
  {
    year: "Present",
    title: "Growing Together",
    description:
      "Ministries for every age, weekly worship and Bible study, and a church family that keeps growing in faith together.",
  },
];

// ---------------------------------------------------------------------------------------------
// What We Believe
// ---------------------------------------------------------------------------------------------

/** The spec's static "belief" item: the verse is the Bible reference that grounds it. */
export interface Belief {
  title: string;
  description: string;
  verse: string;
}

/** The spec's four foundation beliefs; descriptions and verse choices are PLACEHOLDER. */
export const beliefs: Belief[] = [
  {
    title: "The Trinity",
    description:
      "We believe in one God, eternally existing in three persons: the Father, the Son and the Holy Spirit.",
    verse: "Matthew 28:19",
  },
  {
    title: "Salvation by Grace",
    description:
      "We are saved by God's grace alone, through faith in Jesus Christ alone, and not by our own works.",
    verse: "Ephesians 2:8-9",
  },
  {
    title: "Scripture Authority",
    description:
      "The Bible is the inspired Word of God, true and trustworthy, our final authority for faith and life.",
    verse: "2 Timothy 3:16-17",
  },
  {
    title: "The Church",
    description:
      "The Church is the body of Christ: believers devoted to teaching, fellowship, prayer and sharing life together.",
    verse: "Acts 2:42",
  },
];

/** PLACEHOLDER: the church's statement of faith, six articles. */
export const statementOfFaith: string[] = [
  "We believe the Bible, Old and New Testaments, is the inspired, infallible Word of God and the final authority for what we believe and how we live.",
  "We believe in one God, Creator of all things, who exists eternally as Father, Son and Holy Spirit.",
  "We believe Jesus Christ is fully God and fully man: born of a virgin, He lived without sin, died for our sins, rose bodily from the dead and will return in glory.",
  "We believe the Holy Spirit lives in every believer, giving new life, power to live for God and gifts to serve others.",
  "We believe salvation is a gift of God's grace received through repentance and faith in Jesus Christ, and is expressed in water baptism.",
  "We believe the Church is called to worship God, make disciples of all nations and show Christ's love to our neighbours, until the Lord returns.",
];

// ---------------------------------------------------------------------------------------------
// Mission & Vision
// ---------------------------------------------------------------------------------------------

/** PLACEHOLDER: the church's mission statement. */
export const mission =
  "To lead people of every nation in Bahrain into a growing relationship with Jesus Christ, through worship, the teaching of God's Word, fellowship and service.";

/** PLACEHOLDER: the church's vision statement. */
export const vision =
  "A Christ-centred church family where every person belongs, grows in faith and is sent out to serve, in Bahrain and beyond.";

/** The spec's static "value" item. */
export interface CoreValue {
  title: string;
  description: string;
}

/** The spec's four core values; descriptions are PLACEHOLDER. */
export const coreValues: CoreValue[] = [
  {
    title: "Love",
    description: "We love God with all our hearts and love our neighbours as ourselves, whoever they are.",
  },
  {
    title: "Unity",
    description: "Many nations, one family: we stand together in Christ across language and culture.",
  },
  {
    title: "Service",
    description: "Following Jesus, we serve one another and our community with humility and joy.",
  },
  {
    title: "Growth",
    description: "We keep growing in faith, in knowledge of the Word and in Christlike character.",
  },
];

/** PLACEHOLDER: six goals. */
export const goals: string[] = [
  "Hold Christ-centred worship services every week.",
  "Help every member grow through Bible study and discipleship.",
  "Equip and release every believer to serve in a ministry.",
  "Reach the Filipino community and all nationalities in Bahrain with the Gospel.",
  "Care for families, children and young people at every stage of life.",
  "Show God's love through outreach, hospital visitation and practical help.",
];

// ---------------------------------------------------------------------------------------------
// Our Team
// ---------------------------------------------------------------------------------------------

export interface LeadershipPhilosophy {
  title: string;
  introduction: string;
  principles: CoreValue[];
  /** The Bible reference that grounds it. */
  verse: string;
}

/**
 * PLACEHOLDER: the spec says the page has a leadership philosophy section but not what it says.
 * Replace with the church's own words.
 */
export const leadershipPhilosophy: LeadershipPhilosophy = {
  title: "Our Leadership Philosophy",
  introduction:
    "We believe leadership in the church is service. Our pastors lead by following Jesus, who came not to be served but to serve.",
  principles: [
    {
      title: "Servant Leadership",
      description:
        "Leaders go first in serving, listening and caring, putting the needs of the flock before their own.",
    },
    {
      title: "Shepherding",
      description: "Every member is known, prayed for and cared for, in good seasons and in hard ones.",
    },
    {
      title: "Equipping",
      description:
        "Leaders prepare God's people for works of service, so that every believer finds a place to serve.",
    },
  ],
  verse: "Mark 10:45",
};

/** Everything the About pages show. */
export interface AboutContent {
  sections: AboutSection[];
  founding: Founding;
  storyParagraphs: string[];
  timeline: TimelineEntry[];
  beliefs: Belief[];
  statementOfFaith: string[];
  mission: string;
  vision: string;
  coreValues: CoreValue[];
  goals: string[];
  leadershipPhilosophy: LeadershipPhilosophy;
}
