import { ChevronDown, LogOut, Menu, UserRound } from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import type { Church } from "~/content/church";
import type { Navigation, NavLinkItem } from "~/content/navigation";
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
  return (
    <Link to="/members" className={buttonVariants({ variant: "outline", size })}>
      <UserRound aria-hidden="true" />
      Members
    </Link>
  );
}

function LoginLink({ size }: { size: "sm" | "lg" }) {
  return (
    <Link to="/members/login" className={buttonVariants({ size })}>
      Login
    </Link>
  );
}

function MobileLinks({ links }: { links: NavLinkItem[] }) {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} className={mobileLink}>
        {link.label}
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
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${church.name}, home`}>
          <ChurchLogo />
          <span className="text-lg font-bold tracking-tight text-navy">{church.shortName}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <NavLink to="/" end className={desktopLink}>
            Home
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
                About
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
                    to={link.to}
                    className={({ isActive }) => cn(mobileLink({ isActive }), "py-2 text-sm")}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </Disclosure>
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={desktopLink}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            <>
              <MembersLink size="sm" />
              <Form method="post" action="/members/logout">
                <button
                  type="submit"
                  className={buttonVariants({ variant: "ghost", size: "icon" })}
                  aria-label="Sign out"
                  title="Sign out"
                >
                  <LogOut aria-hidden="true" />
                </button>
              </Form>
            </>
          ) : (
            <LoginLink size="sm" />
          )}
        </div>

        <Disclosure
          className="lg:hidden"
          testId="mobile-menu"
          summaryLabel="Menu"
          summaryClassName={cn(
            noMarker,
            buttonVariants({ variant: "ghost", size: "icon" }),
            "cursor-pointer [&_svg]:size-6",
          )}
          summary={<Menu className="size-6" aria-hidden="true" />}
        >
          <nav
            aria-label="Mobile"
            className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-background px-4 pb-6 pt-2 shadow-lg"
          >
            <ul className="grid gap-1">
              <li>
                <NavLink to="/" end className={mobileLink}>
                  Home
                </NavLink>
              </li>
              <li>
                <p className="px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
                  About
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
                      Logout
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
