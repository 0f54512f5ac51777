// The browser and the kind of device of a session, in the words a church secretary would use
// ("Chrome on Windows", "Safari on iPhone"). Only the common ones: anything else is "A browser".

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

// Order matters: Android says "Linux", iPhone and iPad say "Mac OS X".
const DEVICES: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "Chromebook"],
  [/\bWindows\b/, "Windows"],
  [/\bMacintosh\b|\bMac OS X\b/, "Mac"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(userAgent: string, table: [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

/** "Chrome on Windows", "Safari on iPhone", "Firefox", "A browser on Android", or "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return "Unknown device";
  const browser = firstMatch(userAgent, BROWSERS);
  const device = firstMatch(userAgent, DEVICES);
  if (browser && device) return `${browser} on ${device}`;
  if (browser) return browser;
  if (device) return `A browser on ${device}`;
  return "A browser or app";
}
