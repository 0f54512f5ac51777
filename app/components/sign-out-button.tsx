import { LogOut } from "lucide-react";
import { Form } from "react-router";
import { Button } from "./ui/button";

/** For a screen that must be finished before anything else opens: the one other way out. */
export function SignOutButton() {
  return (
    <Form method="post" action="/members/logout">
      <Button type="submit" variant="outline">
        <LogOut aria-hidden="true" />
        Sign out
      </Button>
    </Form>
  );
}
