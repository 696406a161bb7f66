import type { Person, PeopleStore } from '../db/people-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import type { Editor } from '../workflow/editor-auth.js';

/** The person behind an editor, for what only a personal account has (passkeys, keys, sessions). */
export async function currentPerson(people: Pick<PeopleStore, 'get'>, editor: Editor): Promise<Person> {
  if (editor.personId === null) throw new ApiError(403, PEOPLE_MESSAGES.notAPerson);
  const person = await people.get(editor.personId);
  // Deactivated between the credential's check and now: the same answer as a dead session.
  if (!person?.ativo) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
  return person;
}
