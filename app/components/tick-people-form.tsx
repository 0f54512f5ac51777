import { Plus } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * People to tick and add (to a position's list, to a group), as a form of its own: a plain post
 * of `member` ids with `intent=add`, so it works without scripts.
 */
export function TickPeopleForm({
  people,
  legend,
  testId,
  submitLabel,
}: {
  people: { id: string; name: string; hint?: string | null }[];
  legend: string;
  testId: string;
  submitLabel: string;
}) {
  return (
    <Form method="post" className="grid gap-2" data-testid={testId}>
      <fieldset>
        <legend className="text-sm font-medium">{legend}</legend>
        <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
          {people.map((person) => (
            <label key={person.id} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="checkbox"
                name="member"
                value={person.id}
                className="size-5 shrink-0 accent-primary"
              />
              <span className="min-w-0 break-words">
                {person.name}
                {person.hint ? (
                  <span className="block break-all text-xs text-muted-foreground">{person.hint}</span>
                ) : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" name="intent" value="add" className="w-fit">
        <Plus aria-hidden="true" />
        {submitLabel}
      </Button>
    </Form>
  );
}
