import { z } from 'zod';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { ROLES } from '../people/roles.js';
import { currentPasswordField } from './account-schemas.js';

/**
 * The browser's answer as @simplewebauthn/browser sends it. Only its outline is checked here:
 * SimpleWebAuthn verifies every byte of it, and refuses what does not prove a passkey.
 */
const credentialAnswer = z.looseObject({
  id: z.string().min(1).max(1_024),
  rawId: z.string().min(1).max(1_024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(16_384) }),
  clientExtensionResults: z.looseObject({}).default({}),
});

export const passkeyConfirmationSchema = z.object({ senha_atual: currentPasswordField }, { error: PEOPLE_MESSAGES.confirmationMissing });

export const passkeyRegistrationSchema = z.object({
  senha_atual: currentPasswordField,
  nome: z.string({ error: PEOPLE_MESSAGES.passkeyNameMissing }).trim().min(1, { error: PEOPLE_MESSAGES.passkeyNameMissing }).max(60, { error: PEOPLE_MESSAGES.passkeyNameMissing }),
  resposta: credentialAnswer.extend({ response: z.looseObject({ clientDataJSON: z.string().max(16_384), attestationObject: z.string().max(65_536) }) }),
}, { error: PEOPLE_MESSAGES.passkeyRefused });

export const passkeySignInSchema = z.object({
  resposta: credentialAnswer.extend({
    response: z.looseObject({ clientDataJSON: z.string().max(16_384), authenticatorData: z.string().max(16_384), signature: z.string().max(4_096) }),
  }),
}, { error: PEOPLE_MESSAGES.passkeyRefused });

export const passkeyIdSchema = z.string().min(1).max(1_024);

export const passkeyRequirementSchema = z.object({ papeis: z.array(z.enum(ROLES, { error: PEOPLE_MESSAGES.roleInvalid })).max(ROLES.length) });

export const passkeySummarySchema = z
  .object({ id: z.string(), nome: z.string(), criada_em: z.string(), usada_em: z.string().nullable() })
  .meta({ title: 'Passkey' });
