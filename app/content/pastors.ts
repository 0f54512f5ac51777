// The pastoral team shown on /about/our-team.
// PLACEHOLDER: every name, title, description, e-mail and phone below was made up for the project
// (the spec does not give them). Replace them with the real team. To show a photo instead of the
// generated portrait, put the file under public/images/ and set `image` to its path.

/** The spec's static "pastor card" item. */
export interface Pastor {
  name: string;
  title: string;
  description: string;
  email: string;
  /** As people should read it; the tel: link is made from it. */
  phone: string;
  /** A photo's path under public/, or null for the generated portrait. */
  image: string | null;
}

export const pastors: Pastor[] = [
  {
    name: "Pastor Daniel Reyes",
    title: "Senior Pastor",
    description:
      "Daniel leads the church in preaching and vision. He has a heart for families far from home and for helping every person find their place in God's house.",
    email: "daniel.reyes@example.org",
    phone: "+973 XXXX XXXX",
    image: null,
  },
  {
    name: "Pastor Grace Santos",
    title: "Associate Pastor",
    description:
      "Grace oversees discipleship and the Thursday Bible study groups, and loves to see believers grow deep roots in the Word.",
    email: "grace.santos@example.org",
    phone: "+973 XXXX XXXX",
    image: null,
  },
  {
    name: "Pastor Mark Villanueva",
    title: "Youth and Worship Pastor",
    description:
      "Mark serves our young people and the worship and dance ministries, helping a new generation worship God with all their hearts.",
    email: "mark.villanueva@example.org",
    phone: "+973 XXXX XXXX",
    image: null,
  },
  {
    name: "Pastor Ruth Mendoza",
    title: "Children and Family Pastor",
    description:
      "Ruth cares for our children and families, from ACTS Kids on Fridays to home visits and hospital visitation.",
    email: "ruth.mendoza@example.org",
    phone: "+973 XXXX XXXX",
    image: null,
  },
];
