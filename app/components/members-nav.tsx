import { ExternalLink, LogOut, Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { currentItem, type MembersNavGroup, type NavCounts } from "~/lib/members-nav";
import type { Access } from "~/lib/permissions";
import { cn } from "~/lib/utils";
import { ChurchLogo } from "./church-logo";

interface Person {
  name: string;
  email: string;
  roleName: string;
  access: Access;
}

/** "3 new" next to the inbox (or "2 waiting" next to members' updates): the count, and words for a screen reader. */
function UnreadBadge({ count, testId, words = "new" }: { count: number; testId: string; words?: string }) {
  return (
    <span
      data-testid={testId}
      className="ml-auto inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
    >
      {count}
      <span className="sr-only"> {words}</span>
    </span>
  );
}

/**
 * The members area's navigation: on wide screens a side bar that is always there, on phones a bar
 * with a Menu button that opens the same list. The current page is marked (also for screen
 * readers); the person signed in, the way to the public site and Sign out are always in it.
 */
export function MembersNavigation({
  churchName,
  person,
  groups,
  counts,
}: {
  churchName: string;
  person: Person | null;
  groups: MembersNavGroup[];
  counts: NavCounts;
}) {
  const unread = counts.unread;
  const { pathname } = useLocation();
  // Open on the page where it was opened: choosing a page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const current = currentItem(groups, pathname);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="sticky top-0 z-30 lg:h-dvh lg:w-64 lg:shrink-0 print:hidden">
      <nav
        aria-label="Members"
        className="relative flex h-full flex-col border-b border-border bg-background lg:border-b-0 lg:border-r"
      >
        <div
          className={cn(
            "flex h-14 shrink-0 items-center justify-between gap-2 px-3 lg:px-4",
            // Signed out (the registration form), the narrow sidebar puts "View website" under the name.
            !person && "lg:h-auto lg:flex-col lg:items-start lg:gap-1 lg:py-3",
          )}
        >
          <Link
            to={person ? "/members" : "/"}
            className="flex min-w-0 items-center gap-2 rounded-md px-1 py-1 hover:bg-muted"
          >
            <ChurchLogo className="size-8" />
            <span className="min-w-0 leading-tight">
              <span className="block truncate text-sm font-semibold text-navy">{churchName}</span>
              <span className="block text-xs text-muted-foreground">Members area</span>
            </span>
          </Link>
          {person ? (
            <button
              ref={button}
              type="button"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen(!open)}
              className="inline-flex shrink-0 items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium text-navy hover:bg-muted lg:hidden"
            >
              {open ? (
                <X className="size-4" aria-hidden="true" />
              ) : (
                <Menu className="size-4" aria-hidden="true" />
              )}
              Menu
              {unread ? <UnreadBadge count={unread} testId="menu-unread-badge" /> : null}
            </button>
          ) : (
            <ViewWebsiteLink className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-primary hover:bg-muted" />
          )}
        </div>

        {person ? (
          <div
            id={menuId}
            className={cn(
              open ? "flex" : "hidden",
              "absolute inset-x-0 top-14 max-h-[calc(100dvh-3.5rem)] flex-col overflow-y-auto border-b border-border bg-background shadow-lg",
              "lg:static lg:flex lg:max-h-none lg:flex-1 lg:border-b-0 lg:shadow-none",
            )}
          >
            <div className="flex-1 px-3 py-2">
              {groups.map((group) => (
                <div key={group.label ?? "top"} className="py-1.5">
                  {group.label ? (
                    <p
                      id={`${menuId}-${group.label}`}
                      className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
                    >
                      {group.label}
                    </p>
                  ) : null}
                  <ul
                    className="grid gap-0.5"
                    aria-labelledby={group.label ? `${menuId}-${group.label}` : undefined}
                  >
                    {group.items.map((item) => {
                      const isCurrent = item === current;
                      return (
                        <li key={item.to}>
                          <Link
                            to={item.to}
                            aria-current={isCurrent ? "page" : undefined}
                            className={cn(
                              "flex min-h-10 items-center gap-2 rounded-md border-l-4 px-3 py-2 text-sm",
                              isCurrent
                                ? "border-primary bg-primary/10 font-semibold text-navy"
                                : "border-transparent text-foreground hover:bg-muted",
                            )}
                          >
                            <span className="min-w-0">{item.label}</span>
                            {item.badge === "unread" && unread ? (
                              <UnreadBadge count={unread} testId="nav-unread-badge" />
                            ) : null}
                            {item.badge === "updates" && counts.updates ? (
                              <UnreadBadge
                                count={counts.updates}
                                testId="nav-updates-badge"
                                words="waiting"
                              />
                            ) : null}
                          </Link>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </div>
            <div className="border-t border-border px-4 py-3" data-testid="signed-in-person">
              <p className="truncate text-sm font-semibold text-navy">{person.name}</p>
              <p className="truncate text-xs text-muted-foreground">
                {person.email} · {person.roleName}
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <ViewWebsiteLink className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-2 text-sm font-medium text-primary hover:bg-muted" />
                <Form method="post" action="/members/logout">
                  <button
                    type="submit"
                    className="inline-flex items-center gap-1.5 rounded-md border border-border px-3 py-2 text-sm font-medium text-foreground hover:bg-muted"
                  >
                    <LogOut className="size-4" aria-hidden="true" />
                    Sign out
                  </button>
                </Form>
              </div>
            </div>
          </div>
        ) : null}
      </nav>
    </div>
  );
}

/** The way back to the public site: in the bar when no one is signed in, beside "Sign out" for staff. */
function ViewWebsiteLink({ className }: { className: string }) {
  return (
    <Link to="/" className={className}>
      <ExternalLink className="size-4" aria-hidden="true" />
      View website
    </Link>
  );
}
