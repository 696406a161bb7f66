import type { ReactNode } from 'react';
import { z } from 'zod';
import { formatDateTimePtBr } from '../content/format-date-time.js';
import { DELIVERY_STATE_LABELS, deliveryKindLabel, LEAD_STATE_LABELS, leadProfileText } from '../content/lead-labels.js';
import { LEAD_STATES, type LeadState } from '../db/lead-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { mayWith } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import type { Editor } from '../workflow/editor-auth.js';
import { addLeadNote, changeLeadState, leadRecord, resendDelivery, type LeadRecord } from '../workflow/lead-desk.js';
import { LEAD_MESSAGES } from '../workflow/lead-messages.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { formText } from './form-fields.js';
import { AreaBar } from './layout/area-bar.js';
import { Forbidden } from './layout/forbidden.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, Loaded, PrivateLoadContext, PrivateRoute } from './page-route.js';
import { leadPath, PATHS } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

type FormName = 'estado' | 'nota' | 'entrega';

export interface LeadData {
  session: EditorSession;
  record: LeadRecord | null;
  apiBase: string;
  notice?: string;
  error?: { form: FormName; message: string };
  typedNote?: string;
  forbidden?: boolean;
}

const DONE = { estado: 'Estado salvo.', nota: 'Nota salva.', entrega: 'Entrega reenviada: ela volta para a fila agora.' } as const;
const DONE_PARAM = 'feito';
const NOTE_MAX = 5_000;

function ErrorFor({ form, error }: { form: FormName; error: LeadData['error'] }) {
  if (error?.form !== form) return null;
  return (
    <p className="area-error-box" role="alert">
      {error.message}
    </p>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const Time = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTimePtBr(iso)}</time>;

function LeadPage({ data }: { data: LeadData }) {
  const { session, record, apiBase, notice, error, typedNote, forbidden } = data;
  if (forbidden || !record) return <Forbidden session={session} />;
  const { lead, notes, deliveries } = record;
  const { consent, origin } = lead;
  const utm = Object.entries(origin.utm);
  return (
    <>
      <AreaBar session={session} current="contatos" />
      <section className="section area-page" aria-labelledby="contato-titulo">
        <div className="container area-narrow">
          <p>
            <a href={PATHS.leads}>← Contatos</a>
          </p>
          <h1 id="contato-titulo">{lead.name}</h1>
          {notice && (
            <p className="area-notice" role="status">
              {notice}
            </p>
          )}
          <dl className="area-item-facts">
            <Fact label="E-mail">
              <a href={`mailto:${lead.email}`}>{lead.email}</a>
            </Fact>
            <Fact label="Telefone">{lead.phone}</Fact>
            <Fact label="Perfil">{leadProfileText(lead)}</Fact>
            <Fact label="Especialidade">{lead.specialty ?? '—'}</Fact>
            <Fact label="Estado">{LEAD_STATE_LABELS[lead.state]}</Fact>
            <Fact label="Recebido em">
              <Time iso={lead.createdAt} />
            </Fact>
          </dl>
          {lead.message && (
            <section className="area-section" aria-labelledby="contato-mensagem">
              <h2 id="contato-mensagem">Mensagem</h2>
              <p className="area-lead-text">{lead.message}</p>
            </section>
          )}
          <p>
            <a className="button button-secondary button-small" href={`${apiBase}/contatos/${lead.id}`} download={`contato-${lead.id}.json`}>
              Exportar JSON
            </a>
          </p>
          <section className="area-section" aria-labelledby="contato-estado">
            <h2 id="contato-estado">Estado</h2>
            <ErrorFor form="estado" error={error} />
            <form method="post" action={leadPath(lead.id)} className="area-inline-form">
              <input type="hidden" name="acao" value="estado" />
              <label htmlFor="contato-estado-campo">Estado do contato</label>
              <select id="contato-estado-campo" name="estado" defaultValue={lead.state}>
                {LEAD_STATES.map((state) => (
                  <option key={state} value={state}>
                    {LEAD_STATE_LABELS[state]}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button-secondary button-small">
                Mudar estado
              </button>
            </form>
          </section>
          <section className="area-section" aria-labelledby="contato-notas">
            <h2 id="contato-notas">{`Notas (${notes.length})`}</h2>
            {notes.length > 0 && (
              <ol className="area-list">
                {notes.map((note) => (
                  <li key={note.id} className="area-item">
                    <p className="area-item-title">
                      <strong>{note.authorName}</strong>
                      {' · '}
                      <Time iso={note.createdAt} />
                    </p>
                    <p className="area-lead-text">{note.text}</p>
                  </li>
                ))}
              </ol>
            )}
            <ErrorFor form="nota" error={error} />
            <form className="area-form" method="post" action={leadPath(lead.id)}>
              <input type="hidden" name="acao" value="nota" />
              <div className="area-field">
                <label htmlFor="contato-nota">Nova nota</label>
                <textarea id="contato-nota" name="texto" rows={3} maxLength={NOTE_MAX} required defaultValue={typedNote} />
              </div>
              <button type="submit" className="button button-primary">
                Salvar nota
              </button>
            </form>
          </section>
          <section className="area-section" aria-labelledby="contato-origem">
            <h2 id="contato-origem">Origem</h2>
            <dl className="area-item-facts">
              <Fact label="Página">{origin.page ?? '—'}</Fact>
              <Fact label="Artigo">{origin.articleId === null ? '—' : `nº ${origin.articleId}`}</Fact>
              {utm.length === 0 ? (
                <Fact label="Campanha">—</Fact>
              ) : (
                utm.map(([key, value]) => (
                  <Fact key={key} label={`utm_${key}`}>
                    {value}
                  </Fact>
                ))
              )}
            </dl>
          </section>
          <section className="area-section" aria-labelledby="contato-consentimento">
            <h2 id="contato-consentimento">Prova de consentimento</h2>
            <dl className="area-item-facts">
              <Fact label="Quando">
                <Time iso={consent.at} />
              </Fact>
              <Fact label="Página">{consent.page}</Fact>
              <Fact label="Endereço (sem o último octeto)">{consent.truncatedAddress}</Fact>
              <Fact label="Versão dos textos">{consent.version}</Fact>
              <Fact label="Aceitou receber conteúdo por e-mail">{consent.marketingAccepted ? 'Sim (caixa marcada)' : 'Não (caixa desmarcada)'}</Fact>
            </dl>
            <h3>Texto do pedido</h3>
            <blockquote className="area-lead-text">{consent.requestText}</blockquote>
            <h3>Texto da caixa de conteúdo por e-mail</h3>
            <blockquote className="area-lead-text">{consent.marketingText}</blockquote>
          </section>
          <section className="area-section" aria-labelledby="contato-entregas">
            <h2 id="contato-entregas">Entregas</h2>
            <ErrorFor form="entrega" error={error} />
            {deliveries.length === 0 ? (
              <p>Nenhuma entrega para este contato.</p>
            ) : (
              <ol className="area-list">
                {deliveries.map((delivery) => (
                  <li key={delivery.id} className="area-item">
                    <p className="area-item-title">
                      <strong>{deliveryKindLabel(delivery.kind)}</strong>
                      {` · ${DELIVERY_STATE_LABELS[delivery.state]}`}
                    </p>
                    <dl className="area-item-facts">
                      <Fact label="Tentativas">{delivery.attempts}</Fact>
                      <Fact label="Criada em">
                        <Time iso={delivery.createdAt} />
                      </Fact>
                      <Fact label={delivery.deliveredAt ? 'Entregue em' : 'Próxima tentativa'}>
                        <Time iso={delivery.deliveredAt ?? delivery.nextAttemptAt} />
                      </Fact>
                      <Fact label="Última resposta">{delivery.lastAnswer ?? '—'}</Fact>
                    </dl>
                    {delivery.state === 'falhou' && (
                      <form method="post" action={leadPath(lead.id)}>
                        <input type="hidden" name="acao" value="reenviar" />
                        <input type="hidden" name="entrega" value={delivery.id} />
                        <button type="submit" className="button button-secondary button-small" aria-label={`Reenviar ${deliveryKindLabel(delivery.kind)} de ${formatDateTimePtBr(delivery.createdAt)}`}>
                          Reenviar
                        </button>
                      </form>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </section>
    </>
  );
}

const editorOf = (session: EditorSession): Editor => ({ author: session.autor, via: 'sessao', role: session.papel, personId: session.id_pessoa });
const idOf = (ctx: PrivateLoadContext) => (/^\d{1,15}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : null);
const allowed = (session: EditorSession) => mayWith(session.papel, session.permissoes, 'ver-contatos');

async function render(ctx: PrivateLoadContext, id: number, extra: Partial<LeadData> = {}, status: 200 | 400 | 404 | 409 = 200): Promise<Loaded<LeadData>> {
  const record = await leadRecord(ctx.deps.repo, id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (!record) return { status: 404 };
  return { status, data: { session: ctx.session!, record, apiBase: ctx.deps.config.apiBasePath, ...extra } };
}

async function act(ctx: PrivateLoadContext, id: number): Promise<{ done: FormName } | { form: FormName; message: string; typedNote?: string }> {
  const editor = editorOf(ctx.session!);
  switch (formText(ctx.req.body, 'acao')) {
    case 'estado': {
      const state = formText(ctx.req.body, 'estado');
      if (!(LEAD_STATES as readonly string[]).includes(state)) return { form: 'estado', message: LEAD_MESSAGES.stateInvalid };
      await changeLeadState(ctx.deps.repo, ctx.req, editor, id, state as LeadState);
      return { done: 'estado' };
    }
    case 'nota': {
      const typed = formText(ctx.req.body, 'texto');
      const text = typed.trim();
      if (!text) return { form: 'nota', message: LEAD_MESSAGES.noteMissing, typedNote: typed };
      if (text.length > NOTE_MAX) return { form: 'nota', message: LEAD_MESSAGES.noteTooLong, typedNote: typed.slice(0, NOTE_MAX * 2) };
      await addLeadNote(ctx.deps.repo, ctx.req, editor, id, text);
      return { done: 'nota' };
    }
    case 'reenviar': {
      const delivery = z.uuid().safeParse(formText(ctx.req.body, 'entrega'));
      if (!delivery.success) return { form: 'entrega', message: LEAD_MESSAGES.deliveryNotFound };
      await resendDelivery(ctx.deps.repo, ctx.req, editor, id, delivery.data);
      return { done: 'entrega' };
    }
    default:
      return { form: 'estado', message: LEAD_MESSAGES.stateInvalid };
  }
}

/** /editor/contatos/{id} (ver-contatos): the lead, its origin and consent proof, state, notes and delivery log with "Reenviar". */
export const leadPage: PrivateRoute<LeadData> = {
  id: 'lead',
  path: PATHS.lead,
  kind: 'private',
  session: 'required',
  async load(ctx) {
    if (!allowed(ctx.session!)) return { status: 403, data: { session: ctx.session!, record: null, apiBase: ctx.deps.config.apiBasePath, forbidden: true } };
    const id = idOf(ctx);
    if (id === null) return { status: 404 };
    const what = ctx.search.get(DONE_PARAM);
    return render(ctx, id, what && what in DONE ? { notice: DONE[what as FormName] } : {});
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    if (!allowed(ctx.session!)) return { status: 403, text: PEOPLE_MESSAGES.forbidden };
    const id = idOf(ctx);
    if (id === null) return { status: 404 };
    try {
      const outcome = await act(ctx, id);
      if ('done' in outcome) return { status: 303, location: `${leadPath(id)}?${DONE_PARAM}=${outcome.done}` };
      return render(ctx, id, { error: { form: outcome.form, message: outcome.message }, ...(outcome.typedNote !== undefined ? { typedNote: outcome.typedNote } : {}) }, 400);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const form: FormName = formText(ctx.req.body, 'acao') === 'reenviar' ? 'entrega' : formText(ctx.req.body, 'acao') === 'nota' ? 'nota' : 'estado';
      return render(ctx, id, { error: { form, message: error.messages.join(' ') } }, error.status === 409 ? 409 : error.status === 404 ? 404 : 400);
    }
  },
  meta: (_site, data) => privateMeta(data.record ? `/editor/contatos/${data.record.lead.id}` : PATHS.leads, data.record ? `Contato: ${data.record.lead.name}` : 'Contato', 'Um pedido de demonstração recebido pelo site.'),
  Component: LeadPage,
  documentAssets: areaAssets,
};
