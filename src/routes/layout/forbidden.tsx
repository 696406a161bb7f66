import { PEOPLE_MESSAGES } from '../../people/messages.js';
import type { EditorSession } from '../page-route.js';
import { PATHS } from '../paths.js';
import { AreaBar } from './area-bar.js';

/** An area page the role may not see: said plainly, with the way back, and nothing of the page itself. */
export function Forbidden({ session }: { session: EditorSession }) {
  return (
    <>
      <AreaBar session={session} />
      <section className="section area-page" aria-labelledby="proibido-titulo">
        <div className="container area-narrow">
          <h1 id="proibido-titulo">Acesso restrito</h1>
          <p className="area-error-box" role="alert">
            {PEOPLE_MESSAGES.forbidden}
          </p>
          <p>
            <a href={PATHS.editorHome}>Voltar aos artigos</a>
          </p>
        </div>
      </section>
    </>
  );
}
