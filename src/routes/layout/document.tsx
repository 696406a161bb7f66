import type { ReactNode } from 'react';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { WhatsAppButton } from './whatsapp-button.js';
import { PATHS } from '../paths.js';
import { jsonLdScripts, siteWideJsonLd } from '../../seo/json-ld.js';
import type { PageMeta } from '../../seo/page-meta.js';
import { absoluteUrl } from '../../lib/absolute-url.js';
import { useSite } from '../../ssr/site-context.js';

export interface DocumentProps {
  meta: PageMeta;
  children: ReactNode;
  /** Module scripts for this page; only the editor page has any. */
  scripts?: string[];
  stylesheets?: string[];
  /** The floating chat button: on the editor's pages it would cover the right edge of the fields on a phone. */
  chat?: boolean;
}

/** The whole HTML document, rendered by React so that every head tag comes out with the page. */
export function Document(props: DocumentProps) {
  return (
    <html lang="pt-BR">
      <DocumentHead {...props} />
      <DocumentBody {...props} />
    </html>
  );
}

const ROBOTS: Record<string, string> = { false: 'index, follow, max-image-preview:large', true: 'noindex, nofollow', follow: 'noindex, follow' };

/** <head>: title, description, canonical URL, Open Graph, Twitter, JSON-LD, stylesheets. */
export function DocumentHead({ meta, stylesheets = [] }: Omit<DocumentProps, 'children'>) {
  const { site, assets, memo } = useSite();
  const canonical = absoluteUrl(site, meta.path);
  const title = meta.path === '/' ? meta.title : `${meta.title} | ${site.productName}`;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      <meta name="keywords" content={meta.keywords.join(', ')} />
      <meta name="robots" content={ROBOTS[String(meta.noindex ?? false)]} />
      <meta name="theme-color" content="#0b6e69" />
      <link rel="canonical" href={canonical} />
      {meta.pagination?.prev && <link rel="prev" href={absoluteUrl(site, meta.pagination.prev)} />}
      {meta.pagination?.next && <link rel="next" href={absoluteUrl(site, meta.pagination.next)} />}
      {meta.feeds?.map((feed) => (
        <link key={feed.path} rel="alternate" type="application/rss+xml" title={feed.title} href={absoluteUrl(site, feed.path)} />
      ))}
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <link rel="icon" href="/icon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href="/site.webmanifest" />
      <link rel="stylesheet" href={assets.siteCss} />
      {stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      <meta property="og:locale" content="pt_BR" />
      <meta property="og:site_name" content={site.productName} />
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={canonical} />
      {meta.image && (
        <>
          <meta property="og:image" content={absoluteUrl(site, meta.image.url)} />
          <meta property="og:image:width" content={String(meta.image.width)} />
          <meta property="og:image:height" content={String(meta.image.height)} />
          <meta property="og:image:alt" content={meta.image.alt} />
        </>
      )}
      {meta.article && (
        <>
          <meta property="article:published_time" content={meta.article.publishedTime} />
          <meta property="article:modified_time" content={meta.article.modifiedTime} />
          <meta property="article:author" content={meta.article.author} />
        </>
      )}
      <meta name="twitter:card" content={meta.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      {meta.image && (
        <>
          <meta name="twitter:image" content={absoluteUrl(site, meta.image.url)} />
          <meta name="twitter:image:alt" content={meta.image.alt} />
        </>
      )}
      {jsonLdScripts((memo.siteJsonLd ??= siteWideJsonLd(site, PATHS.privacy, PATHS.editorialPolicy)), meta.jsonLd).map(({ type, json }) => (
        <script key={type} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </head>
  );
}

function DocumentBody(props: DocumentProps) {
  return (
    <body>
      <BodyContents {...props} />
    </body>
  );
}

/**
 * What <body> holds: the site's header and footer around the page's own content, and the page's
 * scripts. A streamed page renders only this, so that the parts React sends after the shell land
 * inside <body>, which the server closes at the very end.
 */
export function BodyContents({ children, scripts = [], chat = true }: DocumentProps) {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo">{children}</main>
      <Footer />
      {chat && <WhatsAppButton />}
      {scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </>
  );
}
