import { z } from 'zod';
import { SLUG_PATTERN } from '../lib/slug.js';

/** The 27 federative units: a council registration is always of one of them. */
export const UFS = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;
export type Uf = (typeof UFS)[number];

/**
 * Professional councils whose registration a health byline shows. CRM is the doctors'; the others are
 * the councils of the professions that most often write health content.
 */
export const COUNCILS = ['CRM', 'COREN', 'CRN', 'CRF', 'CREFITO', 'CRP', 'CRO', 'CRFa'] as const;
export type Council = (typeof COUNCILS)[number];

export const TITLES = ['Dr.', 'Dra.'] as const;

export const CREDENTIAL_MESSAGES = {
  publicNameMissing: 'Informe o nome público (até 120 caracteres), como aparecerá nos artigos.',
  slugInvalid: 'O endereço do perfil usa só letras minúsculas sem acento, números e hífens (até 80 caracteres).',
  slugTaken: 'Esse endereço de perfil já é de outra pessoa.',
  professionTooLong: 'A profissão pode ter até 60 caracteres.',
  bioTooLong: 'A apresentação pode ter até 600 caracteres.',
  councilInvalid: 'Escolha o conselho profissional: CRM, COREN, CRN, CRF, CREFITO, CRP, CRO ou CRFa.',
  registrationInvalid: 'O número de registro no conselho tem de 1 a 7 dígitos.',
  ufInvalid: 'Escolha a UF do registro (uma das 27).',
  registrationIncomplete: 'Informe o conselho, o número e a UF do registro, ou deixe os três em branco.',
  doctorNeedsCrm: 'MÉDICO e MÉDICA exigem registro no CRM (Resolução CFM 2.336/2023).',
  specialtyInvalid: 'Cada especialidade precisa de um nome (até 80 caracteres) e do número do RQE (1 a 7 dígitos).',
  specialtyNeedsCrm: 'Especialidade com RQE é de médico: informe o registro no CRM.',
  tooManySpecialties: 'Informe no máximo 3 especialidades.',
} as const;

const DOCTOR_PROFESSIONS = ['MÉDICO', 'MÉDICA'];
const digits = (message: string) => z.string().trim().regex(/^\d{1,7}$/, { error: message });

export const specialtySchema = z.object({
  nome: z.string().trim().min(1, { error: CREDENTIAL_MESSAGES.specialtyInvalid }).max(80, { error: CREDENTIAL_MESSAGES.specialtyInvalid }),
  rqe: digits(CREDENTIAL_MESSAGES.specialtyInvalid),
});
export type Specialty = z.infer<typeof specialtySchema>;

/** A person's public profile, as its form and the API send it; checked once here. */
export const profileSchema = z
  .object({
    nome_publico: z.string().trim().min(1, { error: CREDENTIAL_MESSAGES.publicNameMissing }).max(120, { error: CREDENTIAL_MESSAGES.publicNameMissing }),
    slug: z.string().trim().max(80, { error: CREDENTIAL_MESSAGES.slugInvalid }).regex(SLUG_PATTERN, { error: CREDENTIAL_MESSAGES.slugInvalid }),
    tratamento: z.enum(TITLES).nullable(),
    profissao: z.string().trim().max(60, { error: CREDENTIAL_MESSAGES.professionTooLong }).transform((text) => text.toLocaleUpperCase('pt-BR')),
    bio: z.string().trim().max(600, { error: CREDENTIAL_MESSAGES.bioTooLong }),
    conselho: z.enum(COUNCILS, { error: CREDENTIAL_MESSAGES.councilInvalid }).nullable(),
    registro: digits(CREDENTIAL_MESSAGES.registrationInvalid).nullable(),
    uf: z.enum(UFS, { error: CREDENTIAL_MESSAGES.ufInvalid }).nullable(),
    especialidades: z.array(specialtySchema).max(3, { error: CREDENTIAL_MESSAGES.tooManySpecialties }),
  })
  .superRefine((profile, context) => {
    const parts = [profile.conselho, profile.registro, profile.uf].filter((part) => part !== null).length;
    if (parts !== 0 && parts !== 3) context.addIssue({ code: 'custom', message: CREDENTIAL_MESSAGES.registrationIncomplete, path: ['registro'] });
    const doctor = DOCTOR_PROFESSIONS.includes(profile.profissao);
    if (doctor && profile.conselho !== 'CRM') context.addIssue({ code: 'custom', message: CREDENTIAL_MESSAGES.doctorNeedsCrm, path: ['conselho'] });
    if (profile.especialidades.length > 0 && profile.conselho !== 'CRM') context.addIssue({ code: 'custom', message: CREDENTIAL_MESSAGES.specialtyNeedsCrm, path: ['especialidades'] });
  });
export type Profile = z.infer<typeof profileSchema>;

/** "CRM/SP 123456", or null without a registration. */
export function registrationLine(profile: Pick<Profile, 'conselho' | 'registro' | 'uf'>): string | null {
  return profile.conselho && profile.registro && profile.uf ? `${profile.conselho}/${profile.uf} ${profile.registro}` : null;
}

/** "Dra. Ana Souza": the public name with its title, as a byline names the person. */
export function displayName(profile: Pick<Profile, 'tratamento' | 'nome_publico'>): string {
  return profile.tratamento ? `${profile.tratamento} ${profile.nome_publico}` : profile.nome_publico;
}

/**
 * The one way a credential is written, everywhere (page, JSON-LD, API), as CFM Resolution 2.336/2023
 * asks of content a doctor signs: "Dra. Ana Souza — MÉDICA — CRM/SP 123456 — Dermatologia — RQE nº 7890".
 */
export function credentialLine(profile: Profile): string {
  const registration = registrationLine(profile);
  return [
    displayName(profile),
    profile.profissao || null,
    registration,
    ...profile.especialidades.flatMap((specialty) => [specialty.nome, `RQE nº ${specialty.rqe}`]),
  ]
    .filter((part): part is string => Boolean(part))
    .join(' — ');
}

/** The credential line when it says more than the name: a profile of the name alone has none to show. */
export function credentialBeyondName(profile: Profile): string | null {
  const line = credentialLine(profile);
  return line === displayName(profile) ? null : line;
}
