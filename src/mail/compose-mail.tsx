import { renderToStaticMarkup } from 'react-dom/server';
import type { Mail } from './mailer.js';

/** What a message says: paragraphs, the one link it is about, more paragraphs, and who signs it. */
export interface MailContent {
  subject: string;
  before: string[];
  link: { label: string; url: string };
  after: string[];
  signature: string;
}

/** The same words as plain text (what most mail clients in a clinic show, and what filters trust) and as simple HTML. */
export function composeMail(to: string, content: MailContent): Mail {
  const { subject, before, link, after, signature } = content;
  const text = [...before, `${link.label}:\n${link.url}`, ...after, `— ${signature}`].join('\n\n') + '\n';
  const html = renderToStaticMarkup(
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <title>{subject}</title>
      </head>
      <body style={{ fontFamily: 'Arial, Helvetica, sans-serif', fontSize: '16px', lineHeight: 1.5, color: '#1f2933' }}>
        {before.map((paragraph, index) => (
          <p key={`antes-${index}`}>{paragraph}</p>
        ))}
        <p>
          <a href={link.url}>{link.label}</a>
        </p>
        {/* The address in full too: some clients strip links, and a person may copy it to another device. */}
        <p style={{ fontSize: '14px', wordBreak: 'break-all' }}>{link.url}</p>
        {after.map((paragraph, index) => (
          <p key={`depois-${index}`}>{paragraph}</p>
        ))}
        <p>{`— ${signature}`}</p>
      </body>
    </html>,
  );
  return { to, subject, text, html: `<!doctype html>${html}` };
}
