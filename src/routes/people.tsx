import { z } from 'zod';
import { formatDateAtTimePtBr, formatDateTimePtBr } from '../content/format-date-time.js';
import type { PendingInvitation, Person } from '../db/people-store.js';
import { ApiError } from '../lib/api-error.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { GRANT_LABELS, may, ROLE_LABELS, ROLES, type Role } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { recordAudit } from '../workflow/audit-trail.js';
import type { Editor } from '../workflow/editor-auth.js';
import { assertManagesPeople, changePerson, invitePerson, issuePasswordReset, resendInvitation, type SentInvitation } from '../workflow/people-admin.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { AreaBar } from './layout/area-bar.js';
import { Forbidden } from './layout/forbidden.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, LoaderDeps, PrivateLoadContext, PrivateRoute, Rendered } from './page-route.js';
import { formText } from './form-fields.js';
import { PATHS, personProfilePath } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

type FormName = 'convite' | 'pessoa' | 'passkey';

export interface PeopleData {
  session: EditorSession;
  people: Person[];
  passkeyRoles: Role[];
  /** The invitations not yet accepted, with until when their link works. */
  pending: PendingInvitation[];
  /**
   * Right after an invitation (or sending it again): that it went by e-mail, or else its one-time link,
   * shown this once.
   */
  invited?: { nome: string; email: string; convite_url: string; enviado: boolean; again: boolean };
  /** Right after an administrator asked for it: a person's one-time password reset link, shown this once. */
  resetLink?: { nome: string; url: string };
  notice?: string;
  error?: { form: FormName; message: string };
  typed?: { nome: string; email: string; papel: string };
  /** The role may not manage people: the page says so and shows nothing else. */
  forbidden?: boolean;
}

const DONE = { pessoa: 'Alteração salva.', passkey: 'Exigência de chave de acesso salva.', permissoes: 'Permissões salvas.' } as const;
const DONE_PARAM = 'feito';

const fields = (body: unknown, name: string): string[] => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
};

const invitationSchema = z.object({
  nome: z.string().trim().min(1, { error: PEOPLE_MESSAGES.nameMissing }).max(120, { error: PEOPLE_MESSAGES.nameMissing }),
  email: z.email({ error: PEOPLE_MESSAGES.emailInvalid }).max(254, { error: PEOPLE_MESSAGES.emailInvalid }),
  papel: z.enum(ROLES, { error: PEOPLE_MESSAGES.roleInvalid }),
});
const roleSchema = z.enum(ROLES, { error: PEOPLE_MESSAGES.roleInvalid });
const idSchema = z.coerce.number().int().positive();

function ErrorFor({ form, error }: { form: FormName; error: PeopleData['error'] }) {
  if (error?.form !== form) return null;
  return (
    <p className="area-error-box" role="alert">
      {error.message}
    </p>
  );
}

function RoleOptions() {
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

/** "Convite pendente" and until when its link works, or that it has expired, then a button to send a new one. */
function PendingInvitationFacts({ person, expira_em }: { person: Person; expira_em: string }) {
  const expired = Date.parse(expira_em) <= Date.now();
  return (
    <div>
      <dt>Convite</dt>
      <dd className="area-person-invitation">
        <strong>Convite pendente</strong>
        {` (${expired ? 'venceu em' : 'expira em'} ${formatDateAtTimePtBr(expira_em)})`}
        <form method="post" action={PATHS.people}>
          <input type="hidden" name="acao" value="reenviar" />
          <input type="hidden" name="id" value={person.id} />
          <button type="submit" className="button button-secondary button-small" aria-label={`Reenviar convite a ${person.nome}`}>
            Reenviar convite
          </button>
        </form>
      </dd>
    </div>
  );
}

function PersonItem({ person, invitationExpires }: { person: Person; invitationExpires: string | undefined }) {
  const roleId = `papel-${person.id}`;
  const seesLeads = person.permissoes.includes('ver-contatos');
  return (
    <li className="area-item">
      <h3 className="area-item-title">{person.nome}</h3>
      <dl className="area-item-facts">
        <div>
          <dt>E-mail</dt>
          <dd>{person.email}</dd>
        </div>
        <div>
          <dt>Papel</dt>
          <dd>{ROLE_LABELS[person.papel]}</dd>
        </div>
        <div>
          <dt>Situação</dt>
          <dd>{person.ativo ? 'Ativa' : 'Desativada'}</dd>
        </div>
        <div>
          <dt>Convidada em</dt>
          <dd>{formatDateTimePtBr(person.criada_em)}</dd>
        </div>
        {invitationExpires && <PendingInvitationFacts person={person} expira_em={invitationExpires} />}
        <div>
          <dt>Permissões além do papel</dt>
          <dd>{person.permissoes.length === 0 ? 'Nenhuma' : person.permissoes.map((grant) => GRANT_LABELS[grant]).join(', ')}</dd>
        </div>
      </dl>
      <div className="area-person-actions">
        <form method="post" action={PATHS.people} className="area-inline-form">
          <input type="hidden" name="acao" value="papel" />
          <input type="hidden" name="id" value={person.id} />
          <label htmlFor={roleId}>{`Papel de ${person.nome}`}</label>
          <select id={roleId} name="papel" defaultValue={person.papel}>
            <RoleOptions />
          </select>
          <button type="submit" className="button button-secondary button-small">
            Mudar papel
          </button>
        </form>
        {person.ativo && (
          <form method="post" action={PATHS.people}>
            <input type="hidden" name="acao" value="redefinicao" />
            <input type="hidden" name="id" value={person.id} />
            <button type="submit" className="button button-secondary button-small" aria-label={`Gerar link de redefinição de senha de ${person.nome}`}>
              Gerar link de redefinição de senha
            </button>
          </form>
        )}
        <form method="post" action={PATHS.people}>
          <input type="hidden" name="acao" value="contatos" />
          <input type="hidden" name="id" value={person.id} />
          <input type="hidden" name="conceder" value={seesLeads ? 'nao' : 'sim'} />
          <button type="submit" className="button button-secondary button-small" aria-label={`${seesLeads ? 'Retirar' : 'Dar'} acesso aos contatos a ${person.nome}`}>
            {seesLeads ? 'Retirar acesso aos contatos' : 'Dar acesso aos contatos'}
          </button>
        </form>
        <a className="button button-secondary button-small" href={personProfilePath(person.id)} aria-label={`Perfil público de ${person.nome}`}>
          Perfil público
        </a>
        <form method="post" action={PATHS.people}>
          <input type="hidden" name="acao" value="ativo" />
          <input type="hidden" name="id" value={person.id} />
          <input type="hidden" name="ativo" value={person.ativo ? 'nao' : 'sim'} />
          <button type="submit" className="button button-secondary button-small" aria-label={`${person.ativo ? 'Desativar' : 'Reativar'} ${person.nome}`}>
            {person.ativo ? 'Desativar' : 'Reativar'}
          </button>
        </form>
      </div>
    </li>
  );
}

/** The e-mail went (SMTP set), or else the one-time link to copy and hand over. */
function InvitationSent({ invited }: { invited: NonNullable<PeopleData['invited']> }) {
  const what = invited.again ? 'Convite reenviado' : 'Convite criado';
  if (invited.enviado) {
    return (
      <p className="area-notice" role="status">
        {`${invited.again ? 'Convite reenviado' : 'Convite enviado'} por e-mail para ${invited.email}. O link vale 7 dias e funciona uma vez${invited.again ? '; o anterior deixou de funcionar' : ''}.`}
      </p>
    );
  }
  return (
    <div className="area-notice" role="status">
      <p>{`${what} para ${invited.nome}. Envie este link à pessoa: ele vale 7 dias, funciona uma vez e não será mostrado de novo.${invited.again ? ' O link anterior deixou de funcionar.' : ''}`}</p>
      <label htmlFor="convite-link">Link do convite</label>
      <input id="convite-link" className="area-copy" type="text" readOnly value={invited.convite_url} />
    </div>
  );
}

function PeoplePage({ data }: { data: PeopleData }) {
  const { session, people, passkeyRoles, pending, invited, resetLink, notice, error, typed, forbidden } = data;
  if (forbidden) return <Forbidden session={session} />;
  const expiries = new Map(pending.map((invitation) => [invitation.id_pessoa, invitation.expira_em]));
  return (
    <>
      <AreaBar session={session} current="pessoas" />
      <section className="section area-page" aria-labelledby="pessoas-titulo">
        <div className="container area-narrow">
          <h1 id="pessoas-titulo">Pessoas</h1>
          <p className="lead">Quem escreve, revisa e publica: cada pessoa com a sua conta e o seu papel.</p>
          {notice && (
            <p className="area-notice" role="status">
              {notice}
            </p>
          )}
          <section className="area-section" aria-labelledby="pessoas-convite">
            <h2 id="pessoas-convite">Convidar</h2>
            {invited && !invited.again && <InvitationSent invited={invited} />}
            <ErrorFor form="convite" error={error} />
            <form className="area-form" method="post" action={PATHS.people}>
              <input type="hidden" name="acao" value="convidar" />
              <div className="area-field">
                <label htmlFor="convite-nome">Nome</label>
                <input id="convite-nome" name="nome" type="text" maxLength={120} required defaultValue={typed?.nome} />
              </div>
              <div className="area-field">
                <label htmlFor="convite-email">E-mail</label>
                <input id="convite-email" name="email" type="email" required defaultValue={typed?.email} />
              </div>
              <div className="area-field">
                <label htmlFor="convite-papel">Papel</label>
                <select id="convite-papel" name="papel" defaultValue={typed?.papel ?? 'colaborador'}>
                  <RoleOptions />
                </select>
              </div>
              <button type="submit" className="button button-primary">
                Convidar
              </button>
            </form>
          </section>
          <section className="area-section" aria-labelledby="pessoas-lista">
            <h2 id="pessoas-lista">{`Pessoas (${people.length})`}</h2>
            {resetLink && (
              <div className="area-notice" role="status">
                <p>{`Link de redefinição de senha de ${resetLink.nome} criado. Envie-o à pessoa: ele vale 24 horas, funciona uma vez e não será mostrado de novo.`}</p>
                <label htmlFor="redefinicao-link">Link de redefinição de senha</label>
                <input id="redefinicao-link" className="area-copy" type="text" readOnly value={resetLink.url} />
              </div>
            )}
            {invited?.again && <InvitationSent invited={invited} />}
            <ErrorFor form="pessoa" error={error} />
            {people.length === 0 ? (
              <p>Ninguém convidado ainda. Por enquanto, só as chaves de editor configuradas no servidor entram.</p>
            ) : (
              <ul className="area-list">
                {people.map((person) => (
                  <PersonItem key={person.id} person={person} invitationExpires={expiries.get(person.id)} />
                ))}
              </ul>
            )}
          </section>
          <section className="area-section" aria-labelledby="pessoas-passkey">
            <h2 id="pessoas-passkey">Chave de acesso obrigatória</h2>
            <p>Quem tiver um destes papéis e entrar com senha precisa cadastrar uma chave de acesso (passkey) antes de qualquer outra coisa.</p>
            <ErrorFor form="passkey" error={error} />
            <form className="area-form" method="post" action={PATHS.people}>
              <input type="hidden" name="acao" value="passkey" />
              <fieldset className="area-checks">
                <legend>Papéis que precisam de chave de acesso</legend>
                {ROLES.map((role) => (
                  <label key={role} className="area-check">
                    <input type="checkbox" name="papeis" value={role} defaultChecked={passkeyRoles.includes(role)} />
                    {ROLE_LABELS[role]}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="button button-primary">
                Salvar exigência
              </button>
            </form>
          </section>
        </div>
      </section>
    </>
  );
}

async function peopleData(deps: LoaderDeps, session: EditorSession, extra: Partial<PeopleData> = {}): Promise<PeopleData> {
  const [people, passkeyRoles, pending] = await Promise.all([deps.repo.people.list(), deps.repo.passkeys.requiredRoles(), deps.repo.people.pendingInvitations()]);
  return { session, people, passkeyRoles, pending, ...extra };
}

type Answer = Rendered<PeopleData> | { status: 303; location: string } | { status: 403; text: string };

const editorOf = (session: EditorSession): Editor => ({ author: session.autor, via: 'sessao', role: session.papel, personId: session.id_pessoa });

async function refused(ctx: PrivateLoadContext, form: FormName, error: ApiError | string, typed?: PeopleData['typed']): Promise<Answer> {
  const message = typeof error === 'string' ? error : error.messages.join(' ');
  const status = typeof error === 'string' ? 400 : error.status === 409 ? 409 : error.status === 403 ? 403 : 400;
  return { status, data: await peopleData(ctx.deps, ctx.session!, { error: { form, message }, ...(typed ? { typed } : {}) }) };
}

async function invite(ctx: PrivateLoadContext, editor: Editor): Promise<Answer> {
  const typed = { nome: formText(ctx.req.body, 'nome').slice(0, 200), email: formText(ctx.req.body, 'email').slice(0, 300), papel: formText(ctx.req.body, 'papel') };
  const parsed = invitationSchema.safeParse(typed);
  if (!parsed.success) return refused(ctx, 'convite', parsed.error.issues[0]!.message, typed);
  return sent(ctx, await invitePerson(ctx.deps.repo, ctx.req, editor, parsed.data, ctx.deps.workflow.links), false);
}

async function sent(ctx: PrivateLoadContext, { person, convite_url, enviado }: SentInvitation, again: boolean): Promise<Answer> {
  return { status: 200, data: await peopleData(ctx.deps, ctx.session!, { invited: { nome: person.nome, email: person.email, convite_url, enviado, again } }) };
}

async function resend(ctx: PrivateLoadContext, editor: Editor): Promise<Answer> {
  const id = idSchema.safeParse(formText(ctx.req.body, 'id'));
  if (!id.success) return refused(ctx, 'pessoa', PEOPLE_MESSAGES.personNotFound);
  return sent(ctx, await resendInvitation(ctx.deps.repo, ctx.req, editor, id.data, ctx.deps.workflow.links), true);
}

async function issueReset(ctx: PrivateLoadContext, editor: Editor): Promise<Answer> {
  const id = idSchema.safeParse(formText(ctx.req.body, 'id'));
  if (!id.success) return refused(ctx, 'pessoa', PEOPLE_MESSAGES.personNotFound);
  const { person, url } = await issuePasswordReset(ctx.deps.repo, ctx.req, editor, id.data, ctx.deps.workflow.links);
  return { status: 200, data: await peopleData(ctx.deps, ctx.session!, { resetLink: { nome: person.nome, url } }) };
}

async function change(ctx: PrivateLoadContext, editor: Editor, what: 'papel' | 'ativo'): Promise<Answer> {
  const id = idSchema.safeParse(formText(ctx.req.body, 'id'));
  if (!id.success) return refused(ctx, 'pessoa', PEOPLE_MESSAGES.personNotFound);
  const papel = roleSchema.safeParse(formText(ctx.req.body, 'papel'));
  if (what === 'papel' && !papel.success) return refused(ctx, 'pessoa', PEOPLE_MESSAGES.roleInvalid);
  await changePerson(ctx.deps.repo, ctx.req, editor, id.data, what === 'papel' ? { papel: papel.data! } : { ativo: formText(ctx.req.body, 'ativo') === 'sim' });
  return { status: 303, location: `${PATHS.people}?${DONE_PARAM}=pessoa` };
}

/** Grants or withdraws ver-contatos, keeping the person's other rights. */
async function grantLeads(ctx: PrivateLoadContext, editor: Editor): Promise<Answer> {
  const id = idSchema.safeParse(formText(ctx.req.body, 'id'));
  const person = id.success ? await ctx.deps.repo.people.get(id.data) : null;
  if (!person) return refused(ctx, 'pessoa', PEOPLE_MESSAGES.personNotFound);
  const others = person.permissoes.filter((grant) => grant !== 'ver-contatos');
  await changePerson(ctx.deps.repo, ctx.req, editor, person.id, { permissoes: formText(ctx.req.body, 'conceder') === 'sim' ? [...others, 'ver-contatos'] : others });
  return { status: 303, location: `${PATHS.people}?${DONE_PARAM}=permissoes` };
}

async function requirePasskeys(ctx: PrivateLoadContext, editor: Editor): Promise<Answer> {
  const roles = z.array(roleSchema).safeParse(fields(ctx.req.body, 'papeis'));
  if (!roles.success) return refused(ctx, 'passkey', PEOPLE_MESSAGES.roleInvalid);
  assertManagesPeople(editor);
  await ctx.deps.repo.passkeys.setRequiredRoles([...new Set(roles.data)]);
  await recordAudit(ctx.deps.repo.audit, ctx.req, editor, 'exigiu-passkey', { detalhes: { papeis: roles.data } });
  return { status: 303, location: `${PATHS.people}?${DONE_PARAM}=passkey` };
}

/** /editor/pessoas (administrators): invite, change roles, grant access to the leads, deactivate, hand over password reset links, and require passkeys by role. */
export const peoplePage: PrivateRoute<PeopleData> = {
  id: 'people',
  path: PATHS.people,
  kind: 'private',
  session: 'required',
  async load({ deps, session, search }) {
    if (!may(session!.papel, 'gerir-pessoas')) return { status: 403, data: { session: session!, people: [], passkeyRoles: [], pending: [], forbidden: true } };
    const what = search.get(DONE_PARAM);
    return { status: 200, data: await peopleData(deps, session!, what && what in DONE ? { notice: DONE[what as keyof typeof DONE] } : {}) };
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const editor = editorOf(ctx.session!);
    const form: FormName = formText(ctx.req.body, 'acao') === 'convidar' ? 'convite' : formText(ctx.req.body, 'acao') === 'passkey' ? 'passkey' : 'pessoa';
    try {
      assertManagesPeople(editor);
      switch (formText(ctx.req.body, 'acao')) {
        case 'convidar':
          return await invite(ctx, editor);
        case 'papel':
          return await change(ctx, editor, 'papel');
        case 'ativo':
          return await change(ctx, editor, 'ativo');
        case 'redefinicao':
          return await issueReset(ctx, editor);
        case 'reenviar':
          return await resend(ctx, editor);
        case 'contatos':
          return await grantLeads(ctx, editor);
        case 'passkey':
          return await requirePasskeys(ctx, editor);
        default:
          return { status: 303, location: PATHS.people };
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 403) return { status: 403, text: PEOPLE_MESSAGES.forbidden };
      return refused(ctx, form, error);
    }
  },
  meta: () => privateMeta(PATHS.people, 'Pessoas', 'Pessoas da área dos editores, papéis e convites.'),
  Component: PeoplePage,
  documentAssets: areaAssets,
};
