import { formatDateTimePtBr } from '../content/format-date-time.js';
import type { ShareLinkSummary } from '../db/share-link-store.js';
import { SHARE_DAYS, shareState, type ShareState } from '../workflow/share-links.js';
import { shareLinksPath } from './paths.js';

const STATE_LABELS: Record<ShareState, string> = { aberta: 'Ativo', expirada: 'Vencido', revogada: 'Revogado', esgotada: 'Visualizações esgotadas' };

/**
 * "Prévias para quem não tem conta" on the article's editor page: the links made, their views and
 * state, a form to make one and a button to revoke each. Plain forms: it works before any script loads.
 */
export function ShareLinksPanel({ id, links, now }: { id: number; links: ShareLinkSummary[]; now: string }) {
  const action = shareLinksPath(id);
  return (
    <section className="share-links" aria-labelledby="previas-titulo">
      <h2 id="previas-titulo">Prévias para quem não tem conta</h2>
      <p>Um link só de leitura da versão salva agora, para um médico consultado ou um advogado. Salvar depois não muda o que o link mostra.</p>
      <form method="post" action={action} className="share-links-form">
        <input type="hidden" name="acao" value="criar" />
        <label>
          Vale por (dias)
          <input type="number" name="dias" min={SHARE_DAYS.min} max={SHARE_DAYS.max} defaultValue={SHARE_DAYS.default} required />
        </label>
        <label>
          Máximo de visualizações (opcional)
          <input type="number" name="max_visualizacoes" min={1} />
        </label>
        <button type="submit" className="button button-small">
          Criar link de prévia
        </button>
      </form>
      {links.length === 0 ? (
        <p>Nenhum link de prévia criado.</p>
      ) : (
        <table className="share-links-table">
          <caption>Links de prévia deste artigo</caption>
          <thead>
            <tr>
              <th scope="col">Criado em</th>
              <th scope="col">Vale até</th>
              <th scope="col">Visualizações</th>
              <th scope="col">Situação</th>
              <th scope="col">Ação</th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => {
              const state = shareState(link, now);
              return (
                <tr key={link.id}>
                  <td>{formatDateTimePtBr(link.criado_em)}</td>
                  <td>{formatDateTimePtBr(link.expira_em)}</td>
                  <td>{link.max_visualizacoes === null ? link.visualizacoes : `${link.visualizacoes} de ${link.max_visualizacoes}`}</td>
                  <td>{STATE_LABELS[state]}</td>
                  <td>
                    {state === 'aberta' ? (
                      <form method="post" action={action}>
                        <input type="hidden" name="acao" value="revogar" />
                        <input type="hidden" name="previa" value={link.id} />
                        <button type="submit" className="button button-secondary button-small">
                          Revogar
                        </button>
                      </form>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
