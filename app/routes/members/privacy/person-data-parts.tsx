import { Archive, FileText, ShieldAlert, Trash2, UserSearch } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { FormField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { Button } from "~/components/ui/button";

// The pieces of the privacy screens (a member's export and erasure, and the same for someone
// outside the registry): what is surely the person's, the possible matches staff tick one by one
// (issue 33: a shared mobile or a similar address never makes two rows one person by itself),
// and the backups that still hold the data.

/** A possible match as the loaders send it (see describeMatches). */
export interface MatchRow {
  key: string;
  what: string;
  name: string;
  email: string;
  mobile: string;
  when: string;
  why: string;
}

/** The kinds of record and how many of each, as lines with an icon. */
export function CountList({
  lines,
  icon = "file",
}: {
  lines: { kind: string; text: string }[];
  icon?: "file" | "trash";
}) {
  const Icon = icon === "trash" ? Trash2 : FileText;
  return (
    <ul className="grid gap-2">
      {lines.map((line) => (
        <li key={line.kind} className="flex items-start gap-2">
          <Icon
            className={`mt-0.5 size-4 shrink-0 ${icon === "trash" ? "text-destructive" : "text-muted-foreground"}`}
            aria-hidden="true"
          />
          <span>{line.text}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The rows that only share the person's mobile or look like their address, each with a box
 * (name="match"), none ticked unless `checked` says so. Inside the form that uses them.
 */
export function PossibleMatches({
  matches,
  checked,
  action,
}: {
  matches: MatchRow[];
  checked: readonly string[];
  /** "include in the file" or "erase with them". */
  action: string;
}) {
  return (
    <Panel
      title="Possible matches"
      testId="possible-matches"
      description={
        matches.length === 0
          ? undefined
          : `These records share the person's mobile number or have a similar e-mail address, so they may be someone else's: a family member, or a stranger with a mistyped number. None is included unless you tick it. Tick one only when you have confirmed it is theirs, to ${action}.`
      }
    >
      {matches.length === 0 ? (
        <p className="text-sm">No other record shares their mobile number or has a similar e-mail address.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Possible matches">
          {matches.map((match) => (
            <li key={match.key} className="rounded-lg border border-border p-3" data-testid="possible-match">
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  name="match"
                  value={match.key}
                  defaultChecked={checked.includes(match.key)}
                  className="mt-1 size-4 shrink-0 accent-primary"
                />
                <span className="sr-only">Confirmed as theirs:</span>
                <span className="grid min-w-0 gap-0.5 text-sm">
                  <span className="font-medium">{match.what}</span>
                  <span className="wrap-anywhere">
                    {match.name} · {match.email} · {match.mobile}
                  </span>
                  <span className="text-muted-foreground">
                    {match.when} · {match.why}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** "Backups still holding their data": only those taken since the person's first record. */
export function BackupsPanel({
  backups,
  keepDays,
}: {
  backups: { name: string; takenAt: string; expires: string }[];
  keepDays: number;
}) {
  return (
    <Panel title="Backups still holding their data" testId="erase-backups">
      {backups.length === 0 ? (
        <p>No backup has been taken since their first record, so no copy is left anywhere else.</p>
      ) : (
        <>
          <p>
            These backups were taken after their first record and still hold this person&apos;s data. Each is
            removed automatically {keepDays} days after it was taken.
          </p>
          <ul className="mt-3 grid gap-2" aria-label="Backups">
            {backups.map((backup) => (
              <li key={backup.name} className="flex items-start gap-2 text-sm">
                <Archive className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 wrap-anywhere">
                  Taken {backup.takenAt}, kept until {backup.expires}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

/**
 * The erase screen's body: what will be removed and the possible matches (left), the backups and
 * the confirmation (right), in one form so the ticked matches are posted with the typed name.
 */
export function EraseForm({
  removalsText,
  removals,
  matches,
  checked,
  backups,
  keepDays,
  confirmText,
  confirmValue,
  confirmError,
  formKey,
  busy,
  afterRemovals,
  hidden,
}: {
  /** Fields the action reads besides the typed confirmation and the ticked matches. */
  hidden?: Record<string, string>;
  removalsText: string;
  removals: { kind: string; text: string }[];
  matches: MatchRow[];
  checked: readonly string[];
  backups: { name: string; takenAt: string; expires: string }[];
  keepDays: number;
  /** What to type: the member's name or the person's address. */
  confirmText: string;
  confirmValue: string;
  confirmError?: string;
  formKey?: string | number;
  busy: boolean;
  afterRemovals?: ReactNode;
}) {
  return (
    <Form
      method="post"
      key={formKey}
      // A long e-mail address (in a label, a description, a match) wraps instead of widening the
      // columns past a phone's screen.
      className="grid gap-6 [overflow-wrap:anywhere] lg:grid-cols-2 lg:items-start"
    >
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid min-w-0 gap-6">
        <Panel title="What will be removed" description={removalsText} testId="erase-removals">
          <CountList lines={removals} icon="trash" />
          <p className="mt-4 text-sm text-muted-foreground">
            The audit log will keep only that a person was erased, by you, and when: not their name, e-mail or
            mobile. {afterRemovals}
          </p>
        </Panel>
        <PossibleMatches matches={matches} checked={checked} action="erase it with them" />
      </div>

      <div className="grid min-w-0 gap-6">
        <BackupsPanel backups={backups} keepDays={keepDays} />
        <Panel title="Confirm" testId="erase-confirm">
          <div className="mb-4 flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
            <ShieldAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            <p>This cannot be undone. Nothing erased can be restored from the members area.</p>
          </div>
          <div className="grid gap-4">
            <FormField
              id="confirmName"
              name="confirmName"
              label={`Type ${confirmText} to confirm`}
              autoComplete="off"
              spellCheck={false}
              required
              defaultValue={confirmValue}
              error={confirmError}
            />
            <div>
              <Button type="submit" variant="destructive" disabled={busy}>
                <BusyIcon busy={busy} icon={Trash2} />
                Erase for good
              </Button>
            </div>
          </div>
        </Panel>
      </div>
    </Form>
  );
}

/**
 * The export screen's body: what the file holds (left), the possible matches, the download
 * buttons and `extra` (right), in one plain GET form to the file's address, so the browser downloads it.
 */
export function ExportForm({
  action,
  hidden,
  holdsText,
  holds,
  matches,
  extra,
}: {
  action: string;
  hidden?: Record<string, string>;
  holdsText: string;
  holds: { kind: string; text: string }[];
  matches: MatchRow[];
  extra?: ReactNode;
}) {
  return (
    <form
      method="get"
      action={action}
      className="grid gap-6 [overflow-wrap:anywhere] lg:grid-cols-2 lg:items-start"
    >
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid min-w-0 gap-6">
        <Panel title="What the file holds" description={holdsText} testId="export-holds">
          <CountList lines={holds} />
        </Panel>
      </div>
      <div className="grid min-w-0 gap-6">
        <PossibleMatches matches={matches} checked={[]} action="include it in the file" />
        <Panel title="Download" testId="export-download">
          <p className="text-sm">
            One file that reads well in any web browser, with the same data inside it for a computer to read.
            Taking it is noted in the audit log. Send it to the person in a safe way.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="submit" name="format" value="html">
              <FileText aria-hidden="true" />
              Download the file
            </Button>
            <Button type="submit" name="format" value="json" variant="outline">
              Download as JSON
            </Button>
          </div>
        </Panel>
        {extra}
      </div>
    </form>
  );
}

/** An empty state's icon and text (nothing found). */
export function NothingFound({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <UserSearch className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
