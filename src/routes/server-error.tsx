import { PATHS } from './paths.js';

export interface ServerErrorPageProps {
  errorId: string;
  /** 503: storage is unreachable, worth trying again shortly; 500: anything else. */
  unavailable: boolean;
}

export const SERVER_ERROR_TITLE = 'Erro interno no servidor';
export const UNAVAILABLE_TITLE = 'Serviço temporariamente indisponível';

export function ServerErrorPage({ errorId, unavailable }: ServerErrorPageProps) {
  return (
    <section className="page-hero server-error" aria-labelledby="erro-titulo">
      <div className="container narrow">
      <h1 id="erro-titulo">{unavailable ? UNAVAILABLE_TITLE : SERVER_ERROR_TITLE}</h1>
      <p>
        {unavailable
          ? 'Não conseguimos acessar nossas notícias agora. Tente novamente em alguns instantes.'
          : 'Algo deu errado ao montar esta página. Tente novamente em alguns instantes.'}
      </p>
      <p>
        Se o problema continuar, informe este código ao nosso suporte: <code className="server-error-id">{errorId}</code>
      </p>
      <p>
        <a className="button button-primary" href={PATHS.home}>
          Ir para a página inicial
        </a>
      </p>
      </div>
    </section>
  );
}
