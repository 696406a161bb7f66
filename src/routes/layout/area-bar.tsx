import { PATHS } from '../paths.js';

interface AreaBarProps {
  session: { autor: string };
  /** Which link of the bar is the page being shown, if any. */
  current?: 'artigos' | 'novo';
}

/** The signed-in editor's bar on every area page. "Sair" is a form: it works before any script loads. */
export function AreaBar({ session, current }: AreaBarProps) {
  return (
    <div className="area-bar">
      <div className="container area-bar-inner">
        <nav aria-label="Área do editor">
          <ul className="area-nav">
            <li>
              <a href={PATHS.editorHome} aria-current={current === 'artigos' ? 'page' : undefined}>
                Artigos
              </a>
            </li>
            <li>
              <a href={PATHS.newArticle} aria-current={current === 'novo' ? 'page' : undefined}>
                Novo artigo
              </a>
            </li>
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
