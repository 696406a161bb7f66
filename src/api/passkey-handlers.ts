import type { Request } from 'express';
import type { z } from 'zod';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { recordAudit } from '../workflow/audit-trail.js';
import { clientAddress } from '../workflow/failed-key-limiter.js';
import type { EditorContext, PersonContext, PublicContext } from './api-context.js';
import { personSignedIn } from './session-handlers.js';
import type { passkeyConfirmationSchema, passkeyRegistrationSchema, passkeyRequirementSchema, passkeySignInSchema } from './passkey-schemas.js';

/** Registering, listing and removing the signed-in person's passkeys; signing in with one; which roles must have one. */

/** Where the browser opened the site: the Origin it sends with the ceremony's POST, else the scheme and Host. */
function openedAt(req: Request): string | undefined {
  const origin = req.get('origin');
  if (origin && origin !== 'null') return origin;
  const host = req.get('host');
  return host ? `${req.protocol}://${host}` : undefined;
}

function assertOpenedAtSite({ ceremonies, config, logger, req }: PublicContext): void {
  ceremonies.assertOpenedAtSite(openedAt(req), (opened) =>
    logger.warn({ siteUrl: config.site.siteUrl, aberto: opened }, 'SITE_URL não confere com o endereço aberto no navegador: as chaves de acesso (passkeys) vão falhar até SITE_URL ser corrigida'),
  );
}

const summary = ({ id, nome, criada_em, usada_em }: { id: string; nome: string; criada_em: string; usada_em: string | null }) => ({ id, nome, criada_em, usada_em });

/**
 * POST {api}/pessoas/eu/passkeys/opcoes { senha_atual } → the options for navigator.credentials.create().
 * The password is checked here too, so that a wrong one stops before the authenticator makes a passkey
 * the site would never store.
 */
export async function passkeyRegistrationOptions({ body }: { body: z.output<typeof passkeyConfirmationSchema> }, context: PersonContext) {
  const { workflow, ceremonies, person, req } = context;
  assertOpenedAtSite(context);
  await workflow.confirmIdentity(req, person, body.senha_atual);
  return ceremonies.registrationOptions(person);
}

/**
 * POST {api}/pessoas/eu/passkeys { senha_atual, nome, resposta } → the new passkey. The current password
 * confirms it is the person: a stolen session alone must not plant a way back in.
 */
export async function registerPasskey(
  { body: { senha_atual, nome, resposta } }: { body: z.output<typeof passkeyRegistrationSchema> },
  context: PersonContext,
) {
  const { repo, workflow, ceremonies, editor, person, req } = context;
  assertOpenedAtSite(context);
  await workflow.confirmIdentity(req, person, senha_atual);
  const passkey = await ceremonies.register(person, nome, resposta);
  if (!passkey) throw new ApiError(400, PEOPLE_MESSAGES.passkeyRefused);
  await recordAudit(repo.audit, req, editor, 'cadastrou-passkey', { detalhes: { nome } });
  return summary(passkey);
}

/** GET {api}/pessoas/eu/passkeys. */
export async function listPasskeys(_input: unknown, { repo, person }: PersonContext) {
  return (await repo.passkeys.list(person.id)).map(summary);
}

/** DELETE {api}/pessoas/eu/passkeys/{id}: only one's own. */
export async function removePasskey({ params }: { params: { id: string } }, { repo, editor, person, req }: PersonContext) {
  if (!(await repo.passkeys.remove(person.id, params.id))) throw new ApiError(404, PEOPLE_MESSAGES.passkeyNotFound);
  await recordAudit(repo.audit, req, editor, 'removeu-passkey');
  return null;
}

/** POST {api}/sessao/passkey/opcoes → the options for navigator.credentials.get(); anyone may ask. */
export async function passkeySignInOptions(_input: unknown, context: PublicContext) {
  assertOpenedAtSite(context);
  return context.ceremonies.signInOptions();
}

/**
 * POST {api}/sessao/passkey { resposta } → { nome, papel } (and `autor`) and the session cookie.
 * A passkey signs in whatever the password limits say (they are for guessable secrets); a refused
 * one still counts against the client address.
 */
export async function signInWithPasskey({ body: { resposta } }: { body: z.output<typeof passkeySignInSchema> }, context: PublicContext) {
  const { repo, workflow, ceremonies, req, res } = context;
  assertOpenedAtSite(context);
  const personId = await ceremonies.signIn(resposta);
  const person = personId === null ? null : await repo.people.get(personId);
  if (!person?.ativo) {
    workflow.failures.byAddress.count(clientAddress(req));
    await recordAudit(repo.audit, req, { author: person?.nome ?? 'passkey desconhecida', personId: person?.id ?? null }, 'entrada-recusada', { detalhes: { metodo: 'passkey' } });
    throw new ApiError(403, PEOPLE_MESSAGES.passkeyRefused);
  }
  return personSignedIn(await workflow.signIn.asPerson(req, res, person, 'passkey'));
}

/** GET {api}/pessoas/passkey-exigida → { papeis } (administrators). */
export async function passkeyRequiredRoles(_input: unknown, { repo }: EditorContext) {
  return { papeis: await repo.passkeys.requiredRoles() };
}

/** PUT {api}/pessoas/passkey-exigida { papeis } (administrators). */
export async function requirePasskeyForRoles({ body: { papeis } }: { body: z.output<typeof passkeyRequirementSchema> }, { repo, editor, req }: EditorContext) {
  await repo.passkeys.setRequiredRoles([...new Set(papeis)]);
  await recordAudit(repo.audit, req, editor, 'exigiu-passkey', { detalhes: { papeis } });
  return { papeis: await repo.passkeys.requiredRoles() };
}
