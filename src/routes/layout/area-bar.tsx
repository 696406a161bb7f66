import { Logo } from '../../components/logo.js';
import { may, mayWith, type Grant, type Role } from '../../people/roles.js';
import { PATHS } from '../paths.js';

type AreaLink = 'artigos' | 'novo' | 'revisoes' | 'calendario' | 'imagens' | 'conta' | 'pessoas' | 'auditoria' | 'contatos' | 'estatisticas' | 'importar';

interface AreaBarProps {
  /**
   * The role decides which links appear; a page without it (the article form in the browser) shows the
   * common ones. `revisoes`, read with the session: reviews overdue, due and pending (issue 33), "Revisões (N)".
   */
  session: { autor: string; papel?: Role; permissoes?: Grant[]; revisoes?: number };
  /** Which link of the bar is the page being shown, if any. */
  current?: AreaLink;
}

const LINKS: { id: AreaLink; href: string; label: string; shown(role: Role | undefined, grants: Grant[]): boolean }[] = [
  { id: 'artigos', href: PATHS.editorHome, label: 'Artigos', shown: () => true },
  { id: 'novo', href: PATHS.newArticle, label: 'Novo artigo', shown: () => true },
  { id: 'revisoes', href: PATHS.reviewQueue, label: 'Revisões', shown: () => true },
  { id: 'imagens', href: PATHS.mediaLibrary, label: 'Imagens', shown: (role) => role !== 'colaborador' },
  { id: 'calendario', href: PATHS.calendar, label: 'Calendário', shown: () => true },
  { id: 'pessoas', href: PATHS.people, label: 'Pessoas', shown: (role) => role !== undefined && may(role, 'gerir-pessoas') },
  { id: 'contatos', href: PATHS.leads, label: 'Contatos', shown: (role, grants) => role !== undefined && mayWith(role, grants, 'ver-contatos') },
  { id: 'estatisticas', href: PATHS.statistics, label: 'Estatísticas', shown: (role, grants) => role !== undefined && mayWith(role, grants, 'ver-estatisticas') },
  { id: 'importar', href: PATHS.importArchive, label: 'Importar', shown: (role, grants) => role !== undefined && mayWith(role, grants, 'importar') },
  { id: 'auditoria', href: PATHS.audit, label: 'Auditoria', shown: (role) => role !== undefined && may(role, 'ler-auditoria') },
  { id: 'conta', href: PATHS.account, label: 'Minha conta', shown: () => true },
];

/**
 * The signed-in editor's bar on every area page, and the only one: the area's stylesheet hides the
 * site's header above it, so the brand (the way back to the site) is here. "Sair" is a form: it works
 * before any script loads.
 */
export function AreaBar({ session, current }: AreaBarProps) {
  const reviews = session.revisoes;
  return (
    <div className="area-bar">
      <div className="container area-bar-inner">
        <Logo className="logo area-logo" />
        <nav aria-label="Área do editor">
          <ul className="area-nav">
            {LINKS.filter((link) => link.shown(session.papel, session.permissoes ?? [])).map((link) => (
              <li key={link.id}>
                <a href={link.href} aria-current={current === link.id ? 'page' : undefined}>
                  {link.id === 'revisoes' && reviews !== undefined ? `${link.label} (${reviews.toLocaleString('pt-BR')})` : link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="area-user">
          <span>
            Conectado como <strong>{session.autor}</strong>
          </span>
          <form method="post" action={PATHS.signOut}>
            <button type="submit" className="button button-secondary button-small">
              Sair
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
