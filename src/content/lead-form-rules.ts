import { z } from 'zod';

/**
 * The demonstration form's rules, the same on the server (which decides) and in the page's script
 * (which tells the person as they type): one module, so the two never disagree.
 */

export const PROFILE_OPTIONS = [
  { value: 'medico-consultorio', label: 'Médico(a) em consultório próprio' },
  { value: 'clinica', label: 'Clínica com vários profissionais' },
  { value: 'secretaria-gestor', label: 'Secretária(o) ou gestor(a)' },
  { value: 'outro', label: 'Outro' },
] as const;

export const LEAD_LIMITS = { name: 120, email: 254, phone: 30, specialty: 120, message: 1500, professionalsMax: 10_000 } as const;

/** The visible fields of the form, by their names in the HTML. */
export const LEAD_FIELDS = ['nome', 'email', 'telefone', 'perfil', 'profissionais', 'especialidade', 'mensagem'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** The ids the page and its script share. */
export const LEAD_FORM_ELEMENTS = { form: 'demonstracao-form', summary: 'demonstracao-erros', altcha: 'demonstracao-altcha' } as const;

export const LEAD_FORM_MESSAGES = {
  summary: 'Confira os campos indicados abaixo:',
  name: 'Informe seu nome.',
  nameLong: `Use no máximo ${LEAD_LIMITS.name} caracteres.`,
  email: 'Informe um e-mail válido, como nome@clinica.com.br.',
  phone: 'Informe um WhatsApp ou telefone com DDD, como (11) 91234-5678.',
  profile: 'Escolha a opção que melhor descreve você.',
  professionals: 'Informe quantos profissionais atendem na clínica (um número de 2 a 10.000).',
  specialtyLong: `Use no máximo ${LEAD_LIMITS.specialty} caracteres.`,
  messageLong: `Use no máximo ${LEAD_LIMITS.message} caracteres.`,
} as const;

const trimmed = z.string().trim();
const optionalText = (max: number, message: string) =>
  trimmed.max(max, message).transform((value) => (value === '' ? null : value));

/** A Brazilian number with area code (10 or 11 digits), with or without +55, written any usual way. */
const phoneDigits = (value: string) => value.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');

export const leadFormSchema = z.object({
  nome: trimmed.min(2, LEAD_FORM_MESSAGES.name).max(LEAD_LIMITS.name, LEAD_FORM_MESSAGES.nameLong),
  email: trimmed.max(LEAD_LIMITS.email, LEAD_FORM_MESSAGES.email).pipe(z.email(LEAD_FORM_MESSAGES.email)),
  telefone: trimmed
    .max(LEAD_LIMITS.phone, LEAD_FORM_MESSAGES.phone)
    .regex(/^[\d\s()+.-]*$/, LEAD_FORM_MESSAGES.phone)
    .refine((value) => /^\d{10,11}$/.test(phoneDigits(value)), LEAD_FORM_MESSAGES.phone),
  perfil: z.enum(PROFILE_OPTIONS.map((option) => option.value), LEAD_FORM_MESSAGES.profile),
  especialidade: optionalText(LEAD_LIMITS.specialty, LEAD_FORM_MESSAGES.specialtyLong),
  mensagem: optionalText(LEAD_LIMITS.message, LEAD_FORM_MESSAGES.messageLong),
});

/** How many professionals a clinic has: asked only of the profile `clinica`. */
const professionalsSchema = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, LEAD_FORM_MESSAGES.professionals)
  .transform(Number)
  .pipe(z.number().min(2, LEAD_FORM_MESSAGES.professionals).max(LEAD_LIMITS.professionalsMax, LEAD_FORM_MESSAGES.professionals));

export type LeadForm = z.output<typeof leadFormSchema> & { profissionais: number | null; conteudo: boolean };

/** What was typed, every field as text (as a form posts it): shown again beside the errors. */
export type TypedLeadForm = Record<LeadField, string> & { conteudo: boolean };

/** The first message of each field that is wrong. */
export type LeadFormErrors = Partial<Record<LeadField, string>>;

export function checkLeadForm(typed: TypedLeadForm): { ok: true; form: LeadForm } | { ok: false; errors: LeadFormErrors } {
  const errors: LeadFormErrors = {};
  const parsed = leadFormSchema.safeParse(typed);
  for (const issue of parsed.error?.issues ?? []) errors[issue.path[0] as LeadField] ??= issue.message;
  const clinic = typed.perfil === 'clinica';
  const professionals = clinic ? professionalsSchema.safeParse(typed.profissionais) : undefined;
  if (professionals?.error) errors.profissionais = LEAD_FORM_MESSAGES.professionals;
  if (!parsed.success || professionals?.error) return { ok: false, errors };
  return { ok: true, form: { ...parsed.data, profissionais: professionals?.data ?? null, conteudo: typed.conteudo } };
}
