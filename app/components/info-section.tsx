import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A band of an information page (home, About): its heading, centred, with an optional line under
 * it, then the band's content; on white, or on the muted grey that sets it apart from the next.
 */
export function InfoSection({
  headingId,
  title,
  intro,
  muted = false,
  width = "max-w-7xl",
  children,
}: {
  headingId: string;
  title: ReactNode;
  intro?: string;
  muted?: boolean;
  /** The band's max-width class. */
  width?: "max-w-7xl" | "max-w-5xl" | "max-w-3xl";
  children: ReactNode;
}) {
  const heading = intro ? (
    <div className="text-center">
      <h2 id={headingId} className="text-3xl font-bold tracking-tight text-navy">
        {title}
      </h2>
      <p className="mt-3 text-muted-foreground">{intro}</p>
    </div>
  ) : (
    <h2 id={headingId} className="text-center text-3xl font-bold tracking-tight text-navy">
      {title}
    </h2>
  );
  const band = `mx-auto ${width} px-4 py-16 sm:px-6 lg:px-8`;
  return muted ? (
    <section aria-labelledby={headingId} className="bg-muted">
      <div className={band}>
        {heading}
        {children}
      </div>
    </section>
  ) : (
    <section aria-labelledby={headingId} className={band}>
      {heading}
      {children}
    </section>
  );
}

/** A card of a list on an information page: a round icon, a title, and what follows. */
export function IconCard({
  icon: Icon,
  title,
  titleLevel = "h3",
  titleLang,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  titleLevel?: "h2" | "h3";
  /** The title's language when it is not the page's (the church's text standing in English). */
  titleLang?: string;
  testId?: string;
  children: ReactNode;
}) {
  const Title = titleLevel;
  return (
    <li
      data-testid={testId}
      className="flex flex-col rounded-xl border border-border bg-background p-6 shadow-sm"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <Title lang={titleLang} className="mt-4 text-xl font-semibold text-navy">
        {title}
      </Title>
      {children}
    </li>
  );
}
