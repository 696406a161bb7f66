import { ApiError } from '../lib/api-error.js';
import type { SignedIn } from '../workflow/editor-sessions.js';
import { WORKFLOW_MESSAGES } from '../workflow/messages.js';
import type { PublicContext } from './api-context.js';
import { passwordSignInSchema } from './people-schemas.js';
import { validate } from './validate.js';

/** What a person's sign-in answers, by password or passkey. */
export const personSignedIn = ({ autor, papel }: SignedIn) => ({ nome: autor, papel, autor });

/**
 * POST {api}/sessao: { key } → { autor }, or { email, senha } → { nome, papel } (and `autor`, the same
 * name, as before), with the session cookie (passwordCheck says how refusals look alike and are counted).
 */
export async function openSession({ body }: { body: Record<string, unknown> }, { workflow, req, res }: PublicContext) {
  if (body.email === undefined) {
    const { autor } = await workflow.signIn.withKey(req, res, body.key);
    return { autor };
  }
  const { email, senha } = validate(passwordSignInSchema, body);
  return personSignedIn(await workflow.signIn.withPassword(req, res, email, senha));
}

/** GET {api}/sessao: who is signed in, or 401. */
export async function readSession(_input: unknown, { workflow, req, res }: PublicContext) {
  const session = await workflow.sessions.read(req, res);
  if (!session) throw new ApiError(401, WORKFLOW_MESSAGES.sessionMissing);
  return { autor: session.autor };
}

/** POST {api}/sessao/sair: always succeeds, so signing out twice is harmless. */
export async function closeSession(_input: unknown, { workflow, req, res }: PublicContext) {
  await workflow.signIn.signOut(req, res);
  return null;
}
