import { MSG } from '@pos/shared';
import { type MatchExtended, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * Refuses the passwords an attacker tries first, on top of the spec's length and letter rules: those
 * zxcvbn (with its common-language lists: ~49,000 leaked passwords, the diceware words, keyboard
 * patterns) scores 0, under 1,000 guesses ('123456', 'abcdef', 'qazwsx'), and those that ARE one entry
 * of the leaked-password list, ignoring case and letter swaps ('password', 'Password1', 'P@ssw0rd',
 * 'Welcome1', 'Admin123'). A password merely built from such pieces stays allowed ('Secret123' = a
 * listed word + a sequence, 'Demo1234'): the spec's own examples and the demo password keep working,
 * and the rule reads as what it is, "found in the list of common passwords".
 *
 * Server-only: the list is ~0.5 MB and must not reach the web bundle; the forms show the server's
 * field error.
 */

// The longest entry of the leaked list has 20 characters: a longer password is not one of them. zxcvbn
// runs synchronously and its time grows fast with the length and the letter swaps tried (a crafted
// 64-character password took 400 ms): at 20 characters and 16 swaps the worst found is ~30 ms, and
// every swapped spelling of the list tried ('P@55w0rd', 'Adm1n123') is still found.
const CHECKED_LENGTH = 20;
const LETTER_SWAPS = 16;
const LEAKED_LIST = 'passwords-common';

let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
    maxLength: CHECKED_LENGTH,
    l33tMaxSubstitutions: LETTER_SWAPS,
  });
  return factory;
}

function isWholeListedPassword(password: string, sequence: MatchExtended[]): boolean {
  const [only] = sequence;
  return (
    sequence.length === 1 &&
    only !== undefined &&
    only.pattern === 'dictionary' &&
    'dictionaryName' in only &&
    only.dictionaryName === LEAKED_LIST &&
    only.token.length === password.length
  );
}

export function isCommonPassword(password: string): boolean {
  if (password.length > CHECKED_LENGTH) return false;
  const result = estimator().check(password);
  return result.score === 0 || isWholeListedPassword(password, result.sequence);
}

/** The refusal, or undefined when the password may be used. */
export function commonPasswordMessage(password: string): string | undefined {
  return isCommonPassword(password) ? MSG.passwordTooCommon : undefined;
}
