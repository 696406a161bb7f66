import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as portugueseDictionary, translations } from '@zxcvbn-ts/language-pt-br';
import { PEOPLE_MESSAGES } from './messages.js';

export const MIN_PASSWORD_LENGTH = 12;
/** zxcvbn's score, 0 to 4: 3 is "safely unguessable" (about 10^8 guesses or more). */
const MIN_SCORE = 3;
/**
 * argon2id (the binding's default) with OWASP's first recommended setting, 19 MiB and 2 passes: tens of
 * milliseconds per sign-in here, what a stolen hash costs an attacker per guess.
 */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const estimator = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...portugueseDictionary },
  graphs: adjacencyGraphs,
  translations,
});

/** The product's name, guessed first by anyone attacking its users, whatever the configuration calls the site. */
const PRODUCT_WORDS = ['prontivo'];

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);

/** The words of a person's name and e-mail address, which a password must not be built from. */
const personalWords = (person: { nome: string; email: string }) => wordsOf(`${person.nome} ${person.email}`);

/** The site's names as configured (product and company): in the guesser's dictionary, as the person's words are. */
export type SiteNames = { productName: string; companyName: string };

/**
 * Why a password is refused (in Portuguese), or null when it may be used. A password built on the
 * product's or company's name is not refused outright (a long phrase may mention it) but scores as the
 * dictionary word it is, like the person's own words.
 */
export function passwordProblem(password: string, person: { nome: string; email: string }, site: SiteNames): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PEOPLE_MESSAGES.passwordTooShort;
  const personal = personalWords(person);
  const folded = password.toLowerCase();
  if (personal.some((word) => folded.includes(word))) return PEOPLE_MESSAGES.passwordPersonal;
  const dictionary = [...personal, ...PRODUCT_WORDS, ...wordsOf(`${site.productName} ${site.companyName}`)];
  if (estimator.check(password, dictionary).score < MIN_SCORE) return PEOPLE_MESSAGES.passwordWeak;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
