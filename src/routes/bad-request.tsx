import { ButtonLink } from '../components/button-link.js';
import { PATHS } from './paths.js';

export const BAD_REQUEST_TITLE = 'Endereço inválido';

/** 400: the address itself cannot be read (a stray % in a link, a broken copy and paste). */
export function BadRequestPage() {
  return (
    <section className="page-hero not-found" aria-labelledby="requisicao-invalida-titulo">
      <div className="container narrow">
        <p className="not-found-code" aria-hidden="true">
          400
        </p>
        <h1 id="requisicao-invalida-titulo">{BAD_REQUEST_TITLE}</h1>
        <p className="lead">Este endereço tem caracteres que não formam um link válido. Confira se ele foi copiado por inteiro.</p>
        <div className="hero-actions hero-actions-center">
          <ButtonLink href={PATHS.home}>Voltar para o início</ButtonLink>
          <ButtonLink href={PATHS.news} variant="secondary">
            Ver notícias
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
