import { Field } from "~/components/form-field";
import { NativeSelect } from "~/components/ui/select";

// Fields the care screens share: who looks after a follow-up or does a workflow's step.

export interface AssigneeOption {
  id: string;
  name: string;
}

/**
 * A choice among the accounts that may work on follow-ups, or nobody. An account that no longer
 * may (its role changed) stays listed while it is the one chosen, so the form shows the truth.
 */
export function AssigneeField({
  id,
  name = id,
  label,
  assignees,
  value,
  current,
  error,
  hint,
  noneLabel = "Not assigned",
  className,
}: {
  id: string;
  name?: string;
  label: string;
  assignees: AssigneeOption[];
  value: string;
  /** The one chosen now, when it is not among `assignees`. */
  current?: AssigneeOption | null;
  error?: string;
  hint?: string;
  noneLabel?: string;
  className?: string;
}) {
  const options =
    current && !assignees.some((one) => one.id === current.id) ? [...assignees, current] : assignees;
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(aria) => (
        <NativeSelect id={id} name={name} defaultValue={value} {...aria}>
          <option value="">{noneLabel}</option>
          {options.map((one) => (
            <option key={one.id} value={one.id}>
              {one.name}
            </option>
          ))}
        </NativeSelect>
      )}
    />
  );
}
