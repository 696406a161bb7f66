import { formatDateTimePtBr } from '../content/format-date-time.js';
import type { KeyRevocation, PersonalKey } from '../db/personal-key.js';
import type { OpenSession, SignInMethod } from '../db/session-store.js';
import { browserLabel } from '../people/browser-label.js';
import { CurrentPasswordField } from './layout/current-password-field.js';
import { PATHS } from './paths.js';

/** Why a key stopped working without its owner revoking it, as its owner reads it. */
const REVOCATION_LABELS: Record<KeyRevocation, string> = {
  'troca-de-senha': 'com a troca de senha',
  'redefinicao-de-senha': 'com a redefinição de senha',
  desativacao: 'com a desativação da conta',
};

const METHOD_LABELS: Record<SignInMethod, string> = {
  chave: 'chave de editor',
  senha: 'e-mail e senha',
  passkey: 'chave de acesso',
};

export interface CredentialsData {
  keys: PersonalKey[];
  sessions: (OpenSession & { atual: boolean })[];
  /** A key just created: shown this once, never again. */
  newKey?: { nome: string; chave: string };
  error?: { form: 'chave' | 'sessao'; message: string };
}

/** The refusal of one of the account page's forms, said beside it. */
export function ErrorFor<F extends string>({ form, error }: { form: F; error: { form: string; message: string } | undefined }) {
  if (error?.form !== form) return null;
  return (
    <p id={`conta-${form}-erro`} className="area-error-box" role="alert">
      {error.message}
    </p>
  );
}

/** A credential in a list: its name, when it was made and used, and the form that ends it. */
export function CredentialItem({ title, detail, acao, id, label, button }: { title: string; detail: string; acao: string; id: string | number; label: string; button: string }) {
  return (
    <li className="area-item area-list-item">
      <div>
        <strong>{title}</strong>
        <p className="area-list-detail">{detail}</p>
      </div>
      <form method="post" action={PATHS.account}>
        <input type="hidden" name="acao" value={acao} />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="button button-secondary button-small" aria-label={label}>
          {button}
        </button>
      </form>
    </li>
  );
}

/** "Criada em …· usada pela última vez em …" of a passkey or an API key. */
export const usageDetail = (made: string, criada_em: string, usada_em: string | null) =>
  `${made} em ${formatDateTimePtBr(criada_em)}${usada_em ? ` · usada pela última vez em ${formatDateTimePtBr(usada_em)}` : ' · ainda não usada'}`;

function KeyItem({ apiKey }: { apiKey: PersonalKey }) {
  const { id, nome, criada_em, usada_em, revogada_em, revogada_por } = apiKey;
  if (revogada_em === null || revogada_por === null) {
    return <CredentialItem title={nome} detail={usageDetail('Criada', criada_em, usada_em)} acao="revogar-chave" id={id} label={`Revogar a chave de API ${nome}`} button="Revogar" />;
  }
  return (
    <CredentialItem
      title={`${nome} (revogada)`}
      detail={`Revogada ${REVOCATION_LABELS[revogada_por]} em ${formatDateTimePtBr(revogada_em)}: não funciona mais. ${usageDetail('Criada', criada_em, usada_em)}`}
      acao="esquecer-chave"
      id={id}
      label={`Tirar da lista a chave de API revogada ${nome}`}
      button="Tirar da lista"
    />
  );
}

/** Personal API keys: create one (shown once), see when each was last used, revoke. */
export function ApiKeysSection({ keys, newKey, error }: CredentialsData) {
  return (
    <section className="area-section" aria-labelledby="conta-chaves">
      <h2 id="conta-chaves">Chaves de API pessoais</h2>
      <p>
        Para integrações e scripts que publicam pela API: a chave vai no campo <code>key</code> ou no cabeçalho <code>Authorization: Bearer</code>, e
        pode o mesmo que o seu papel. Revogue a que não usar mais. Trocar ou redefinir a senha revoga todas as chaves criadas até ali.
      </p>
      {newKey && (
        <div className="area-notice" role="status">
          <p>{`Chave “${newKey.nome}” criada. Copie agora: ela não será mostrada de novo.`}</p>
          <label htmlFor="conta-chave-nova">Chave</label>
          <input id="conta-chave-nova" className="area-copy" type="text" readOnly value={newKey.chave} />
        </div>
      )}
      <ErrorFor form="chave" error={error} />
      {keys.length === 0 ? (
        <p>Nenhuma chave de API criada.</p>
      ) : (
        <ul className="area-list">
          {keys.map((key) => (
            <KeyItem key={key.id} apiKey={key} />
          ))}
        </ul>
      )}
      <form className="area-form" method="post" action={PATHS.account}>
        <input type="hidden" name="acao" value="criar-chave" />
        <div className="area-field">
          <label htmlFor="chave-nome">Nome da nova chave</label>
          <input id="chave-nome" name="nome" type="text" maxLength={60} required placeholder="Ex.: Integração da agenda" />
        </div>
        <CurrentPasswordField id="chave-senha-atual" />
        <button type="submit" className="button button-primary">
          Criar chave de API
        </button>
      </form>
    </section>
  );
}

/** Open sessions: where and how each was opened, and a way to end the ones not recognised. */
export function SessionsSection({ sessions, error }: CredentialsData) {
  return (
    <section className="area-section" aria-labelledby="conta-sessoes">
      <h2 id="conta-sessoes">Sessões abertas</h2>
      <p>Os aparelhos em que a sua conta está conectada. Encerre a sessão que você não reconhecer e troque a senha.</p>
      <ErrorFor form="sessao" error={error} />
      <ul className="area-list">
        {sessions.map((session) => (
          <li key={session.id} className="area-item area-list-item">
            <div>
              <strong>{browserLabel(session.navegador)}</strong>
              {session.atual && <span className="area-badge">Esta sessão</span>}
              <p className="area-list-detail">
                {`Entrou com ${METHOD_LABELS[session.metodo]} em ${formatDateTimePtBr(session.criada_em)}`}
                {session.endereco ? ` · endereço ${session.endereco}` : ''}
              </p>
            </div>
            {!session.atual && (
              <form method="post" action={PATHS.account}>
                <input type="hidden" name="acao" value="encerrar-sessao" />
                <input type="hidden" name="id" value={session.id} />
                <button type="submit" className="button button-secondary button-small" aria-label={`Encerrar a sessão de ${browserLabel(session.navegador)}`}>
                  Encerrar
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
