import { renderedOnce } from '../../ssr/rendered-once.js';
import { useSite } from '../../ssr/site-context.js';
import { aboutPath, PATHS } from '../paths.js';
import { ExternalLink } from '../../components/external-link.js';
import { Icon } from '../../components/icon.js';
import { Logo } from '../../components/logo.js';

function FooterContents() {
  const { site } = useSite();
  return (
    <>
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo className="logo logo-footer" />
          <p>Prontuário eletrônico para médicos que querem mais tempo para os pacientes.</p>
        </div>
        <nav className="footer-nav" aria-label="Rodapé">
          <h2 className="footer-title">Navegação</h2>
          <ul>
            <li>
              <a href={PATHS.home}>Início</a>
            </li>
            <li>
              <a href={PATHS.plans}>Planos</a>
            </li>
            <li>
              <a href={aboutPath(site)}>Sobre</a>
            </li>
          </ul>
        </nav>
        <section id="contatos" className="footer-contacts" aria-labelledby="contatos-titulo">
          <h2 id="contatos-titulo" className="footer-title">
            Contatos
          </h2>
          <ul>
            <li>
              <ExternalLink href={site.whatsappUrl}>
                <Icon name="chat" size={20} />
                {`WhatsApp ${site.phoneDisplay}`}
                <span className="visually-hidden"> (abre em nova aba)</span>
              </ExternalLink>
            </li>
            <li>
              <a href={`mailto:${site.email}`}>
                <Icon name="mail" size={20} />
                {site.email}
              </a>
            </li>
            <li>
              <a href={`tel:${site.phone}`}>
                <Icon name="phone" size={20} />
                {site.phoneDisplay}
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="container footer-legal">
        <p>{`© ${site.copyrightYear} ${site.companyName} · CNPJ ${site.cnpj} · ${site.companyAddress.text}`}</p>
        {/* LGPD art. 41 §1: the encarregado's identity and contact, public and easy to find. */}
        <p>
          {`Encarregado de dados: ${site.privacy.dpoName} (`}
          <a href={`mailto:${site.privacy.dpoEmail}`}>{site.privacy.dpoEmail}</a>
          {') · '}
          <a href={PATHS.privacy}>Política de privacidade</a>
          {' · '}
          <a href={PATHS.editorialPolicy}>Política editorial</a>
        </p>
      </div>
    </>
  );
}

/**
 * The contact section lives here, so the Contatos anchor (#contatos) works from every page. The same on
 * every page: rendered once.
 */
export function Footer() {
  return <footer className="site-footer" dangerouslySetInnerHTML={renderedOnce(useSite(), 'footer', <FooterContents />)} />;
}
