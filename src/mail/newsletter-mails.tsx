import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteConfig } from '../config.js';
import type { EditionArticle } from '../db/edition-store.js';
import { composeMail } from './compose-mail.js';
import type { Mail } from './mailer.js';

type Site = Pick<SiteConfig, 'productName'>;

const signature = (site: Site) => `Equipe ${site.productName}`;

/** Double opt-in: the link opens a page with the button that confirms (a scanner that follows links confirms nothing). */
export function confirmationMail(site: Site, to: string, url: string): Mail {
  return composeMail(to, {
    subject: `Confirme a sua inscrição nos artigos do ${site.productName}`,
    before: [
      'Olá.',
      `Recebemos um pedido para enviar os novos artigos do site do ${site.productName} a este endereço.`,
      'Para confirmar, abra o link abaixo e toque no botão "Confirmar inscrição".',
    ],
    link: { label: 'Confirmar a inscrição', url },
    after: ['O link vale 7 dias. Se você não pediu, ignore esta mensagem: sem a confirmação, nada será enviado e o pedido é apagado em 30 dias.'],
    signature: signature(site),
  });
}

/** A confirmed address that signs up again: its owner is told, and can change topics or leave. */
export function alreadySubscribedMail(site: Site, to: string, preferencesUrl: string): Mail {
  return composeMail(to, {
    subject: `Você já recebe os artigos do ${site.productName}`,
    before: ['Olá.', `Recebemos um novo pedido de inscrição para este endereço, que já recebe os novos artigos do ${site.productName}. Nada mudou.`],
    link: { label: 'Escolher temas ou cancelar a inscrição', url: preferencesUrl },
    after: ['Se você não fez o pedido, ignore esta mensagem.'],
    signature: signature(site),
  });
}

/** The campaign the edition's links name: its day. */
export const editionCampaign = (edition: { vaga: string | null; criadaEm: string }) => `boletim-${(edition.vaga ?? edition.criadaEm).slice(0, 10)}`;

/** An article's address as the edition links it: where the visit came from, and nothing about who clicked. */
export function trackedLink(url: string, campaign: string): string {
  const link = new URL(url);
  link.searchParams.set('utm_source', 'newsletter');
  link.searchParams.set('utm_medium', 'email');
  link.searchParams.set('utm_campaign', campaign);
  return link.toString();
}

export interface EditionLinks {
  unsubscribeUrl: string;
  preferencesUrl: string;
}

/**
 * One subscriber's edition, HTML and plain text: the articles with title, description, image and link.
 * No tracking pixel and no redirecting link: the privacy page promises none.
 */
export function editionMail(site: Site, message: { to: string; subject: string; campaign: string; articles: EditionArticle[]; links: EditionLinks }): Mail {
  const { to, subject, campaign, articles, links } = message;
  const text =
    [
      `Novos artigos do ${site.productName}`,
      ...articles.map((article) => `${article.titulo}\n${article.descricao}\n${trackedLink(article.url, campaign)}`),
      `Para escolher temas: ${links.preferencesUrl}\nPara cancelar a inscrição: ${links.unsubscribeUrl}`,
      `— ${signature(site)}`,
    ].join('\n\n') + '\n';
  const html = renderToStaticMarkup(
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <title>{subject}</title>
      </head>
      <body style={{ fontFamily: 'Arial, Helvetica, sans-serif', fontSize: '16px', lineHeight: 1.5, color: '#1f2933', maxWidth: '640px' }}>
        <h1 style={{ fontSize: '22px' }}>{`Novos artigos do ${site.productName}`}</h1>
        {articles.map((article) => {
          const href = trackedLink(article.url, campaign);
          return (
            <div key={article.id} style={{ marginBottom: '28px' }}>
              {article.imagem && (
                <a href={href}>
                  <img src={article.imagem.url} alt={article.imagem.alt} width={Math.min(article.imagem.width, 600)} style={{ maxWidth: '100%', height: 'auto', border: 0 }} />
                </a>
              )}
              <h2 style={{ fontSize: '19px', margin: '12px 0 4px' }}>
                <a href={href} style={{ color: '#0b5cad' }}>
                  {article.titulo}
                </a>
              </h2>
              <p style={{ margin: 0 }}>{article.descricao}</p>
            </div>
          );
        })}
        <p style={{ fontSize: '14px', color: '#52606d' }}>
          Você recebe este e-mail porque se inscreveu no site. <a href={links.preferencesUrl}>Escolher temas</a> ·{' '}
          <a href={links.unsubscribeUrl}>Cancelar a inscrição</a>
        </p>
        <p style={{ fontSize: '14px', color: '#52606d' }}>{`— ${signature(site)}`}</p>
      </body>
    </html>,
  );
  return { to, subject, text, html: `<!doctype html>${html}` };
}

/** The articles of an edition a subscriber gets: all of them, or those of the topics they chose. */
export function articlesFor(articles: EditionArticle[], topics: string[]): EditionArticle[] {
  if (topics.length === 0) return articles;
  return articles.filter((article) => article.temas.some((topic) => topics.includes(topic)));
}
