import type { ReactNode } from 'react';
import { NewsletterForm } from '../components/newsletter-form.js';
import { privateMeta } from '../seo/private-meta.js';
import { PATHS } from './paths.js';

/** The newsletter's pages: in the site's layout, one narrow column, never indexed nor stored (private routes). */
export function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="newsletter-page" aria-labelledby="boletim-pagina-titulo">
      <h1 id="boletim-pagina-titulo">{title}</h1>
      {children}
    </section>
  );
}

/** Subscribing again from a page that says a link no longer works. */
export function SubscribeAgain() {
  return <NewsletterForm id="boletim-de-novo" action={PATHS.newsletterSignup} page={PATHS.newsletterSignup} />;
}

export const newsletterMeta = (path: string, title: string) => ({
  ...privateMeta(path, title, 'Os novos artigos do site por e-mail: inscrição, confirmação e cancelamento.'),
  keywords: ['boletim', 'artigos por e-mail'],
});

/** a***@clinica.com.br: enough for its owner to recognise, little for whoever a forwarded e-mail reaches. */
export function maskedEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 1 ? email : `${email[0]}***${email.slice(at)}`;
}

/** The checkboxes of a posted form (one value, several, or none). */
export function formList(body: unknown, name: string): string[] {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
