import { ArrowDown, ArrowUp, ImagePlus, LoaderCircle, Plus, Trash2, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { emptyEntry, type SiteField } from "~/schemas/site-fields";
import { cn } from "~/lib/utils";
import { Field, FormField, TextareaField } from "./form-field";
import { Button } from "./ui/button";
import { NativeSelect } from "./ui/select";
import { ResponsiveImage } from "./responsive-image";

// The form of one website section, drawn from its field table (app/schemas/site-sections.ts).
// The value is plain JSON held by the screen; every field reports its changes upwards, and the
// errors come keyed by the field's path ("services.1.start"), from the browser's check or the
// server's (the same schema).

type Value = Record<string, unknown>;

export interface SectionFormProps {
  fields: SiteField[];
  value: Value;
  onChange: (value: Value) => void;
  errors: Record<string, string>;
  /** The path of `value` inside the section ("" at the top). */
  path?: string;
  /** Where a picture is uploaded to (pastors' portraits). */
  uploadUrl?: string;
}

/** The id of a field's control: also what a message's path turns into, to focus it. */
export function fieldId(path: string) {
  return `site-${path.replace(/\./g, "-")}`;
}

const join = (path: string, name: string | number) => (path ? `${path}.${name}` : String(name));

export function SectionForm({ fields, value, onChange, errors, path = "", uploadUrl }: SectionFormProps) {
  const set = (name: string, next: unknown) => onChange({ ...value, [name]: next });
  return (
    <div className="grid gap-5">
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          value={value[field.name]}
          onChange={(next) => set(field.name, next)}
          errors={errors}
          path={join(path, field.name)}
          uploadUrl={uploadUrl}
        />
      ))}
    </div>
  );
}

function FieldControl({
  field,
  value,
  onChange,
  errors,
  path,
  uploadUrl,
}: {
  field: SiteField;
  value: unknown;
  onChange: (value: unknown) => void;
  errors: Record<string, string>;
  path: string;
  uploadUrl?: string;
}) {
  const id = fieldId(path);
  const label = field.required ? `${field.label} *` : field.label;
  const common = { id, name: path, label, error: errors[path], hint: field.hint };
  const text = typeof value === "string" ? value : "";
  switch (field.kind) {
    case "group":
      return (
        <fieldset className="grid gap-5 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold text-navy">{field.label}</legend>
          <SectionForm
            fields={field.fields}
            value={(value ?? {}) as Value}
            onChange={onChange}
            errors={errors}
            path={path}
            uploadUrl={uploadUrl}
          />
        </fieldset>
      );
    case "list":
      return (
        <ListControl
          field={field}
          items={Array.isArray(value) ? (value as Value[]) : []}
          onChange={onChange}
          errors={errors}
          path={path}
          uploadUrl={uploadUrl}
        />
      );
    case "lines":
      return (
        <TextareaField
          {...common}
          rows={8}
          value={Array.isArray(value) ? (value as string[]).join("\n") : ""}
          onChange={(event) => onChange(event.target.value.split("\n"))}
          error={errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1]}
        />
      );
    case "textarea":
    case "rich":
      return (
        <TextareaField
          {...common}
          rows={field.kind === "rich" ? 8 : 3}
          maxLength={field.max}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "select":
      return (
        <Field
          id={id}
          label={label}
          error={errors[path]}
          hint={field.hint}
          control={(aria) => (
            <NativeSelect
              id={id}
              name={path}
              value={text}
              onChange={(event) => onChange(event.target.value)}
              {...aria}
            >
              <option value="">{field.emptyLabel}</option>
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      );
    case "image":
      return (
        <ImageControl
          id={id}
          label={label}
          hint={field.hint}
          error={errors[path]}
          value={text}
          onChange={onChange}
          uploadUrl={uploadUrl}
        />
      );
    case "time":
      return (
        <FormField
          {...common}
          type="time"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          className="max-w-48"
        />
      );
    default:
      return (
        <FormField
          {...common}
          type={field.kind === "text" ? "text" : field.kind}
          maxLength={field.max}
          autoComplete="off"
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

function ListControl({
  field,
  items,
  onChange,
  errors,
  path,
  uploadUrl,
}: {
  field: Extract<SiteField, { kind: "list" }>;
  items: Value[];
  onChange: (items: Value[]) => void;
  errors: Record<string, string>;
  path: string;
  uploadUrl?: string;
}) {
  const noun = field.itemNoun;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1">
        <h2 className="text-base font-semibold text-navy">{field.label}</h2>
      </legend>
      {field.hint ? <p className="text-xs text-muted-foreground">{field.hint}</p> : null}
      {errors[path] ? <p className="text-sm text-destructive">{errors[path]}</p> : null}
      <ol className="grid gap-4">
        {items.map((item, index) => {
          const name = String(item[field.titleField] ?? "").trim();
          const heading = `${noun[0]!.toUpperCase()}${noun.slice(1)} ${index + 1}${name ? `: ${name}` : ""}`;
          return (
            <li
              key={index}
              className="rounded-lg border border-border bg-background p-4 shadow-sm"
              data-testid={`${noun}-entry`}
            >
              <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                <h3 className="min-w-0 font-semibold break-words text-navy">{heading}</h3>
                <div className="flex gap-1" role="group" aria-label={`Arrange ${heading}`}>
                  <ArrangeButton
                    icon={ArrowUp}
                    label={`Move ${heading} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <ArrangeButton
                    icon={ArrowDown}
                    label={`Move ${heading} down`}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <ArrangeButton
                    icon={Trash2}
                    label={`Remove ${heading}`}
                    disabled={items.length <= field.min}
                    onClick={() => onChange(items.filter((_, i) => i !== index))}
                  />
                </div>
              </div>
              <SectionForm
                fields={field.fields}
                value={item}
                onChange={(next) => onChange(items.map((old, i) => (i === index ? next : old)))}
                errors={errors}
                path={`${path}.${index}`}
                uploadUrl={uploadUrl}
              />
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={items.length >= field.max}
          onClick={() => onChange([...items, emptyEntry(field.fields)])}
        >
          <Plus aria-hidden="true" />
          Add {noun}
        </Button>
      </div>
    </fieldset>
  );
}

function ImageControl({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  uploadUrl,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  uploadUrl?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  async function upload(file: File) {
    if (!uploadUrl) return;
    setBusy(true);
    setProblem(null);
    try {
      const body = new FormData();
      body.set("image", file);
      const response = await fetch(uploadUrl, {
        method: "POST",
        body,
        headers: { accept: "application/json" },
      });
      const answer = (await response.json().catch(() => null)) as {
        ok: boolean;
        url?: string;
        message?: string;
      } | null;
      if (answer?.ok && answer.url) onChange(answer.url);
      else setProblem(answer?.message ?? "The photo could not be uploaded. Please try again.");
    } catch {
      setProblem("The photo could not be uploaded. Please check the connection and try again.");
    } finally {
      setBusy(false);
    }
  }
  const message = problem ?? error;
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={message ?? undefined}
      control={(aria) => (
        <div className="flex flex-wrap items-center gap-4">
          {value ? (
            <ResponsiveImage
              src={value}
              alt="The current portrait"
              width={80}
              height={80}
              sizes="80px"
              className="size-20 shrink-0 rounded-lg object-cover"
            />
          ) : (
            <span className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-muted px-2 text-center text-xs text-muted-foreground">
              No photo: initials shown
            </span>
          )}
          <div className="grid gap-2">
            <label
              className={cn(
                "inline-flex h-11 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium focus-within:ring-2 focus-within:ring-ring hover:bg-muted",
                busy && "pointer-events-none opacity-60",
              )}
            >
              {busy ? (
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              ) : (
                <ImagePlus className="size-4" aria-hidden="true" />
              )}
              {busy ? "Uploading..." : value ? "Replace photo" : "Upload photo"}
              <input
                id={id}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className="sr-only"
                disabled={busy}
                {...aria}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void upload(file);
                  event.target.value = "";
                }}
              />
            </label>
            {value ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")}>
                Use initials instead
              </Button>
            ) : null}
          </div>
        </div>
      )}
    />
  );
}

/** One of a list entry's icon buttons: up, down or remove. */
function ArrangeButton({
  icon: Icon,
  label,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
