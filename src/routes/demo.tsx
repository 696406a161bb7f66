import type { SiteConfig } from '../config.js';
import { LEAD_CONSENT } from '../content/lead-consent.js';
import { LEAD_FORM_ELEMENTS, LEAD_FORM_MESSAGES, LEAD_LIMITS, PROFILE_OPTIONS, type LeadField, type LeadFormErrors, type TypedLeadForm } from '../content/lead-form-rules.js';
import { marketingMeta } from '../seo/marketing-meta.js';
import type { PageMeta } from '../seo/page-meta.js';
import { leadOrigin, originPage, ownPageQuery, UTM_KEYS } from '../workflow/lead-origin.js';
import { formText } from './form-fields.js';
import { leadFormAssets } from './layout/page-assets.js';
import type { FormLoadContext, FormRoute } from './page-route.js';
import { DEMO_ORIGIN_PARAM, DEMO_ORIGIN_PARAM_BEFORE, PATHS } from './paths.js';

type UtmFields = Partial<Record<(typeof UTM_KEYS)[number], string>>;

export interface DemoData {
  /** The signed time token of this showing of the form. */
  token: string;
  /** Where the person came from, carried through the form. */
  origin: { page: string; utm: UtmFields };
  typed: TypedLeadForm;
  errors: LeadFormErrors;
  /** Past the hourly limit of this address (429). */
  limited: boolean;
  /** The API's base path: the script asks it for the proof-of-work challenge. */
  api: string;
}

export const DEMO_MESSAGES = {
  limited: 'Recebemos muitos pedidos deste endereço na última hora. Tente de novo mais tarde, ou fale conosco pelo WhatsApp.',
} as const;

const FIELD_IDS: Record<LeadField, string> = {
  nome: 'demo-nome',
  email: 'demo-email',
  telefone: 'demo-telefone',
  perfil: 'demo-perfil-medico-consultorio',
  profissionais: 'demo-profissionais',
  especialidade: 'demo-especialidade',
  mensagem: 'demo-mensagem',
};

const FIELD_LABELS: Record<LeadField, string> = {
  nome: 'Nome',
  email: 'E-mail',
  telefone: 'WhatsApp ou telefone',
  perfil: 'Você é',
  profissionais: 'Quantos profissionais atendem na clínica?',
  especialidade: 'Especialidade',
  mensagem: 'Mensagem',
};

const EMPTY_FORM: TypedLeadForm = { nome: '', email: '', telefone: '', perfil: '', profissionais: '', especialidade: '', mensagem: '', conteudo: false };

const errorId = (field: LeadField) => `${FIELD_IDS[field]}-erro`;

/** The message slot of a field: always there, so the script can fill it as the person types. */
function FieldError({ field, errors }: { field: LeadField; errors: LeadFormErrors }) {
  return (
    <p id={errorId(field)} className="form-error" data-erro={field}>
      {errors[field]}
    </p>
  );
}

function TextField(props: {
  field: LeadField;
  data: DemoData;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  maxLength: number;
  optional?: boolean;
  hint?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
}) {
  const { field, data, optional, hint } = props;
  const invalid = data.errors[field] !== undefined;
  const hintId = hint ? `${FIELD_IDS[field]}-dica` : undefined;
  return (
    <div className={invalid ? 'form-field form-field-invalid' : 'form-field'}>
      <label htmlFor={FIELD_IDS[field]}>
        {FIELD_LABELS[field]}
        {optional && <span className="form-optional"> (opcional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      <input
        id={FIELD_IDS[field]}
        name={field}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        required={!optional}
        defaultValue={data.typed[field]}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, errorId(field)].filter(Boolean).join(' ')}
      />
      <FieldError field={field} errors={data.errors} />
    </div>
  );
}

function DemoPage({ data }: { data: DemoData }) {
  const { errors, typed } = data;
  const wrong = (Object.keys(FIELD_IDS) as LeadField[]).filter((field) => errors[field] !== undefined);
  return (
    <>
      <section className="page-hero" aria-labelledby="demonstracao-titulo">
        <div className="container narrow">
          <p className="eyebrow">Demonstração gratuita</p>
          <h1 id="demonstracao-titulo">Agende uma demonstração</h1>
          <p className="lead">Conte um pouco sobre você e a sua rotina: um especialista mostra o prontuário, a agenda e a receita digital em 30 minutos, pelo WhatsApp ou por vídeo.</p>
        </div>
      </section>
      <section className="section demo-section" aria-label="Formulário de demonstração">
        <div className="container demo-container">
          <form id={LEAD_FORM_ELEMENTS.form} className="demo-form card" method="post" action={PATHS.demo} noValidate data-api={data.api}>
            {data.limited && (
              <p className="form-alert" role="alert">
                {DEMO_MESSAGES.limited}
              </p>
            )}
            <div id={LEAD_FORM_ELEMENTS.summary} className="form-alert" role="alert" tabIndex={-1} hidden={wrong.length === 0}>
              {wrong.length > 0 && (
                <>
                  <p>{LEAD_FORM_MESSAGES.summary}</p>
                  <ul>
                    {wrong.map((field) => (
                      <li key={field}>
                        <a href={`#${FIELD_IDS[field]}`}>
                          {FIELD_LABELS[field]}: {errors[field]}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
            <TextField field="nome" data={data} autoComplete="name" maxLength={LEAD_LIMITS.name} />
            <TextField field="email" data={data} type="email" autoComplete="email" maxLength={LEAD_LIMITS.email} />
            <TextField field="telefone" data={data} type="tel" autoComplete="tel" maxLength={LEAD_LIMITS.phone} hint="Com DDD. Se for WhatsApp, melhor." />
            <fieldset className={errors.perfil ? 'form-field form-field-invalid' : 'form-field'} aria-describedby={errorId('perfil')}>
              <legend>{FIELD_LABELS.perfil}</legend>
              {PROFILE_OPTIONS.map((option) => (
                <div className="form-choice" key={option.value}>
                  <input id={`demo-perfil-${option.value}`} type="radio" name="perfil" value={option.value} defaultChecked={typed.perfil === option.value} required />
                  <label htmlFor={`demo-perfil-${option.value}`}>{option.label}</label>
                </div>
              ))}
              <FieldError field="perfil" errors={errors} />
            </fieldset>
            <div data-so-clinica="">
              <TextField field="profissionais" data={data} inputMode="numeric" maxLength={5} optional hint="Só para clínicas: conte médicos e outros profissionais de saúde." />
            </div>
            <TextField field="especialidade" data={data} maxLength={LEAD_LIMITS.specialty} optional />
            <div className={errors.mensagem ? 'form-field form-field-invalid' : 'form-field'}>
              <label htmlFor={FIELD_IDS.mensagem}>
                {FIELD_LABELS.mensagem}
                <span className="form-optional"> (opcional)</span>
              </label>
              <textarea
                id={FIELD_IDS.mensagem}
                name="mensagem"
                rows={4}
                maxLength={LEAD_LIMITS.message}
                defaultValue={typed.mensagem}
                aria-invalid={errors.mensagem !== undefined || undefined}
                aria-describedby={errorId('mensagem')}
              />
              <FieldError field="mensagem" errors={errors} />
            </div>
            {/* A field people never see: programs that fill every field give themselves away. */}
            <div className="form-trap">
              <label htmlFor="demo-site">Deixe este campo em branco (não é para pessoas)</label>
              <input id="demo-site" name="site" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <p className="form-notice">
              {LEAD_CONSENT.requestText} Saiba mais na <a href={PATHS.privacy}>política de privacidade</a>.
            </p>
            <div className="form-choice form-consent">
              <input id="demo-conteudo" type="checkbox" name="conteudo" value="sim" defaultChecked={typed.conteudo} />
              <label htmlFor="demo-conteudo">{LEAD_CONSENT.marketingText}</label>
            </div>
            <input type="hidden" name="ficha" value={data.token} />
            <input type="hidden" name={DEMO_ORIGIN_PARAM} value={data.origin.page} />
            {UTM_KEYS.map((key) => (data.origin.utm[key] ? <input key={key} type="hidden" name={`utm_${key}`} value={data.origin.utm[key]} /> : null))}
            <input id={LEAD_FORM_ELEMENTS.altcha} type="hidden" name="altcha" value="" />
            <button type="submit" className="button button-primary button-block">
              Pedir demonstração
            </button>
          </form>
        </div>
      </section>
    </>
  );
}

export function demoMeta(site: SiteConfig): PageMeta {
  const page = {
    path: PATHS.demo,
    title: 'Agende uma demonstração do prontuário eletrônico',
    description: `Peça uma demonstração gratuita do ${site.productName}: prontuário eletrônico, agenda e receita digital para consultórios e clínicas, apresentados em 30 minutos por um especialista.`,
    keywords: ['demonstração prontuário eletrônico', 'software médico', 'agenda médica', 'clínica', 'consultório', site.productName],
  };
  const meta = marketingMeta(site, page);
  return { ...meta, jsonLd: meta.jsonLd.map((node) => ({ ...node, '@type': 'ContactPage' as const })) };
}

/** Every posted field as text, cut to a little above its limit (what is shown again is never more than was allowed). */
function typedFrom(body: unknown): TypedLeadForm {
  const text = (name: LeadField, max: number) => formText(body, name).slice(0, max * 2);
  return {
    nome: text('nome', LEAD_LIMITS.name),
    email: text('email', LEAD_LIMITS.email),
    telefone: text('telefone', LEAD_LIMITS.phone),
    perfil: text('perfil', 40),
    profissionais: text('profissionais', 10),
    especialidade: text('especialidade', LEAD_LIMITS.specialty),
    mensagem: text('mensagem', LEAD_LIMITS.message),
    conteudo: formText(body, 'conteudo') === 'sim',
  };
}

const utmOf = (read: (name: string) => string | undefined): UtmFields => Object.fromEntries(UTM_KEYS.map((key) => [key, read(`utm_${key}`)]));

/** The origin as the form carries it: checked again on every POST, as anything posted is. */
function carriedOrigin(page: string, utm: UtmFields) {
  const origin = leadOrigin(page, utm);
  return { origin, carried: { page: origin.page ?? '', utm: origin.utm } };
}

function siteOrigins(ctx: FormLoadContext): string[] {
  const host = ctx.req.get('host');
  return [new URL(ctx.deps.config.site.siteUrl).origin, ...(host ? [`${ctx.req.protocol}://${host}`] : [])];
}

/**
 * /demonstracao: the demonstration request. A plain form that works without JavaScript (POST, then 303 to
 * the thanks page); its own small script checks fields as they are typed and solves the proof of work.
 * Rendered for each visitor (a fresh time token), never cached, and indexable at its one address.
 */
export const demoPage: FormRoute<DemoData> = {
  id: 'demo',
  path: PATHS.demo,
  kind: 'form',
  indexable: true,
  async load(ctx) {
    const linked = ctx.search.get(DEMO_ORIGIN_PARAM) ?? ctx.search.get(DEMO_ORIGIN_PARAM_BEFORE) ?? undefined;
    const page = originPage(linked, ctx.req.get('referer'), siteOrigins(ctx), PATHS.demo);
    // A campaign's reader lands on an article (cached, the same for everyone) and follows its link here:
    // the campaign is in the Referer, our own page's address, unless this address names one itself.
    const ownCampaign = UTM_KEYS.some((key) => ctx.search.has(`utm_${key}`));
    const campaign = ownCampaign ? ctx.search : ownPageQuery(ctx.req.get('referer'), siteOrigins(ctx));
    const { carried } = carriedOrigin(page ?? '', utmOf((name) => campaign.get(name) ?? undefined));
    const token = await ctx.forms.leads.issueToken();
    return { status: 200, data: { token, origin: carried, typed: EMPTY_FORM, errors: {}, limited: false, api: ctx.deps.config.apiBasePath } };
  },
  async action(ctx) {
    const body: unknown = ctx.req.body;
    const typed = typedFrom(body);
    const { origin, carried } = carriedOrigin(formText(body, DEMO_ORIGIN_PARAM) || formText(body, DEMO_ORIGIN_PARAM_BEFORE), utmOf((name) => formText(body, name)));
    const token = formText(body, 'ficha').slice(0, 200);
    const outcome = await ctx.forms.leads.submit({
      typed,
      token,
      honeypot: formText(body, 'site'),
      altcha: formText(body, 'altcha').slice(0, 2_000),
      origin,
      page: PATHS.demo,
      address: ctx.req.ip,
    });
    const again = { token, origin: carried, typed, api: ctx.deps.config.apiBasePath };
    switch (outcome.kind) {
      case 'stored':
      case 'discarded':
        return { status: 303, location: PATHS.demoThanks };
      case 'invalid':
        return { status: 422, data: { ...again, errors: outcome.errors, limited: false } };
      case 'limited':
        ctx.res.setHeader('Retry-After', String(outcome.retryAfterSeconds));
        return { status: 429, data: { ...again, errors: {}, limited: true } };
    }
  },
  meta: (site) => demoMeta(site),
  Component: DemoPage,
  documentAssets: leadFormAssets,
};
