import { ChevronDown, LogOut, Menu, UserRound } from "lucide-react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { Church } from "~/content/church";
import type { Navigation, NavLinkItem } from "~/content/navigation";
import { counterpartPath, LOCALE_NAMES, useLocale, useLocalePath, useT, type MessageKey } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { ChurchLogo } from "./church-logo";
import { Disclosure } from "./disclosure";
import { buttonVariants } from "./ui/button";

export interface HeaderUser {
  name: string;
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-primary",
    isActive ? "text-primary" : "text-foreground",
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "block rounded-md px-3 py-3 text-base font-medium hover:bg-muted",
    isActive ? "text-primary" : "text-foreground",
  );

// <summary> draws a triangle marker by default; these hide it in every browser.
const noMarker = "list-none [&::-webkit-details-marker]:hidden";

function MembersLink({ size }: { size: "sm" | "lg" }) {
  const t = useT();
  return (
    <Link to="/members" className={buttonVariants({ variant: "outline", size })}>
      <UserRound aria-hidden="true" />
      {t("frame.members")}
    </Link>
  );
}

function LoginLink({ size }: { size: "sm" | "lg" }) {
  const t = useT();
  return (
    <Link to="/members/login" className={buttonVariants({ size })}>
      {t("frame.login")}
    </Link>
  );
}

/** The same page in the other language: a plain link, in that language's own words. */
export function LanguageLink({ className }: { className?: string }) {
  const locale = useLocale();
  const t = useT();
  const { pathname } = useLocation();
  const other = locale === "en" ? "fil" : "en";
  return (
    <a
      href={counterpartPath(pathname, other)}
      hrefLang={other}
      lang={other}
      className={className}
      title={t("frame.readIn", { language: LOCALE_NAMES[other] })}
      data-testid="language-link"
    >
      {LOCALE_NAMES[other]}
    </a>
  );
}

// The menu's pages by address, with their labels' messages for the pages in another language.
const NAV_LABELS: Readonly<Record<string, MessageKey>> = {
  "/about": "nav.about",
  "/about/our-story": "nav.ourStory",
  "/about/what-we-believe": "nav.whatWeBelieve",
  "/about/mission-vision": "nav.missionVision",
  "/about/our-team": "nav.ourTeam",
  "/ministries": "nav.ministries",
  "/events": "nav.events",
  "/media": "nav.media",
  "/connect": "nav.connect",
};

/** A navigation label in the page's language (the English label is the spec's). */
export function useNavLabel(): (link: NavLinkItem) => string {
  const locale = useLocale();
  const t = useT();
  return (link) => {
    const key = NAV_LABELS[link.to];
    return locale === "en" || !key ? link.label : t(key);
  };
}

function MobileLinks({ links }: { links: NavLinkItem[] }) {
  const label = useNavLabel();
  const href = useLocalePath();
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={href(link.to)} className={mobileLink}>
        {label(link)}
      </NavLink>
    </li>
  ));
}

export function SiteHeader({
  user,
  church,
  navigation,
}: {
  user: HeaderUser | null;
  church: Pick<Church, "name" | "shortName">;
  navigation: Pick<Navigation, "about" | "main">;
}) {
  const { about: aboutLinks, main: mainLinks } = navigation;
  const t = useT();
  const label = useNavLabel();
  const href = useLocalePath();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={href("/")}
          className="flex items-center gap-2 rounded-md"
          aria-label={t("frame.homeOf", { church: church.name })}
        >
          <ChurchLogo />
          <span className="text-lg font-bold tracking-tight text-navy">{church.shortName}</span>
        </Link>

        <nav aria-label={t("frame.navMain")} className="hidden items-center gap-1 lg:flex">
          <NavLink to={href("/")} end className={desktopLink}>
            {t("frame.home")}
          </NavLink>
          <Disclosure
            className="group relative"
            testId="about-menu"
            summaryClassName={cn(
              noMarker,
              "flex cursor-pointer items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted hover:text-primary",
            )}
            summary={
              <>
                {t("frame.about")}
                <ChevronDown
                  className="size-4 transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </>
            }
          >
            <ul className="absolute left-0 top-full mt-2 w-56 rounded-lg border border-border bg-background p-2 shadow-lg">
              {aboutLinks.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={href(link.to)}
                    className={({ isActive }) => cn(mobileLink({ isActive }), "py-2 text-sm")}
                  >
                    {label(link)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </Disclosure>
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={href(link.to)} className={desktopLink}>
              {label(link)}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <LanguageLink className={desktopLink({ isActive: false })} />
          {user ? (
            <>
              <MembersLink size="sm" />
              <Form method="post" action="/members/logout">
                <button
                  type="submit"
                  className={buttonVariants({ variant: "ghost", size: "icon" })}
                  aria-label={t("frame.signOut")}
                  title={t("frame.signOut")}
                >
                  <LogOut aria-hidden="true" />
                </button>
              </Form>
            </>
          ) : (
            <LoginLink size="sm" />
          )}
        </div>

        <LanguageLink className={cn(desktopLink({ isActive: false }), "ml-auto lg:hidden")} />
        <Disclosure
          className="lg:hidden"
          testId="mobile-menu"
          summaryLabel={t("frame.menu")}
          summaryClassName={cn(
            noMarker,
            buttonVariants({ variant: "ghost", size: "icon" }),
            "cursor-pointer [&_svg]:size-6",
          )}
          summary={<Menu className="size-6" aria-hidden="true" />}
        >
          <nav
            aria-label={t("frame.navMobile")}
            className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-background px-4 pb-6 pt-2 shadow-lg"
          >
            <ul className="grid gap-1">
              <li>
                <NavLink to={href("/")} end className={mobileLink}>
                  {t("frame.home")}
                </NavLink>
              </li>
              <li>
                <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                  {t("frame.about")}
                </p>
                <ul className="grid gap-1 border-l-2 border-border pl-2">
                  <MobileLinks links={aboutLinks} />
                </ul>
              </li>
              <MobileLinks links={mainLinks} />
            </ul>
            <div className="mt-4 grid gap-2 border-t border-border pt-4">
              {user ? (
                <>
                  <MembersLink size="lg" />
                  <Form method="post" action="/members/logout" className="grid">
                    <button type="submit" className={buttonVariants({ variant: "ghost", size: "lg" })}>
                      <LogOut aria-hidden="true" />
                      {t("frame.logout")}
                    </button>
                  </Form>
                </>
              ) : (
                <LoginLink size="lg" />
              )}
            </div>
          </nav>
        </Disclosure>
      </div>
    </header>
  );
}
