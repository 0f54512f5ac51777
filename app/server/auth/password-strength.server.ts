import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

// zxcvbn-ts knows some 40,000 common passwords, keyboard walks, dates and sequences. Its
// dictionary takes ~20 MB, so it is loaded on the first password that is chosen, not at start.
let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return checker;
}

/**
 * True when the password is on the list of common passwords or close to one ("Password1234",
 * "church2026", "qwertyuiop"): zxcvbn's score below 2 means it falls to an online guesser.
 * The person's own name and e-mail count as guessable too.
 */
export async function isTooCommon(password: string, personal: string[] = []): Promise<boolean> {
  const zxcvbn = await loadChecker();
  const words = personal
    .flatMap((value) => value.toLowerCase().split(/[^a-z0-9]+/))
    .filter((w) => w.length > 2);
  return zxcvbn.check(password, words).score < 2;
}
