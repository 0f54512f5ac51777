import type { ReactNode } from "react";

/** The band at the top of every public page: an optional eyebrow, the page's h1 and a line of text. */
export function PageHeader({
  eyebrow,
  title,
  description,
  eyebrowLang,
  titleLang,
  descriptionLang,
  children,
}: {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  /** The title's and the line's language when not the page's (a text standing in English). */
  eyebrowLang?: string;
  titleLang?: string;
  descriptionLang?: string;
  children?: ReactNode;
}) {
  return (
    <section className="on-dark relative isolate overflow-hidden bg-navy text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_15%_20%,rgba(245,184,61,0.22),transparent_45%),radial-gradient(circle_at_85%_80%,rgba(59,130,246,0.3),transparent_50%)]"
      />
      <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? (
          <p lang={eyebrowLang} className="text-sm font-semibold uppercase tracking-[0.2em] text-gold">
            {eyebrow}
          </p>
        ) : null}
        <h1 lang={titleLang} className="mt-3 font-serif text-4xl font-bold leading-tight sm:text-5xl">
          {title}
        </h1>
        {description ? (
          <p lang={descriptionLang} className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}
