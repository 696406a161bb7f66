import { Fragment } from 'react';
import { ExternalLink } from '../components/external-link.js';
import { formatDatePtBr } from '../content/format-date.js';
import type { ArticleReference } from '../db/repository.js';
import type { Credits, Signer } from '../workflow/article-credits.js';
import { EditorialPolicyLink, ReviewDueNote, type ReviewDue } from './article-editorial.js';
import { authorPath } from './paths.js';

/** What readers are told about clinical content, under its sources (CFM Resolution 2.336/2023). */
export const HEALTH_DISCLAIMER = 'Este conteúdo é informativo e não substitui a consulta com um profissional de saúde.';

/** Ids the credits take on the page, kept from the body's headings. */
export const CREDIT_IDS = ['referencias'];

function AuthorName({ author }: { author: Signer }) {
  return author.profile ? (
    <a className="article-author" href={authorPath(author.profile.slug)}>
      {author.name}
    </a>
  ) : (
    <span className="article-author">{author.name}</span>
  );
}

/** "Por Dra. Ana Souza, Bia Melo e Caio Lima", each name linking to the author page, then each credential line. */
export function ArticleAuthors({ authors }: { authors: Signer[] }) {
  return (
    <>
      <p className="article-byline">
        Por{' '}
        {authors.map((author, index) => (
          <Fragment key={`${author.id_pessoa ?? 'chave'}-${index}`}>
            {index > 0 && (index === authors.length - 1 ? ' e ' : ', ')}
            <AuthorName author={author} />
          </Fragment>
        ))}
      </p>
      {authors.map((author, index) => author.credential && <p key={`${author.id_pessoa}-${index}`} className="article-credential">{author.credential}</p>)}
    </>
  );
}

/**
 * "Revisado por {nome} — {credencial}, em {data}": the credential line already starts with the name;
 * then when the review falls due (or that it has), and the editorial policy.
 */
export function ReviewBox({ review, due }: { review: NonNullable<Credits['review']>; due?: ReviewDue | undefined }) {
  const rest = review.credential?.startsWith(review.name) ? review.credential.slice(review.name.length) : '';
  return (
    <p className="article-review">
      Revisado por{' '}
      <a className="article-reviewer" href={authorPath(review.profile.slug)}>
        <strong>{review.name}</strong>
      </a>
      {rest}, em <time dateTime={review.data}>{formatDatePtBr(review.data)}</time>
      <ReviewDueNote due={due} />
      <EditorialPolicyLink />
    </p>
  );
}

/** The sources, numbered in the order given; those online open in a new tab. */
export function ArticleReferences({ references }: { references: ArticleReference[] }) {
  if (references.length === 0) return null;
  return (
    <section className="article-references" aria-labelledby="referencias">
      <h2 id="referencias">Referências</h2>
      <ol>
        {references.map((reference, index) => (
          <li key={index}>
            {reference.url ? (
              <ExternalLink href={reference.url}>
                {reference.texto}
                <span className="visually-hidden"> (abre em nova aba)</span>
              </ExternalLink>
            ) : (
              reference.texto
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
