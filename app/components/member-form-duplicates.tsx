import { TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { duplicateReasonsInWords, SAVE_ANYWAY, type PossibleDuplicate } from "~/lib/member-duplicates";
import { Button } from "./ui/button";

/**
 * Shown in the member form when the save found live members that look the same: who, what
 * matched, a link to each, and a "Save anyway" button that sends the form again on purpose.
 * It takes focus when it appears, so the person reads it before anything else.
 */
export function PossibleDuplicates({
  duplicates,
  mode,
  isSubmitting,
}: {
  duplicates: PossibleDuplicate[];
  mode: "create" | "edit";
  isSubmitting: boolean;
}) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    // Its top in view (below the phone's menu bar), not just its first line at the bottom edge.
    section.current?.scrollIntoView({ block: "start" });
  }, []);
  const isOne = duplicates.length === 1;
  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      data-testid="possible-duplicates"
      className="scroll-mt-20 rounded-xl border border-gold bg-gold/10 p-5 sm:p-6"
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-navy focus:outline-none"
      >
        <TriangleAlert className="size-5 shrink-0 text-accent-text" aria-hidden="true" />
        {isOne ? "Possible duplicate: please check" : "Possible duplicates: please check"}
      </h2>
      <p className="mt-2 text-sm">
        Nothing has been saved yet. {isOne ? "A member" : `${duplicates.length} members`} in the list{" "}
        {isOne ? "has" : "have"} the same details:
      </p>
      <DuplicateList duplicates={duplicates} />
      <p className="mt-3 text-sm">
        {mode === "create"
          ? "If this is the same person, there is no need to register them again. If it is someone else, save anyway."
          : "If these are different people, save anyway."}
      </p>
      <Button
        type="submit"
        name={SAVE_ANYWAY.name}
        value={SAVE_ANYWAY.value}
        variant="outline"
        className="mt-3"
        disabled={isSubmitting}
      >
        Save anyway
      </Button>
    </section>
  );
}

/** The members that look the same as the one being saved (or checked): who, what matched, a link to each. */
export function DuplicateList({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  return (
    <ul className="mt-3 grid gap-2">
      {duplicates.map((duplicate) => (
        <li
          key={duplicate.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-border bg-background px-4 py-3 text-sm"
        >
          <span className="min-w-0 wrap-anywhere">
            <strong>{duplicate.name}</strong>: {duplicateReasonsInWords(duplicate.reasons)}
          </span>
          <Link
            to={`/members/profile/${duplicate.id}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            View profile<span className="sr-only"> of {duplicate.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
