import { ArrowDown, ArrowUp, Plus, Trash2, UsersRound } from "lucide-react";
import { Form, Link } from "react-router";
import { FormField } from "~/components/form-field";
import { StaffCard } from "~/components/staff-accounts";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { ActionResult } from "~/lib/action-result";
import { ROSTER_LIMITS, teamPath } from "~/schemas/roster";
import type { TeamDetail } from "~/server/rosters/qualified.server";

// The team screen's positions: each with how many it needs every week and who can serve, in the
// schedule's order; added, renamed, moved and removed with plain forms.

const peopleWords = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

export function Positions({
  team,
  canWrite,
  answer,
  removing,
}: {
  team: TeamDetail;
  canWrite: boolean;
  answer: ActionResult | undefined;
  removing: { id: string; name: string; upcomingSeats: number } | null;
}) {
  const refused = answer?.ok === false ? answer : undefined;
  const errorsFor = (positionId: string) =>
    refused?.values?.positionId === positionId ? (refused.fieldErrors ?? {}) : {};
  const adding = refused?.values?.intent === "add-position" ? refused : undefined;
  const { need, name: nameMax } = ROSTER_LIMITS;
  return (
    <StaffCard
      id="positions"
      title="Positions"
      description="Each position's count is how many it needs at every main service; a date's plan can change it."
    >
      {team.positions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No positions yet: add the first below.</p>
      ) : (
        <ol className="grid gap-3" data-testid="positions">
          {team.positions.map((position, index) => {
            const errors = errorsFor(position.id);
            const whoLink = (
              <Link
                to={`${teamPath(team.id)}/positions/${position.id}`}
                className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <UsersRound className="size-4" aria-hidden="true" />
                {canWrite ? "Who can serve" : "Can serve"}: {peopleWords(position.people.length)}
                <span className="sr-only"> as {position.name}</span>
              </Link>
            );
            return (
              <li key={position.id} className="rounded-lg border border-border p-3" data-testid="position">
                {canWrite ? (
                  <>
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="positionId" value={position.id} />
                      <div className="grid min-w-0 flex-1 basis-40 gap-1">
                        <label
                          htmlFor={`name-${position.id}`}
                          className="text-xs font-medium text-muted-foreground"
                        >
                          Position
                        </label>
                        <Input
                          id={`name-${position.id}`}
                          name="name"
                          defaultValue={
                            refused?.values?.positionId === position.id ? refused.values.name : position.name
                          }
                          maxLength={nameMax}
                          required
                          aria-invalid={errors.name ? true : undefined}
                        />
                      </div>
                      <div className="grid w-28 gap-1">
                        <label
                          htmlFor={`need-${position.id}`}
                          className="text-xs font-medium text-muted-foreground"
                        >
                          Each week
                        </label>
                        <Input
                          id={`need-${position.id}`}
                          name="weeklyNeed"
                          type="number"
                          inputMode="numeric"
                          min={need.min}
                          max={need.max}
                          defaultValue={
                            refused?.values?.positionId === position.id
                              ? refused.values.weeklyNeed
                              : position.weeklyNeed
                          }
                          required
                          aria-invalid={errors.weeklyNeed ? true : undefined}
                        />
                      </div>
                      <Button type="submit" name="intent" value="save-position" variant="outline">
                        Save<span className="sr-only"> {position.name}</span>
                      </Button>
                    </Form>
                    {errors.name || errors.weeklyNeed ? (
                      <p className="mt-1 text-sm text-destructive">{errors.name ?? errors.weeklyNeed}</p>
                    ) : null}
                    <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                      {whoLink}
                      <div className="flex flex-wrap gap-1">
                        <Form method="post" className="contents">
                          <input type="hidden" name="positionId" value={position.id} />
                          <Button
                            type="submit"
                            name="intent"
                            value="up"
                            variant="ghost"
                            size="sm"
                            disabled={index === 0}
                            aria-label={`Move ${position.name} up`}
                          >
                            <ArrowUp aria-hidden="true" />
                          </Button>
                          <Button
                            type="submit"
                            name="intent"
                            value="down"
                            variant="ghost"
                            size="sm"
                            disabled={index === team.positions.length - 1}
                            aria-label={`Move ${position.name} down`}
                          >
                            <ArrowDown aria-hidden="true" />
                          </Button>
                        </Form>
                        <Link
                          to={`${teamPath(team.id)}?remove=${position.id}#positions`}
                          className={buttonVariants({
                            variant: "ghost",
                            size: "sm",
                            className: "text-destructive",
                          })}
                        >
                          <Trash2 aria-hidden="true" />
                          Remove<span className="sr-only"> {position.name}</span>
                        </Link>
                      </div>
                    </div>
                    {removing?.id === position.id ? (
                      <Form
                        method="post"
                        className="mt-3 grid gap-2 rounded-md bg-destructive/5 p-3"
                        data-testid="remove-position-confirm"
                      >
                        <input type="hidden" name="positionId" value={position.id} />
                        <p className="text-sm font-medium text-destructive" role="alert">
                          Remove {position.name}, who can serve in it
                          {removing.upcomingSeats > 0
                            ? ` and its ${removing.upcomingSeats} upcoming ${removing.upcomingSeats === 1 ? "seat" : "seats"}`
                            : ""}
                          ?
                        </p>
                        <div className="flex flex-wrap gap-2">
                          <Button
                            type="submit"
                            name="intent"
                            value="remove-position"
                            variant="destructive"
                            size="sm"
                          >
                            Remove position<span className="sr-only"> {position.name}</span>
                          </Button>
                          <Link
                            to={`${teamPath(team.id)}#positions`}
                            className={buttonVariants({ variant: "outline", size: "sm" })}
                          >
                            Keep it
                          </Link>
                        </div>
                      </Form>
                    ) : null}
                  </>
                ) : (
                  <>
                    <p className="font-semibold text-navy">{position.name}</p>
                    <p className="text-sm text-muted-foreground">{position.weeklyNeed} each week</p>
                    {whoLink}
                  </>
                )}
                {position.people.length > 0 ? (
                  <p className="mt-1 text-sm text-muted-foreground" data-testid="position-people">
                    {position.people.map((person) => person.name).join(", ")}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {canWrite ? (
        <Form
          key={team.positions.length}
          method="post"
          className="mt-5 grid gap-3 border-t border-border pt-4 sm:grid-cols-[minmax(0,1fr)_7rem_auto] sm:items-end"
        >
          <FormField
            id="new-position"
            name="name"
            label="New position"
            placeholder="Such as Main desk or Vocals"
            maxLength={nameMax}
            defaultValue={adding?.values?.name}
            error={adding?.fieldErrors?.name}
            required
          />
          <FormField
            id="new-need"
            name="weeklyNeed"
            label="Each week"
            type="number"
            inputMode="numeric"
            min={need.min}
            max={need.max}
            defaultValue={adding?.values?.weeklyNeed ?? 1}
            error={adding?.fieldErrors?.weeklyNeed}
            required
          />
          <Button type="submit" name="intent" value="add-position" className="w-fit">
            <Plus aria-hidden="true" />
            Add position
          </Button>
        </Form>
      ) : null}
    </StaffCard>
  );
}
