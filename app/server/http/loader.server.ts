import { data } from "react-router";
import { loggableError } from "../platform/db-errors.server";

/**
 * A screen's read that may fail (the database is out of reach): the loader answers the screen's
 * empty state with `loadFailed: true` and status 503, and the screen says so. Every screen that
 * can show such a message uses this one flag.
 */
export async function loadOrEmpty<T extends object>(what: string, read: () => Promise<T>, empty: T) {
  try {
    return data({ ...(await read()), loadFailed: false });
  } catch (error) {
    console.error(`Reading ${what} failed:`, loggableError(error));
    return data({ ...empty, loadFailed: true }, { status: 503 });
  }
}

/**
 * A part of a screen that can simply be left out (the dashboard's setup checklist): when reading
 * it fails, the failure is logged and the part is null, and the rest of the screen shows as usual.
 */
export async function loadOptional<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    console.error(`Reading ${what} failed:`, loggableError(error));
    return null;
  }
}
