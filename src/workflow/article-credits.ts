import { isApproved } from './medical-review.js';
import type { ArticleReference, StoredArticle } from '../db/repository.js';
import type { Repository } from '../db/storage.js';
import type { StoredProfile } from '../db/profile-store.js';
import { credentialBeyondName, displayName } from '../people/credentials.js';

/** A person a public article names: by their profile (made of their name at the latest when they accepted the invitation), else by their name alone. */
export interface Signer {
  id_pessoa: number | null;
  name: string;
  /** The credential line (credentialLine), null without one beyond the name. */
  credential: string | null;
  profile: StoredProfile | null;
}

/** Who signs an article, which doctor approved it and on what it rests, as readers are shown it. */
export interface Credits {
  authors: Signer[];
  clinical: boolean;
  review: (Signer & { profile: StoredProfile; data: string }) | null;
  references: ArticleReference[];
}

const signerOf = (id_pessoa: number | null, name: string, profile: StoredProfile | null): Signer => ({
  id_pessoa,
  name: profile ? displayName(profile) : name,
  credential: profile ? credentialBeyondName(profile) : null,
  profile,
});

/**
 * The credits of an article as stored for readers. Authors without a profile are named by their account
 * (like the old free-text author); an article written with an editor key keeps that label. The review
 * shows only while it vouches for the text readers get, and only with the reviewer's profile, since the
 * credential line is what it is worth.
 */
export async function articleCredits(repo: Pick<Repository, 'people' | 'profiles'>, article: StoredArticle): Promise<Credits> {
  const authors = await Promise.all(
    article.autores.map(async (id) => {
      const profile = await repo.profiles.get(id);
      if (profile) return signerOf(id, '', profile);
      const person = await repo.people.get(id);
      return person ? signerOf(id, person.nome, null) : null;
    }),
  );
  const named = authors.filter((author): author is Signer => author !== null);
  const review = article.clinico && article.revisao_medica && isApproved(article) ? article.revisao_medica : null;
  const reviewer = review ? await repo.profiles.get(review.id_pessoa) : null;
  return {
    authors: named.length > 0 ? named : [signerOf(null, article.autor, null)],
    clinical: article.clinico,
    review: review && reviewer ? { ...signerOf(review.id_pessoa, review.revisor, reviewer), profile: reviewer, data: review.data } : null,
    references: article.clinico ? article.referencias : [],
  };
}
