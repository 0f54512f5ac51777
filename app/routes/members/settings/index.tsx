import { Archive, Globe, type LucideIcon, Mail } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import { siteAddress } from "~/server/platform/site-origin.server";
import { mailSettingsView } from "~/server/settings/mail-settings.server";
import type { Route } from "./+types/index";

// Site settings (issue 32, admins): one card per setting the office changes in the browser, each
// with a line that says where it stands.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Site settings", "The site's address, e-mail and backups.");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "settings:manage");
  const address = siteAddress();
  const mail = mailSettingsView();
  return {
    address: {
      origin: address.origin,
      isSet: address.source !== "default",
      fromServer: address.source === "env",
    },
    mail: {
      source: mail.source,
      passwordUnreadable: mail.passwordUnreadable,
      server:
        mail.source === "env"
          ? mail.envServer
          : mail.stored
            ? `${mail.stored.host}:${mail.stored.port}`
            : null,
    },
  };
}

interface SettingsCard {
  to: string;
  title: string;
  icon: LucideIcon;
  status: string;
  needsAttention: boolean;
}

export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const { address, mail } = loaderData;
  const cards: SettingsCard[] = [
    {
      to: "/members/settings/site-address",
      title: "Site address",
      icon: Globe,
      status: address.isSet
        ? `${address.origin}${address.fromServer ? " (set on the server)" : ""}`
        : `Not set: links in e-mails point at ${address.origin}.`,
      needsAttention: !address.isSet,
    },
    {
      to: "/members/settings/email",
      title: "E-mail",
      icon: Mail,
      status: mail.passwordUnreadable
        ? "Not sending: enter the mail server's password again."
        : mail.source === "none"
          ? "Not set up: e-mails wait in the outbox."
          : `Set up${mail.server ? `: ${mail.server}` : ""}${mail.source === "env" ? " (set on the server)" : ""}`,
      needsAttention: mail.source === "none",
    },
    {
      to: "/members/backups",
      title: "Backups",
      icon: Archive,
      status: "Back up now, download, restore.",
      needsAttention: false,
    },
  ];
  return (
    <AdminScreen
      title="Site settings"
      description="Settings of the whole website, changed here in the browser."
    >
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Settings">
        {cards.map((card) => (
          <li key={card.to} className="min-w-0">
            <Link
              to={card.to}
              className="flex h-full items-start gap-3 rounded-xl border border-border bg-background p-4 shadow-sm transition-colors hover:border-primary hover:bg-primary/5 sm:p-5"
            >
              <card.icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
              <span className="grid min-w-0 gap-1">
                <span className="font-semibold text-navy">{card.title}</span>
                <span
                  data-testid={`settings-status-${card.to.split("/").pop()}`}
                  className={`break-words text-sm ${card.needsAttention ? "text-accent-text" : "text-muted-foreground"}`}
                >
                  {card.status}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminScreen>
  );
}
