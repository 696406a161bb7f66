import type { CreativeWork, MedicalWebPage, Person } from 'schema-dts';
import type { ArticleReference } from '../db/repository.js';

/**
 * The page of a clinical article: who reviewed it and when, and the works it cites, one CreativeWork
 * per reference in the order the page numbers them, and the editorial policy (an absolute URL).
 * newsArticle() gives it the page's @id.
 */
export function medicalWebPage(
  review: { reviewer: Exclude<Person, string>; date: string } | null,
  references: ArticleReference[],
  publishingPrinciples: string,
): Exclude<MedicalWebPage, string> {
  const citation: Exclude<CreativeWork, string>[] = references.map((reference) => ({
    '@type': 'CreativeWork',
    name: reference.texto,
    ...(reference.url ? { url: reference.url } : {}),
  }));
  return {
    '@type': 'MedicalWebPage',
    publishingPrinciples,
    ...(review ? { reviewedBy: review.reviewer, lastReviewed: review.date } : {}),
    ...(citation.length > 0 ? { citation } : {}),
  };
}
