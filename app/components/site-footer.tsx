import { Link } from "react-router";
import type { Church, ServiceTime, SocialLink } from "~/content/church";
import type { NavLinkItem } from "~/content/navigation";
import { serviceWhen } from "~/lib/service-times";
import { isDiallable, telHref, whatsAppHref } from "~/lib/tel";
import { sectionLang, useLocale, useLocalePath, useT } from "~/lib/i18n";
import { ChurchLogo } from "./church-logo";
import { LanguageLink, useNavLabel } from "./site-header";
import { NewTabLink } from "./new-tab-link";
import { SocialIcon } from "./social-icons";

/** What the church owes every visitor: how their details are used (privacy by design, issue 23). */
const FOOTER_NOTICES = [
  { to: "/privacy", labelKey: "frame.privacyNotice" },
  { to: "/update-my-details", labelKey: "frame.updateMyDetails" },
] as const;

export function SiteFooter({
  church,
  socialLinks,
  serviceTimes,
  links,
  englishOnly = [],
}: {
  church: Pick<
    Church,
    "name" | "summary" | "copyright" | "address" | "mapsUrl" | "phone" | "whatsapp" | "email"
  >;
  socialLinks: SocialLink[];
  serviceTimes: ServiceTime[];
  links: NavLinkItem[];
  /** The frame's sections standing in English on this page (their texts carry lang="en"). */
  englishOnly?: readonly string[];
}) {
  const year = new Date().getFullYear();
  const t = useT();
  const locale = useLocale();
  const label = useNavLabel();
  const href = useLocalePath();
  return (
    <footer className="on-dark bg-navy text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-3">
          <div className="flex items-center gap-2">
            <ChurchLogo />
            <span className="text-lg font-bold text-white">{church.name}</span>
          </div>
          <p lang={sectionLang(englishOnly, "church")} className="text-sm leading-relaxed text-slate-300">
            {church.summary}
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-gold">{t("frame.visitUs")}</h2>
          <ul className="mt-3 grid gap-2 text-sm" data-testid="footer-contact">
            <li>
              <NewTabLink href={church.mapsUrl} opens="the map" className="hover:text-white hover:underline">
                {church.address}
              </NewTabLink>
            </li>
            <li>
              {isDiallable(church.phone) ? (
                <a href={telHref(church.phone)} className="hover:text-white hover:underline">
                  {church.phone}
                </a>
              ) : (
                church.phone
              )}
            </li>
            {church.whatsapp ? (
              <li>
                <NewTabLink
                  href={whatsAppHref(church.whatsapp)}
                  opens="WhatsApp"
                  className="hover:text-white hover:underline"
                >
                  {t("frame.whatsApp")}
                </NewTabLink>
              </li>
            ) : null}
            <li>
              <a href={`mailto:${church.email}`} className="break-all hover:text-white hover:underline">
                {church.email}
              </a>
            </li>
            {serviceTimes.map((service, index) => (
              <li key={index}>
                <span lang={sectionLang(englishOnly, "service-times")} className="font-semibold text-white">
                  {service.name}:
                </span>{" "}
                {serviceWhen(service, locale)}
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={t("frame.navFooter")}>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-gold">
            {t("frame.quickLinks")}
          </h2>
          <ul className="mt-3 grid gap-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={href(link.to)} className="text-sm hover:text-white hover:underline">
                  {label(link)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-gold">{t("frame.followUs")}</h2>
          <ul className="mt-3 flex gap-3">
            {socialLinks.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("frame.opensIn", { name: link.name })}
                  className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-gold hover:text-navy"
                >
                  <SocialIcon name={link.name} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 py-5 text-center text-sm text-slate-300 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year}{" "}
            {church.copyright ? (
              <span lang={sectionLang(englishOnly, "church")}>{church.copyright}</span>
            ) : (
              t("frame.allRights", { church: church.name })
            )}
          </p>
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {FOOTER_NOTICES.map((link) => (
              <li key={link.to}>
                <Link to={href(link.to)} className="inline-block py-1 hover:text-white hover:underline">
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
            <li>
              <LanguageLink className="inline-block py-1 hover:text-white hover:underline" />
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
