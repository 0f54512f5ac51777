// TEMPORARY: replaced by the full ministries content on merge.
export interface Ministry {
  name: string;
  slug: string;
  shortName: string;
}
const list: [string, string][] = [
  ["acts-kids", "ACTS Kids"],
  ["amplify", "Amplify (Music)"],
  ["ampm", "AMPM (Prayer Meeting)"],
  ["cia", "CIA (General Services)"],
  ["cords", "Cords (Couples)"],
  ["finance", "Finance"],
  ["ignite", "Ignite (Media)"],
  ["ironmen", "IronMen (Men)"],
  ["mmk", "MMK (Evangelism)"],
  ["programs", "Program"],
  ["scribes", "Scribes"],
  ["soundtech", "SoundTech"],
  ["tee", "TEE"],
  ["gatekeepers", "The Gatekeepers"],
  ["transport", "Transport"],
  ["yadah", "Yadah (Dance)"],
];
export const ministries: Ministry[] = list.map(([slug, name]) => ({ slug, name, shortName: name.replace(/\s*\(.*\)\s*$/, "") }));
export function ministriesByName() {
  return [...ministries].sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}
export function getMinistry(slug: string) {
  return ministries.find((m) => m.slug === slug);
}
