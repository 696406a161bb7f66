import { solveChallenge } from 'altcha-lib/v1';
import { checkLeadForm, LEAD_FIELDS, LEAD_FORM_ELEMENTS, LEAD_FORM_MESSAGES, type LeadField, type LeadFormErrors, type TypedLeadForm } from '../content/lead-form-rules.js';
import { apiRequest } from './api-client.js';

/**
 * The demonstration form's script, its one enhancement over the plain form: each field is checked by
 * the server's own rules once the person leaves it (and again as they correct it), and the proof of work
 * (ALTCHA) is solved in the background so that sending is not delayed. Without it the form works the same.
 */


interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

function errorsOf(form: HTMLFormElement): LeadFormErrors {
  const checked = checkLeadForm(typedOf(form));
  return checked.ok ? {} : checked.errors;
}

function typedOf(form: HTMLFormElement): TypedLeadForm {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return {
    nome: text('nome'),
    email: text('email'),
    telefone: text('telefone'),
    perfil: text('perfil'),
    profissionais: text('profissionais'),
    especialidade: text('especialidade'),
    mensagem: text('mensagem'),
    conteudo: data.get('conteudo') === 'sim',
  };
}

function controlsOf(form: HTMLFormElement, field: LeadField): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>(`[name="${field}"]`)];
}

function show(form: HTMLFormElement, errors: LeadFormErrors, fields: Iterable<LeadField>): void {
  for (const field of fields) {
    const message = errors[field];
    const slot = form.querySelector<HTMLElement>(`[data-erro="${field}"]`);
    if (slot) slot.textContent = message ?? '';
    slot?.closest('.form-field')?.classList.toggle('form-field-invalid', message !== undefined);
    for (const control of controlsOf(form, field)) {
      if (message) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
  }
}

function summarise(form: HTMLFormElement, errors: LeadFormErrors): void {
  const summary = document.getElementById(LEAD_FORM_ELEMENTS.summary);
  if (!summary) return;
  const wrong = LEAD_FIELDS.filter((field) => errors[field] !== undefined);
  summary.replaceChildren();
  summary.hidden = wrong.length === 0;
  if (wrong.length === 0) return;
  const intro = document.createElement('p');
  intro.textContent = LEAD_FORM_MESSAGES.summary;
  const list = document.createElement('ul');
  for (const field of wrong) {
    const control = controlsOf(form, field)[0];
    const label = control?.closest('fieldset')?.querySelector('legend') ?? form.querySelector(`label[for="${control?.id}"]`);
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `#${control?.id ?? ''}`;
    link.textContent = `${label?.firstChild?.textContent ?? field}: ${errors[field]}`;
    item.append(link);
    list.append(item);
  }
  summary.append(intro, list);
  summary.focus();
}

/** The clinic's number of professionals is asked only of a clinic. */
function toggleClinic(form: HTMLFormElement): void {
  const clinic = typedOf(form).perfil === 'clinica';
  const block = form.querySelector<HTMLElement>('[data-so-clinica]');
  if (block) block.hidden = !clinic;
}

/** Solves a challenge from the API in the background; resolves to the field's value, or '' when it could not. */
async function proofOfWork(api: string): Promise<string> {
  const answer = await apiRequest<AltchaChallenge>(`${api}/demonstracao/desafio`, { method: 'GET' });
  if (!answer.ok) return '';
  const challenge = answer.value;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) return '';
  return btoa(JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature }));
}

function enhance(form: HTMLFormElement): void {
  /** Fields the person typed in: judged when left. A field merely passed through waits for the submit. */
  const typedIn = new Set<LeadField>();
  /** Fields whose message is shown: it follows each keystroke from then on. */
  const touched = new Set<LeadField>();
  const altchaField = document.getElementById(LEAD_FORM_ELEMENTS.altcha) as HTMLInputElement | null;
  const solving = proofOfWork(form.dataset.api ?? '/api')
    .catch(() => '')
    .then((value) => {
      if (altchaField) altchaField.value = value;
    });
  const fieldOf = (target: EventTarget | null) => {
    const name = (target as HTMLInputElement | null)?.name;
    return (LEAD_FIELDS as readonly string[]).includes(name ?? '') ? (name as LeadField) : undefined;
  };
  form.addEventListener('focusout', (event) => {
    const field = fieldOf(event.target);
    if (!field || field === 'perfil' || !typedIn.has(field)) return;
    touched.add(field);
    show(form, errorsOf(form), [field]);
  });
  form.addEventListener('input', (event) => {
    const field = fieldOf(event.target);
    if (!field) return;
    typedIn.add(field);
    if (field === 'perfil') {
      touched.add(field);
      toggleClinic(form);
    }
    // A message already shown follows the correction as it is typed; a fresh field is judged when left.
    if (touched.has(field)) show(form, errorsOf(form), [field]);
  });
  let sending = false;
  form.addEventListener('submit', (event) => {
    if (sending) return;
    event.preventDefault();
    const errors = errorsOf(form);
    for (const field of LEAD_FIELDS) touched.add(field);
    show(form, errors, LEAD_FIELDS);
    summarise(form, errors);
    if (Object.keys(errors).length > 0) return;
    sending = true;
    void solving.then(() => form.submit());
  });
  toggleClinic(form);
}

const form = document.getElementById(LEAD_FORM_ELEMENTS.form);
if (form instanceof HTMLFormElement) enhance(form);
