import { CHURCH_SECTION } from "~/schemas/site-sections";
import { sectionErrors, sectionSchema } from "~/schemas/site-fields";
import { AppError } from "../http/errors.server";
import type { Executor } from "../platform/db.server";
import { officeSetting, saveOfficeSetting } from "../platform/office-settings.server";
import { services } from "../platform/services.server";
import { getSetting } from "../platform/settings.server";
import { siteAddress } from "../platform/site-origin.server";
import { getSection, saveSection } from "../site/site-sections.server";
import type { StaffUser } from "./staff-user.server";

// The first sign-in set-up (/members/welcome). A fresh install whose first administrator got a
// generated password, or the placeholder address admin@church.local, writes this office setting;
// an upgraded site with accounts already, or one whose operator gave ADMIN_EMAIL and
// ADMIN_PASSWORD, never has it, so nobody there is sent through the set-up. Each step is saved on
// its own; "Finish later" stops the dashboard from opening the set-up, and the dashboard's
// checklist lists what is still open until it is done.

export const FIRST_ADMIN_SETUP_SETTING = "office:first-admin-setup";

export const SETUP_STEPS = ["password", "profile", "church", "address"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

interface SetupState {
  userId: string;
  /** The password was generated and printed in the server's log: it must be replaced. */
  passwordGenerated: boolean;
  /** When each step was saved (the site address is done whenever it is set, wherever). */
  done: Partial<Record<Exclude<SetupStep, "address">, string>>;
  /** "Finish later": the dashboard no longer opens the set-up by itself. */
  postponedAt?: string;
}

export interface SetupProgress {
  userId: string;
  steps: Record<SetupStep, boolean>;
  open: SetupStep[];
  postponed: boolean;
}

/** Called by ensureFirstAdmin on a fresh install. */
export async function startFirstAdminSetup(
  executor: Executor,
  input: { userId: string; passwordGenerated: boolean },
) {
  const state: SetupState = { userId: input.userId, passwordGenerated: input.passwordGenerated, done: {} };
  await saveOfficeSetting(executor, FIRST_ADMIN_SETUP_SETTING, state);
}

/** Where the set-up stands, or null when this site has none (an upgrade, or a configured admin). */
export function firstAdminSetup(): SetupProgress | null {
  const state = officeSetting<SetupState>(FIRST_ADMIN_SETUP_SETTING);
  if (!state?.userId) return null;
  const steps: Record<SetupStep, boolean> = {
    password: !state.passwordGenerated || Boolean(state.done.password),
    profile: Boolean(state.done.profile),
    church: Boolean(state.done.church),
    address: siteAddress().source !== "default",
  };
  return {
    userId: state.userId,
    steps,
    open: SETUP_STEPS.filter((step) => !steps[step]),
    postponed: Boolean(state.postponedAt),
  };
}

/** The set-up of this person that is still open, or null (someone else, or nothing left). */
export function openSetupOf(user: Pick<StaffUser, "id">): SetupProgress | null {
  const progress = firstAdminSetup();
  return progress && progress.userId === user.id && progress.open.length > 0 ? progress : null;
}

/** The dashboard opens the set-up by itself until the person chooses "Finish later". */
export function isSetupDue(user: Pick<StaffUser, "id">): boolean {
  const progress = openSetupOf(user);
  return progress !== null && !progress.postponed;
}

async function updateState(executor: Executor, change: (state: SetupState) => SetupState | null) {
  // Read in the caller's transaction: another server may have saved a step since this one's copy.
  const state = await getSetting<SetupState>(executor, FIRST_ADMIN_SETUP_SETTING);
  if (!state?.userId) return;
  const next = change(state);
  if (next) await saveOfficeSetting(executor, FIRST_ADMIN_SETUP_SETTING, next);
}

/** Records a step as done, when `userId` is the first administrator with a set-up. */
export async function markSetupStep(
  executor: Executor,
  userId: string,
  step: Exclude<SetupStep, "address">,
): Promise<void> {
  if (officeSetting<SetupState>(FIRST_ADMIN_SETUP_SETTING)?.userId !== userId) return;
  await updateState(executor, (state) =>
    state.userId === userId && !state.done[step]
      ? { ...state, done: { ...state.done, [step]: new Date().toISOString() } }
      : null,
  );
}

/** "Finish later". */
export async function postponeSetup(user: Pick<StaffUser, "id">): Promise<void> {
  await updateState(services().db, (state) =>
    state.userId === user.id && !state.postponedAt
      ? { ...state, postponedAt: new Date().toISOString() }
      : null,
  );
}

/** The church's name as the Website screen's Church details hold it, and their version. */
export async function churchDetails(): Promise<{ name: string; version: number }> {
  const section = await getSection(CHURCH_SECTION.id);
  const data = (section?.data ?? {}) as { name?: unknown };
  return { name: typeof data.name === "string" ? data.name : "", version: section?.version ?? 0 };
}

/**
 * The church's name, saved as a new version of Church details with the function the Website
 * screen uses (its audit entry, its history), and the step marked done.
 */
export async function saveChurchName(user: StaffUser, name: string, openedVersion: number): Promise<void> {
  const section = await getSection(CHURCH_SECTION.id);
  if (!section) throw new AppError("The church's details could not be found.", 500);
  const parsed = sectionSchema(CHURCH_SECTION).safeParse({
    ...(section.data as Record<string, unknown>),
    name,
  });
  if (!parsed.success) {
    const message = sectionErrors(parsed.error.issues).name ?? "Please check the church's name.";
    throw new AppError(message, 400, { field: "churchName" });
  }
  const current = (section.data as { name?: unknown }).name;
  if (current !== parsed.data.name) {
    await saveSection(CHURCH_SECTION.id, parsed.data, openedVersion, user, "First sign-in set-up");
  }
  await markSetupStep(services().db, user.id, "church");
}
