import { ArrowRight, ListTodo } from "lucide-react";
import { Link } from "react-router";
import { ConfirmActionButton } from "~/components/confirm-dialog";
import { buttonVariants } from "~/components/ui/button";
import type { DemoContentSummary } from "~/server/content/demo-content.server";
import type { SetupChecklist } from "~/server/site/setup-checklist.server";
import { count } from "./dashboard-words";

export const REMOVE_DEMO_KEY = "remove-demo";

/** "3 sermons: A, B, C" for each kind of demo content that is left. */
function demoGroups(demo: DemoContentSummary) {
  return [
    { what: count(demo.sermons.length, "sermon"), titles: demo.sermons },
    { what: count(demo.events.length, "event"), titles: demo.events },
    { what: count(demo.documents.length, "eLibrary document"), titles: demo.documents },
  ].filter((group) => group.titles.length > 0);
}

/** What still shows a placeholder or demo content to visitors, each with the way to fix it. */
export function SetupChecklistPanel({ setup }: { setup: SetupChecklist }) {
  const groups = demoGroups(setup.demo);
  return (
    <section
      aria-labelledby="setup-heading"
      data-testid="setup-checklist"
      className="mt-8 rounded-xl border border-gold bg-gold/10 p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 max-w-2xl">
          <h2 id="setup-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
            <ListTodo className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
            Set up your website
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            These still show a placeholder or demo content to visitors. Each item goes away once it is fixed.
          </p>
        </div>
        {groups.length > 0 ? (
          <ConfirmActionButton
            label="Remove demo content"
            question="This deletes the demo content below from the website, with its files. It cannot be undone."
            confirmLabel="Remove demo content"
            intent="remove-demo"
            fetcherKey={REMOVE_DEMO_KEY}
          >
            <ul className="grid gap-2 text-sm" aria-label="Demo content to remove">
              {groups.map((group) => (
                <li key={group.what} className="break-words">
                  <span className="font-semibold text-navy">{group.what}:</span> {group.titles.join(", ")}
                </li>
              ))}
            </ul>
          </ConfirmActionButton>
        ) : null}
      </div>
      <ul className="mt-4 divide-y divide-gold/40 border-t border-gold/40">
        {[...setup.items, ...setup.suggestions].map((item) => (
          <li
            key={item.key}
            data-testid={`setup-item-${item.key}`}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="min-w-0">
              <p className="font-medium text-foreground">{item.label}</p>
              {item.detail ? (
                <p className="mt-0.5 break-words text-sm text-muted-foreground">{item.detail}</p>
              ) : null}
            </div>
            {item.href ? (
              <Link
                to={item.href}
                className={buttonVariants({
                  variant: "outline",
                  size: "sm",
                  className: "self-start sm:self-auto",
                })}
              >
                {item.linkText}
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
