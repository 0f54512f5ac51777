import type { SocialLink } from "~/content/church";

// Plain drawn marks (the icon library carries no brand logos).
export function SocialIcon({ name, className }: { name: SocialLink["name"]; className?: string }) {
  const common = { viewBox: "0 0 24 24", "aria-hidden": true, className, fill: "currentColor" } as const;
  switch (name) {
    case "Facebook":
      return (
        <svg {...common}>
          <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21z" />
        </svg>
      );
    case "Instagram":
      return (
        <svg {...common}>
          <path d="M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4m0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6m4.9-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2M21 7.7c-.1-1.5-.4-2.8-1.5-3.9S17 2.4 15.5 2.3C13.9 2.2 10.1 2.2 8.5 2.3 7 2.4 5.6 2.7 4.5 3.8S3 6.2 2.9 7.7c-.1 1.6-.1 5.4 0 7 .1 1.5.4 2.8 1.6 3.9s2.4 1.4 3.9 1.5c1.6.1 5.4.1 7 0 1.5-.1 2.8-.4 3.9-1.5s1.4-2.4 1.5-3.9c.1-1.6.1-5.4 0-7m-2.1 8.7a3 3 0 0 1-1.7 1.7c-1.2.5-4 .4-5.2.4s-4 .1-5.2-.4a3 3 0 0 1-1.7-1.7c-.5-1.2-.4-4-.4-5.2s-.1-4 .4-5.2a3 3 0 0 1 1.7-1.7c1.2-.5 4-.4 5.2-.4s4-.1 5.2.4a3 3 0 0 1 1.7 1.7c.5 1.2.4 4 .4 5.2s.1 4-.4 5.2" />
        </svg>
      );
    case "YouTube":
      return (
        <svg {...common}>
          <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8M10 15V9l5.2 3z" />
        </svg>
      );
  }
}
