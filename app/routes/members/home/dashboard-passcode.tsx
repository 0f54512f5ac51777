import { KeyRound } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/** Administrators change the shared passcode that opens the new member form. */
export function PasscodePanel() {
  const navigation = useNavigation();
  return (
    <section
      aria-labelledby="passcode-heading"
      className="mt-12 max-w-xl rounded-xl border border-border bg-background p-6 shadow-sm"
    >
      <h2 id="passcode-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
        <KeyRound className="size-5 text-accent-text" aria-hidden="true" />
        Registration passcode
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The shared passcode that opens the new member form. Only administrators can change it; it is stored as
        a hash and never shown.
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="set-passcode" />
        <div className="grid flex-1 gap-2">
          <label htmlFor="new-passcode" className="text-sm font-medium">
            New passcode
          </label>
          <Input
            id="new-passcode"
            name="passcode"
            type="password"
            autoComplete="new-password"
            minLength={4}
            maxLength={100}
            required
          />
        </div>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          Change passcode
        </Button>
      </Form>
    </section>
  );
}
