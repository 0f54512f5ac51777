import { ExternalLink, History, Languages, Save } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { BusyIcon } from "~/components/busy-icon";
import { SectionRevisions } from "~/components/section-revisions";
import { Field } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { localePath } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import type { SiteField } from "~/schemas/site-fields";
import { sectionDefinition } from "~/schemas/site-sections";
import { translationFields } from "~/schemas/site-translation";
import type { Route } from "./+types/site-editor";

// A section's Filipino version beside its English (issue 39): each text of the English, read
// only, with the field for its translation next to it (two columns on a wide screen, one above
// the other on a phone). Only the words are here; names, addresses, links, times and pictures
// are the English ones in every language. A plain form: it saves without scripts too.

type Props = Extract<Route.ComponentProps["loaderData"], { lang: "fil" }>;
type Value = Record<string, unknown>;

/** English | Filipino above a section's editor: the same screen for each language's texts. */
export function LanguageTabs({ current }: { current: "en" | "fil" }) {
  const { pathname } = useLocation();
  const tabs = [
    { lang: "en", label: "English", to: pathname },
    { lang: "fil", label: "Filipino", to: `${pathname}?lang=fil` },
  ] as const;
  return (
    <nav aria-label="Language of the texts" className="mb-6 flex gap-1 border-b border-border">
      {tabs.map((tab) => (
        <Link
          key={tab.lang}
          to={tab.to}
          aria-current={tab.lang === current ? "page" : undefined}
          className={cn(
            "-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-4 text-sm font-medium",
            tab.lang === current
              ? "border-primary text-navy"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {tab.lang === "fil" ? <Languages className="size-4" aria-hidden="true" /> : null}
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

const join = (path: string, name: string | number) => (path ? `${path}.${name}` : String(name));
const idOf = (path: string) => `fil-${path.replace(/\./g, "-")}`;

interface RowsProps {
  fields: SiteField[];
  english: Value;
  filipino: Value;
  path: string;
  typed: Record<string, string> | undefined;
  errors: Record<string, string>;
}

export function TranslationEditor(props: Props) {
  const { sectionKey, title, description, pages, version, revisions, progress, englishNewer } = props;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const answer = useActionData<ActionResult>();
  const refused = answer && !answer.ok ? answer : undefined;
  const definition = sectionDefinition(sectionKey)!;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const saving = busy && navigation.formData?.get("intent") === "save";
  const action = `${pathname}?lang=fil`;

  return (
    <AdminScreen title={title} description={description} backTo="/members/site" backLabel="Back to Website">
      <LanguageTabs current="fil" />
      <div className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,1fr)_16rem]">
        <Form
          method="post"
          action={action}
          className="grid gap-6 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6"
        >
          <input type="hidden" name="lang" value="fil" />
          <input type="hidden" name="intent" value="save" />
          {/* After a refusal the version it was opened at stays: a second save is checked again. */}
          <input type="hidden" name="version" value={refused?.values?.version ?? version} />
          <div className="grid gap-2 text-sm" data-testid="translation-status">
            {answer ? (
              <p
                role={answer.ok ? "status" : "alert"}
                className={cn(
                  "rounded-md border px-3 py-2",
                  answer.ok ? "border-border bg-muted/50" : "border-destructive text-destructive",
                )}
              >
                <span className="font-semibold">{answer.toast.title}.</span> {answer.toast.description}
              </p>
            ) : null}
            <p className="text-muted-foreground">
              {progress.done > 0
                ? `${progress.done} of ${progress.total} texts translated. Those left empty show in English on the Filipino pages.`
                : "Not translated yet: the Filipino pages show this section in English. Write the Filipino beside each English text; leave a text empty to keep the English."}
            </p>
            {englishNewer ? (
              <p className="rounded-md border border-gold bg-gold/10 px-3 py-2 text-foreground">
                The English was changed after the last Filipino save: check that the translation still says
                the same.
              </p>
            ) : null}
          </div>
          <div aria-hidden="true" className="hidden gap-6 border-b border-border pb-2 md:grid md:grid-cols-2">
            <p className="text-sm font-semibold text-navy">English</p>
            <p className="text-sm font-semibold text-navy">Filipino</p>
          </div>
          <Rows
            fields={translationFields(definition.fields)}
            english={props.english}
            filipino={props.filipino}
            path=""
            typed={refused?.values}
            errors={refused?.fieldErrors ?? {}}
          />
          <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-border bg-background px-4 py-3 sm:-mx-6 sm:px-6">
            <Button type="submit" disabled={busy}>
              <BusyIcon busy={saving} icon={Save} />
              {saving ? "Saving..." : "Save the Filipino"}
            </Button>
            <p className="text-sm text-muted-foreground">
              Shows on the Filipino pages as soon as it is saved.
            </p>
          </div>
        </Form>

        <aside className="grid content-start gap-6 md:grid-cols-2 xl:grid-cols-1">
          {pages.length ? (
            <Panel id="fil-pages-heading" heading="On the site">
              <ul className="mt-2 grid gap-1">
                {pages.map((page) => (
                  <li key={page}>
                    <a
                      href={localePath("fil", page)}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      <ExternalLink className="size-4" aria-hidden="true" />
                      View {localePath("fil", page)}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          <Panel
            id="fil-history-heading"
            heading={
              <>
                <History className="size-4" aria-hidden="true" />
                Filipino history
              </>
            }
          >
            {revisions.length === 0 ? (
              <p className="mt-3 text-sm text-muted-foreground">No Filipino version saved yet.</p>
            ) : (
              <SectionRevisions
                revisions={revisions}
                shown={version}
                busy={busy}
                restoreForm={(revision, button) => (
                  <Form method="post" action={action}>
                    <input type="hidden" name="lang" value="fil" />
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="version" value={version} />
                    <input type="hidden" name="revision" value={revision.version} />
                    {button}
                  </Form>
                )}
              />
            )}
          </Panel>
        </aside>
      </div>
    </AdminScreen>
  );
}

function Panel({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-background p-4 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 font-semibold text-navy">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The rows of a part of the section: a text each, a group or list entry by entry. */
function Rows({ fields, english, filipino, path, typed, errors }: RowsProps) {
  return (
    <div className="grid gap-6">
      {fields.map((field) => {
        const at = join(path, field.name);
        const ours = english[field.name];
        const theirs = filipino[field.name];
        if (field.kind === "group") {
          return (
            <fieldset key={field.name} className="grid gap-5 rounded-lg border border-border p-4">
              <legend className="px-1 text-sm font-semibold text-navy">{field.label}</legend>
              <Rows
                fields={field.fields}
                english={(ours ?? {}) as Value}
                filipino={(theirs ?? {}) as Value}
                path={at}
                typed={typed}
                errors={errors}
              />
            </fieldset>
          );
        }
        if (field.kind === "list") {
          const entries = Array.isArray(ours) ? (ours as Value[]) : [];
          const translated = Array.isArray(theirs) ? (theirs as Value[]) : [];
          const noun = field.itemNoun;
          return (
            <fieldset key={field.name} className="grid gap-4">
              <legend className="mb-1">
                <h2 className="text-base font-semibold text-navy">{field.label}</h2>
              </legend>
              {entries.length === 0 ? (
                <p className="text-sm text-muted-foreground">No {noun}s in the English yet.</p>
              ) : null}
              <ol className="grid gap-4">
                {entries.map((entry, index) => {
                  const name = String(entry[field.titleField] ?? "").trim();
                  const heading = `${noun[0]!.toUpperCase()}${noun.slice(1)} ${index + 1}${name ? `: ${name}` : ""}`;
                  return (
                    <li
                      key={index}
                      className="rounded-lg border border-border bg-background p-4 shadow-sm"
                      data-testid={`${noun}-entry`}
                    >
                      <h3 className="mb-4 min-w-0 font-semibold break-words text-navy">{heading}</h3>
                      <Rows
                        fields={field.fields}
                        english={entry}
                        filipino={translated[index] ?? {}}
                        path={join(at, index)}
                        typed={typed}
                        errors={errors}
                      />
                    </li>
                  );
                })}
              </ol>
            </fieldset>
          );
        }
        if (field.fixed) {
          // The entry's name, the same in both languages: ties the translation to its entry.
          return <input key={field.name} type="hidden" name={at} value={String(ours ?? "")} />;
        }
        return (
          <TextRow
            key={field.name}
            field={field}
            path={at}
            english={ours}
            filipino={typed?.[at] ?? (Array.isArray(theirs) ? theirs.join("\n") : String(theirs ?? ""))}
            error={errors[at] ?? Object.entries(errors).find(([key]) => key.startsWith(`${at}.`))?.[1]}
          />
        );
      })}
    </div>
  );
}

/** One text: the English, read only, beside the field for its Filipino. */
function TextRow({
  field,
  path,
  english,
  filipino,
  error,
}: {
  field: SiteField;
  path: string;
  english: unknown;
  filipino: string;
  error?: string;
}) {
  const id = idOf(path);
  const shown = Array.isArray(english) ? english.join("\n") : String(english ?? "");
  const long = field.kind === "rich" || field.kind === "textarea" || field.kind === "lines";
  const max = "max" in field ? field.max : undefined;
  // As tall as the English beside it, within reason.
  const rows = Math.min(16, Math.max(3, shown.split("\n").length + Math.ceil(shown.length / 70)));
  return (
    <div className="grid gap-2 md:grid-cols-2 md:gap-6">
      <div className="grid content-start gap-2">
        <p className="text-sm font-medium leading-none">
          {field.label} <span className="font-normal text-muted-foreground">(English)</span>
        </p>
        <div
          id={`${id}-en`}
          className="min-h-9 whitespace-pre-wrap break-words rounded-md border border-border bg-muted/50 px-3 py-2 text-sm"
        >
          {shown || <span className="text-muted-foreground">Empty in English</span>}
        </div>
      </div>
      <Field
        id={id}
        label={
          <>
            {field.label} <span className="font-normal text-muted-foreground">(Filipino)</span>
          </>
        }
        error={error}
        hint={field.kind === "lines" ? "One per line, as in the English." : field.hint}
        control={(aria) =>
          long ? (
            <Textarea
              id={id}
              name={path}
              rows={rows}
              maxLength={field.kind === "lines" ? undefined : max}
              defaultValue={filipino}
              lang="fil"
              {...aria}
            />
          ) : (
            <Input
              id={id}
              name={path}
              maxLength={max}
              autoComplete="off"
              defaultValue={filipino}
              lang="fil"
              {...aria}
            />
          )
        }
      />
    </div>
  );
}
