export interface Topic {
  id: number;
  /** As editors wrote it, in pt-BR. */
  nome: string;
  slug: string;
}

export interface TopicCount extends Topic {
  /** How many of its articles are public now. */
  total: number;
}

/** A slug is a topic's own, or an old slug of a renamed topic, which redirects to its new one. */
export type TopicLookup = { topic: Topic } | { renamedTo: string };

/** Topics of articles (migration 18); which topics an article has is saved with the article. */
export interface TopicStore {
  /** Topics by name with their public articles counted; `onlyPublic` leaves out those without one. */
  list(onlyPublic: boolean): Promise<TopicCount[]>;
  find(slug: string): Promise<TopicLookup | null>;
  /** The topics of these articles, each article's in its own order. */
  ofArticles(ids: number[]): Promise<Map<number, Topic[]>>;
  /**
   * A new name (and the slug made from it); the old slug keeps redirecting. Throws TopicNameTakenError
   * when the slug is another topic's (or was); null when the topic is absent.
   */
  rename(id: number, nome: string): Promise<Topic | null>;
}

export class TopicNameTakenError extends Error {
  constructor(readonly slug: string) {
    super(`the topic address ${slug} is another topic's`);
    this.name = 'TopicNameTakenError';
  }
}
