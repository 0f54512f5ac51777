import { Form, Link } from "react-router";

// An event's serving plan (issue 36), from the staff events screen: for those who plan rosters a
// button that makes the plan when there is none and opens it; for those who only read, a link.

const LOOK = "text-sm font-medium text-primary underline-offset-4 hover:underline";

export function ServingPlanLink({
  eventId,
  title,
  access,
}: {
  eventId: string;
  title: string;
  access: "write" | "read" | null;
}) {
  const to = `/members/rosters/events/${eventId}`;
  const words = (
    <>
      Serving plan<span className="sr-only"> for {title}</span>
    </>
  );
  if (access === "write")
    return (
      <Form method="post" action={to}>
        <button type="submit" className={LOOK}>
          {words}
        </button>
      </Form>
    );
  if (access === "read")
    return (
      <Link to={to} className={LOOK}>
        {words}
      </Link>
    );
  return null;
}
