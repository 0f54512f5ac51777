import { Search } from "lucide-react";
import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";

/** Find a member of the registry to add to a list: a plain GET form (`?q=`), so it works without scripts. */
export function PersonSearchForm({ query }: { query: string }) {
  return (
    <Form method="get" className="flex items-end gap-2">
      <FormField
        id="q"
        name="q"
        type="search"
        label="Name, e-mail or mobile"
        defaultValue={query}
        className="min-w-0 flex-1"
      />
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" />
        Find
      </Button>
    </Form>
  );
}
