/**
 * Why the server or a console command cannot start (a bad setting, a data folder in use): its
 * message is printed alone, without a stack, because it is meant for the person starting it.
 */
export class StartupError extends Error {
  override name = "StartupError";
}
