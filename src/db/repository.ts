import type { Role } from '../people/roles.js';
import type { EncodedImageInput, ImageSet, NewImageSet, PictureSet } from '../images/image-set.js';
import type { Profile } from '../people/credentials.js';

export type { EncodedImageInput, NewImageSet } from '../images/image-set.js';

/**
 * The storage contract shared by the SQLite and PostgreSQL adapters.
 * Every adapter must pass the same contract suite (test/contract).
 */

export interface ArticleImageInput {
  nome: string;
  caption: string;
  /** The image's own alternative text; absent: the caption serves (migration 14). */
  alt?: string;
  width: number;
  height: number;
}

/** What the API hands to storage: already validated and sanitised. */
export interface NewArticle {
  titulo: string;
  titulo_url: string;
  descricao: string;
  keywords: string;
  conteudo: string;
  autor: string;
  imagem?: ArticleImageInput;
  /** ISO 8601 timestamp; only seeding and imports set it, the API always lets storage use the current time. */
  data_publicacao?: string;
  /** Defaults to publicado (the spec's flow); agendado needs publicar_em. */
  status?: 'rascunho' | 'agendado' | 'publicado';
  /** ISO 8601 timestamp of a scheduled publication. */
  publicar_em?: string | null;
  /** The person who creates it (null for an editor key): what makes it their own. */
  id_criador?: number | null;
  /** The people who sign it, in order; absent: the creator (none for an editor key). */
  autores?: number[];
  clinico?: boolean;
  referencias?: ArticleReference[];
  /** Names of its topics (validated, distinct by slug), in the editor's order; existing ones are reused. */
  temas?: string[];
}

/** One source a clinical article rests on: its citation, and where to read it when it is online. */
export interface ArticleReference {
  texto: string;
  url?: string;
}

/** The approval of a clinical article's content by a doctor (issue 18). */
export interface MedicalReview {
  /** The reviewer; their name and credential line come from their profile. */
  id_pessoa: number;
  /** The reviewer's name when they approved, for the history should the person go. */
  revisor: string;
  /** ISO 8601 UTC. */
  data: string;
  /** The version approved. */
  versao: number;
  /**
   * sha-256 of what the approval covers (src/workflow/medical-review.ts): a later version with the same
   * still counts as approved. Approvals before issue 29 hold a bare digest of the title, description and content.
   */
  digest: string;
  /** Whether the approved version was clinical; absent in approvals before issue 29, which all were. */
  clinico?: boolean;
}

/** What readers see of an article, beside the spec's fields: who signs it, whether it is health content, its sources. */
export interface ArticleCredits {
  /** Person ids, in byline order. */
  autores: number[];
  clinico: boolean;
  referencias: ArticleReference[];
  revisao_medica: MedicalReview | null;
}

/**
 * A newer version of a public clinical article waiting for medical review: readers keep the approved
 * one (the row), editors work on this. `relevante`: whether any of its edits was a relevant update.
 */
export interface PendingVersion {
  fields: Pick<StoredArticle, PendingField>;
  relevante: boolean;
}

/** The fields a version awaiting review holds back from readers. */
export const PENDING_FIELDS = [
  'titulo',
  'titulo_url',
  'conteudo',
  'descricao',
  'keywords',
  'imagem_nome',
  'imagem_caption',
  'imagem_alt',
  'imagem_width',
  'imagem_height',
  'autores',
  'clinico',
  'referencias',
] as const;
export type PendingField = (typeof PENDING_FIELDS)[number];

export const ARTICLE_STATUSES = ['rascunho', 'agendado', 'publicado', 'despublicado'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const REVISION_ACTIONS = ['criado', 'editado', 'publicado', 'agendado', 'despublicado', 'restaurado'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** An article as the API returns it (spec section 3). */
export interface Article {
  id: number;
  titulo: string;
  titulo_url: string;
  conteudo: string;
  descricao: string;
  keywords: string;
  /** ISO 8601 timestamp in UTC, set by the server on creation. */
  data_publicacao: string;
  /** ISO 8601 timestamp in UTC: the last change of the article or one of its images. */
  data_atualizacao: string;
  autor: string;
  imagem_nome: string | null;
  imagem_caption: string | null;
  /** What the image shows, for those who cannot see it; null: the caption serves (migration 14). */
  imagem_alt: string | null;
  imagem_width: number | null;
  imagem_height: number | null;
}

/** The editorial state kept beside the spec's fields. */
export interface ArticleWorkflow {
  status: ArticleStatus;
  /** ISO 8601 UTC; set while scheduled (and kept as a record afterwards). */
  publicar_em: string | null;
  /** Starts at 1 and grows by one on every save: the optimistic-locking token and the revision number. */
  versao: number;
  /**
   * Whether the article was ever public. Until then data_publicacao is only provisional (the creation,
   * or the scheduled time), and its URL answers 404 rather than 410 when it is not public.
   */
  ja_publicado: boolean;
  /** The person who created it, whose own it is; null when an editor key created it. */
  id_criador: number | null;
  /** The person who saved the current version; null for an editor key. */
  id_ultimo_editor: number | null;
  /** The person who published or scheduled it last; null for an editor key, or before. */
  id_publicador: number | null;
}

/**
 * An article with its editorial state, as storage holds it; public answers strip the workflow fields.
 * `pendente` is read only by get(): lists never carry it.
 */
export type StoredArticle = Article & ArticleWorkflow & ArticleCredits & { pendente?: PendingVersion | null };

/** What an edit replaces: the fields of the creation form. */
export interface ArticleContent {
  titulo: string;
  titulo_url: string;
  descricao: string;
  keywords: string;
  conteudo: string;
  imagem?: ArticleImageInput | null;
  /** Absent: unchanged. */
  autores?: number[];
  clinico?: boolean;
  referencias?: ArticleReference[];
  /** Names of its topics, as in NewArticle; absent: the topics stay as they are. */
  temas?: string[];
}

export interface ArticleChange {
  /** Who saves, recorded in the revision. */
  autor: string;
  /** The person who saves (null: an editor key); absent for the scheduler, which changes no one's record. */
  id_pessoa?: number | null;
  acao: RevisionAction;
  /** The version the change was read at; a different current version throws VersionConflictError. */
  expectedVersion?: number;
  content?: ArticleContent;
  status?: { status: ArticleStatus; publicar_em: string | null };
  /**
   * An edit of a published article that readers should hear of (default): it moves data_atualizacao,
   * and with it "Atualizado em", dateModified, the sitemap and the feed. false: a typo fixed.
   */
  relevante?: boolean;
}

/** Everything a revision restores, frozen at the moment it was saved. */
export interface RevisionSnapshot {
  titulo: string;
  titulo_url: string;
  conteudo: string;
  descricao: string;
  keywords: string;
  imagem_nome: string | null;
  imagem_caption: string | null;
  imagem_alt: string | null;
  imagem_width: number | null;
  imagem_height: number | null;
  status: ArticleStatus;
  publicar_em: string | null;
  /** Names of its topics in the editor's order; null in revisions saved before they were recorded (restoring one keeps the topics). */
  temas: string[] | null;
}

/** A revision's fields that the article's own row holds: all but its topics. */
export type ArticleSnapshot = Omit<RevisionSnapshot, 'temas'>;

export interface RevisionSummary {
  versao: number;
  autor: string;
  /** The person who saved it; null for an editor key, the scheduler's own name, or before migration 12. */
  id_pessoa: number | null;
  /** ISO 8601 UTC. */
  data: string;
  acao: RevisionAction;
  titulo: string;
}

export interface Revision extends RevisionSummary {
  snapshot: RevisionSnapshot;
}

export interface EditorListQuery {
  pageIndex: number;
  pageSize: number;
  status?: ArticleStatus;
  /**
   * Words of the title, description or body, as the public search finds them, each also by its beginning
   * (prefixTerms(): "prontu" finds "prontuário"); a search without any word to look up matches the title as typed.
   */
  busca?: string;
  /** Clinical articles only: those waiting for a medical review, or those whose text a doctor approved. */
  revisao?: ReviewFilter;
  /** Only the articles this person created or signs (what a colaborador may read). */
  criadoOuAssinadoPor?: number;
}

export const REVIEW_FILTERS = ['aguardando', 'revisado'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export interface SearchQuery {
  /** searchTerms() of what was typed: at least one. */
  terms: string[];
  pageIndex: number;
  pageSize: number;
}

export interface EditorListItem {
  id: number;
  titulo: string;
  titulo_url: string;
  status: ArticleStatus;
  autor: string;
  data_atualizacao: string;
  publicar_em: string | null;
  versao: number;
  clinico: boolean;
  /** Clinical and its current text not approved by a doctor. */
  aguardando_revisao: boolean;
}

export type SignInMethod = 'chave' | 'senha' | 'passkey';

export interface EditorSession {
  /** A digest of the cookie's secret: the store never holds a usable session id. */
  id: string;
  autor: string;
  /** The person signed in; null for a session opened with an editor key. */
  id_pessoa: number | null;
  /** ISO 8601 UTC. */
  expira_em: string;
  metodo: SignInMethod;
  endereco: string | null;
  navegador: string | null;
}

/** A person's open session as its owner sees it. */
export interface OpenSession {
  id: string;
  metodo: SignInMethod;
  endereco: string | null;
  navegador: string | null;
  /** ISO 8601 UTC. */
  criada_em: string;
  expira_em: string;
}

/** Editor sessions in the shared store, so that every instance recognises them. */
export interface SessionStore {
  create(session: EditorSession): Promise<void>;
  /**
   * The author of a session alive at `now`, pushing its expiry to `expira_em` (sliding); null when unknown,
   * expired, or its person was deactivated.
   */
  touch(id: string, now: string, expira_em: string): Promise<{ autor: string; id_pessoa: number | null } | null>;
  delete(id: string): Promise<void>;
  /** A person's sessions alive at `now`, newest first. */
  listFor(id_pessoa: number, now: string): Promise<OpenSession[]>;
  /** Ends one of the person's own sessions; false when it is not theirs or absent. */
  deleteFor(id_pessoa: number, id: string): Promise<boolean>;
}

/** A person's public profile as stored: validated before it is saved (people/credentials.ts). */
export interface StoredProfile extends Profile {
  id_pessoa: number;
  atualizado_em: string;
  /** The square photo, when the person sent one: its variants at immutable URLs, the master the largest JPEG. */
  foto: PictureSet | null;
}

/** Public profiles: the people behind bylines. */
export interface ProfileStore {
  get(id_pessoa: number): Promise<StoredProfile | null>;
  bySlug(slug: string): Promise<StoredProfile | null>;
  /** The person's profile; when they have none, first one of `nome` alone under a slug of it no one else has. */
  ensure(id_pessoa: number, nome: string, now: string): Promise<StoredProfile>;
  /** Creates or replaces the person's profile; throws SlugTakenError when the slug is another person's. */
  save(id_pessoa: number, profile: Profile, now: string): Promise<StoredProfile>;
  /** Replaces the person's photo by these variants, all at once (a person without a profile may have one); dates the profile. */
  savePhoto(id_pessoa: number, files: EncodedImageInput[], now: string): Promise<void>;
  /** False when the person had no photo. */
  removePhoto(id_pessoa: number, now: string): Promise<boolean>;
  /** One variant of the person's current photo by its file name. */
  photoFile(id_pessoa: number, arquivo: string): Promise<ServedImage | null>;
}

/** What revoked a key without its owner asking: a password change, a reset link, a deactivation. */
export type KeyRevocation = 'troca-de-senha' | 'redefinicao-de-senha' | 'desativacao';

/** A personal API key as its owner sees it: never the key itself. */
export interface PersonalKey {
  id: number;
  nome: string;
  /** ISO 8601 UTC. */
  criada_em: string;
  usada_em: string | null;
  /** When a password change, a reset or a deactivation revoked it; null while it works. */
  revogada_em: string | null;
  revogada_por: KeyRevocation | null;
}

/** Personal API keys, stored as a digest of the key, acting with their person's role. */
export interface PersonalKeyStore {
  create(id_pessoa: number, nome: string, chave_hash: string, now: string): Promise<PersonalKey>;
  list(id_pessoa: number): Promise<PersonalKey[]>;
  /** Revokes one of the person's own (or forgets one already revoked); false when it is not theirs or absent. */
  remove(id_pessoa: number, id: number): Promise<boolean>;
  /** The active person a key digest belongs to, recording the use; null when unknown, revoked or the person is deactivated. */
  use(chave_hash: string, now: string): Promise<Person | null>;
}

export interface Person {
  id: number;
  nome: string;
  email: string;
  papel: Role;
  ativo: boolean;
  /** ISO 8601 UTC. */
  criada_em: string;
}

export interface NewPerson {
  nome: string;
  /** Already validated; stored in lower case. */
  email: string;
  papel: Role;
}

export type InvitationOutcome = { accepted: Person } | { refused: LinkRefusal };

/** Why a one-time link (an invitation, a password reset) cannot be used. */
export type LinkRefusal = 'unknown' | 'used' | 'expired';

/** A one-time link and the person it is for, or why it cannot be used. */
export type OneTimeLink = { person: Person } | { refused: LinkRefusal };

/** A password reset link as stored: a digest of its secret, and until when it works. */
export interface NewPasswordReset {
  token_hash: string;
  expira_em: string;
}

/** The people of the editors' area (issue 17); the configured editor keys are not people. */
export interface PeopleStore {
  /** A person without a password yet, and the invitation (a digest of its one-time secret) that lets them choose one. */
  invite(person: NewPerson, invitation: { token_hash: string; expira_em: string }): Promise<Person>;
  /** The person an invitation is for while it can be used at `now`, or why it cannot. */
  invitation(token_hash: string, now: string): Promise<OneTimeLink>;
  /** Sets the password of an invited person, once, while the invitation is valid at `now`. */
  acceptInvitation(token_hash: string, senha_hash: string, now: string): Promise<InvitationOutcome>;
  get(id: number): Promise<Person | null>;
  /** With the password hash, for signing in; the address in any case. */
  findByEmail(email: string): Promise<(Person & { senha_hash: string | null }) | null>;
  list(): Promise<Person[]>;
  /** The person's own name and e-mail; throws EmailTakenError when the address is another person's. */
  updateProfile(id: number, profile: { nome: string; email: string }): Promise<Person | null>;
  /**
   * A new password hash (the caller checked the current password and the new one's strength). In the same
   * transaction the person's other sessions end (all but `keepSession`, the digest of the one asking) and
   * their keys created until `now` are revoked: the revoked keys.
   */
  setPassword(id: number, senha_hash: string, change: { now: string; keepSession: string | null }): Promise<PersonalKey[]>;
  /**
   * Changes role or state; throws LastAdministratorError rather than leave no active administrator among
   * the people. A deactivation deletes the person's sessions and revokes their keys in the same
   * transaction, so that a reactivation revives neither.
   */
  update(id: number, change: { papel?: Role; ativo?: boolean }): Promise<Person | null>;
  /**
   * "Esqueci a senha": stores a reset link for the active person with this address and returns them;
   * null for an unknown or inactive address. The same statements run either way, so the two take about
   * as long. Links expired at `now` are swept.
   */
  requestPasswordReset(email: string, reset: NewPasswordReset, now: string): Promise<Person | null>;
  /** A reset link an administrator hands over; null when the person is absent or inactive. */
  issuePasswordReset(id_pessoa: number, reset: NewPasswordReset, now: string): Promise<Person | null>;
  /** The person a reset link is for while it can be used at `now`, or why it cannot. */
  passwordReset(token_hash: string, now: string): Promise<OneTimeLink>;
  /**
   * Sets the new password once, while the link works at `now` and its person is active; the person's
   * other reset links stop working, their sessions end and their keys are revoked, in the same transaction.
   */
  completePasswordReset(token_hash: string, senha_hash: string, now: string): Promise<({ person: Person; revokedKeys: PersonalKey[] }) | { refused: LinkRefusal }>;
}

/** A person's passkey as stored (the WebAuthn credential's public part). */
export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string;
  id_pessoa: number;
  nome: string;
  /** COSE public key, base64url. */
  chave_publica: string;
  contador: number;
  transportes: string[];
  criada_em: string;
  usada_em: string | null;
}

/** Passkeys, the roles that must have one, and the challenges of the ceremonies in progress. */
export interface PasskeyStore {
  list(id_pessoa: number): Promise<StoredPasskey[]>;
  find(id: string): Promise<StoredPasskey | null>;
  add(passkey: Omit<StoredPasskey, 'usada_em'>): Promise<void>;
  /** Records a sign-in: the authenticator's new counter and when. */
  used(id: string, contador: number, now: string): Promise<void>;
  /** Removes one of the person's own; false when it is not theirs or absent. */
  remove(id_pessoa: number, id: string): Promise<boolean>;
  requiredRoles(): Promise<Role[]>;
  /** Whether the person's role must have a passkey and they have none yet. */
  mustRegister(id_pessoa: number, papel: Role): Promise<boolean>;
  setRequiredRoles(roles: Role[]): Promise<void>;
  /** Keeps a challenge until `expira_em`; expired ones are swept at the same time. */
  saveChallenge(desafio: string, id_pessoa: number | null, expira_em: string, now: string): Promise<void>;
  /** Takes a challenge once: whom it was for (null for a sign-in), or undefined when unknown, used or expired. */
  takeChallenge(desafio: string, now: string): Promise<{ id_pessoa: number | null } | undefined>;
}

/**
 * Sign-in attempts per name in fixed windows, shared by every instance: taking one is a single atomic
 * statement, so parallel requests on any instance are counted one after the other.
 */
export interface SignInAttemptStore {
  /**
   * Adds one attempt to each name (a new window ending at `endsAt` when its last one has passed) and
   * answers each name's count with it and when its window ends. Windows that have passed are swept.
   */
  take(names: string[], now: string, endsAt: string): Promise<{ nome: string; tentativas: number; termina_em: string }[]>;
  /** Gives one attempt back to each name whose window is still open (an attempt that succeeded). */
  giveBack(names: string[], now: string): Promise<void>;
}

export interface AuditEntry {
  id: number;
  /** ISO 8601 UTC. */
  quando: string;
  quem: string;
  id_pessoa: number | null;
  acao: string;
  id_artigo: number | null;
  endereco: string | null;
  detalhes: string | null;
}

/** Who did what: append only, on both databases (triggers refuse any change and any removal of a recent row). */
export interface AuditLog {
  append(entry: Omit<AuditEntry, 'id'>): Promise<void>;
  /** Deletes the rows from before `before` (ISO 8601), past the retention period; how many went. */
  prune(before: string): Promise<number>;
  /** Newest first, filtered by person and action. */
  list(query: { pageIndex: number; pageSize: number; id_pessoa?: number; acao?: string }): Promise<Page<AuditEntry>>;
}

export interface StoredImageInput {
  id_artigo: number;
  /** Already normalised to a safe file name. */
  nome: string;
  content_type: string;
  bytes: Buffer;
}

export interface StoredImage {
  id: number;
  id_artigo: number;
  nome: string;
  content_type: string;
  bytes: Buffer;
  /** Strong validator derived from the bytes (e.g. sha-256 in hex). */
  etag: string;
  updated_at: string;
}

/** What answering with a stored image needs. */
export type ServedImage = Pick<StoredImage, 'nome' | 'content_type' | 'bytes' | 'etag' | 'updated_at'>;

export interface Page<T> {
  items: T[];
  total: number;
}

export interface ArticleSummary {
  id: number;
  titulo_url: string;
  data_publicacao: string;
  data_atualizacao: string;
}

/**
 * How far a change of an article reaches for readers: `none` (no reader can see it: a draft, an article
 * scheduled for later, a version held for medical review), `body` (the article's own page only),
 * `summary` (title, URL, description, keywords, main image: also where it is listed), `placement`
 * (state or dates: where and whether it is listed).
 */
export type ChangeReach = 'none' | 'body' | 'summary' | 'placement';

export type RepositoryEvent =
  /** `none` for an article no reader sees yet (a draft, scheduled for later), `placement` otherwise. */
  | { type: 'article-created'; id: number; reach: 'none' | 'placement' }
  | { type: 'article-changed'; id: number; reach: ChangeReach }
  /** `none` for an article no reader saw, `placement` otherwise. */
  | { type: 'article-removed'; id: number; reach: 'none' | 'placement' }
  | { type: 'image-saved'; id_artigo: number; nome: string }
  | { type: 'profile-changed'; id_pessoa: number }
  /** A topic's name and slug changed (its articles did not). */
  | { type: 'topic-changed'; id_tema: number };

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

/** A public article that shares `shared` topics with the one being read: a "Leia também" candidate. */
/** What "Leia também" shows of an article, and weighs: its link, title, date and description. */
export type RelatedArticle = Pick<Article, 'id' | 'titulo' | 'titulo_url' | 'descricao' | 'data_publicacao'>;

export interface RelatedCandidate {
  article: RelatedArticle;
  shared: number;
}

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

export interface ArticleRepository {
  readonly kind: 'sqlite' | 'postgres';
  /** A preview of the id the next article will get; the real id comes from create(). */
  nextId(): Promise<number>;
  /** Stores the article with its first revision (criado, versao 1). */
  create(article: NewArticle): Promise<number>;
  /**
   * Stores many articles as create() does, each with its first revision, in one transaction: for
   * seeding and imports of thousands. Returns their ids in order.
   */
  importArticles(articles: NewArticle[]): Promise<number[]>;
  /** The article in any state. */
  get(id: number): Promise<StoredArticle | null>;
  /** Public articles only (see isPublic), newest first (data_publicacao desc, then id desc); pageIndex starts at 1. */
  latest(pageIndex: number, pageSize: number): Promise<Page<Article>>;
  /**
   * Public articles for the sitemap, newest first (as latest()): `limit` of them after the first
   * `offset`, or after a summary this returned (which reads no article before it).
   */
  summaries(start: { offset: number } | { after: ArticleSummary }, limit: number): Promise<ArticleSummary[]>;
  /** How many articles are public, and the last change of any of them (null when none is). */
  publicStats(): Promise<{ total: number; lastChange: string | null }>;
  /**
   * Saves a change as the next version with its revision, all or nothing. Throws ArticleNotFoundError,
   * or VersionConflictError when expectedVersion is not the current version (nothing is changed then).
   */
  update(id: number, change: ArticleChange): Promise<StoredArticle>;
  /** Deletes the article, its images and revisions; an article that was ever public leaves a tombstone. False when absent. */
  remove(id: number): Promise<boolean>;
  /** Whether a once-public article with this id was removed (its URL answers 410). */
  wasRemoved(id: number): Promise<boolean>;
  /** Every state, most recently changed first, for the editor area. */
  list(query: EditorListQuery): Promise<Page<EditorListItem>>;
  /**
   * Records `review` of the current version of a clinical article; a version waiting for review goes
   * public with it. Throws ArticleNotFoundError, or VersionConflictError when expectedVersion is stale.
   */
  approveReview(id: number, review: { id_pessoa: number; revisor: string; expectedVersion?: number }): Promise<StoredArticle>;
  /**
   * Public articles holding every term: those with all of them in the title
   * first, then in the title and description, then anywhere; newest first within each group.
   */
  search(query: SearchQuery): Promise<Page<Article>>;
  /** A person's public articles (those they sign as one of the autores), newest first, as latest() pages them. */
  publicByAuthor(id_pessoa: number, pageIndex: number, pageSize: number): Promise<Page<Article>>;
  /** The profiles with at least one public article, with the last change among them: the sitemap's author pages. */
  publicAuthors(): Promise<{ slug: string; lastChange: string }[]>;
  /** A topic's public articles, newest first, as latest() pages them. */
  publicByTopic(id_tema: number, pageIndex: number, pageSize: number): Promise<Page<Article>>;
  /** The topics with at least one public article, with the last change among them: the sitemap's topic pages. */
  publicTopics(): Promise<{ slug: string; lastChange: string }[]>;
  /**
   * Public articles to suggest beside article `id` (never itself), at most `limit`: those sharing the
   * most of its topics first, then the newest; the newest public articles fill in when too few share one.
   */
  relatedCandidates(id: number, limit: number): Promise<RelatedCandidate[]>;
  revisions(id: number): Promise<RevisionSummary[]>;
  revision(id: number, versao: number): Promise<Revision | null>;
  /**
   * Publishes every scheduled article due at `now`, each exactly once even when several instances claim
   * at the same moment, with one publicado revision each. Returns the ids this call published.
   */
  publishDue(now: string): Promise<number[]>;
  readonly sessions: SessionStore;
  readonly people: PeopleStore;
  readonly audit: AuditLog;
  readonly passkeys: PasskeyStore;
  readonly personalKeys: PersonalKeyStore;
  readonly signInAttempts: SignInAttemptStore;
  readonly profiles: ProfileStore;
  readonly topics: TopicStore;
  /**
   * Inserts or replaces raw bytes under (id_artigo, nome), without variants: for tests and imports only.
   * Uploads go through saveImageSet, which never replaces. Throws ArticleNotFoundError when the article is absent.
   */
  saveImage(image: StoredImageInput): Promise<{ id: number; nome: string }>;
  getImage(id_artigo: number, nome: string): Promise<StoredImage | null>;
  /**
   * Stores a processed image with its variants, all or nothing: imageSets() lists it only once
   * complete, and a failure leaves nothing behind. Never replaces: throws
   * ImageNameTakenError when the article already has an image under that name, ArticleNotFoundError
   * when the article is absent.
   */
  saveImageSet(set: NewImageSet): Promise<{ id: number; nome: string }>;
  /** A variant or the social image by its hashed file name (StoredImage.nome is that file name). */
  getImageVariant(id_artigo: number, arquivo: string): Promise<StoredImage | null>;
  /** An article's generated share image by its file name (StoredImage.nome is that file name). */
  getShareImage(id_artigo: number, arquivo: string): Promise<StoredImage | null>;
  /**
   * Keeps a generated share image (JPEG) as the article's only one: the image of an older title goes.
   * Another instance that stored the same name first wins (the drawing is the same). Throws
   * ArticleNotFoundError when the article is absent.
   */
  saveShareImage(id_artigo: number, arquivo: string, bytes: Buffer): Promise<void>;
  /** The processed images of these articles (by article, then upload order); images stored before the pipeline are left out. */
  imageSets(articleIds: number[]): Promise<ImageSet[]>;
  count(): Promise<number>;
  /**
   * Merges the search index into one piece after a bulk import (seconds at 100,000 articles): written a
   * thousand articles at a time, SQLite's index is left in dozens of pieces, each sought for every article
   * a search tests (160 ms for a page of a common word at 100,000 articles, 9 ms merged). Ordinary writes
   * keep it merged as they go.
   */
  compactSearchIndex(): Promise<void>;
  /** Cheap round trip used by /healthz and by the 503 logic; rejects when the database takes over 2 s. */
  ping(): Promise<void>;
  /** Subscribe to changes (this instance's writes, and other instances' on PostgreSQL). Returns an unsubscribe function. */
  subscribe(listener: (event: RepositoryEvent) => void): () => void;
  close(): Promise<void>;
}

export class VersionConflictError extends Error {
  constructor(
    readonly id: number,
    readonly currentVersion: number,
  ) {
    super(`article ${id} is at version ${currentVersion}`);
    this.name = 'VersionConflictError';
  }
}

/** Publishing a clinical article whose current version no doctor approved: nothing is written. */
export class ReviewRequiredError extends Error {
  constructor(readonly id: number | null) {
    super(`article ${id ?? '(new)'} needs a medical review before it goes public`);
    this.name = 'ReviewRequiredError';
  }
}

export class ArticleNotFoundError extends Error {
  constructor(readonly id: number) {
    super(`article ${id} not found`);
    this.name = 'ArticleNotFoundError';
  }
}

export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`a person with ${email} already exists`);
    this.name = 'EmailTakenError';
  }
}

export class LastAdministratorError extends Error {
  constructor() {
    super('the last active administrator cannot be demoted or deactivated');
    this.name = 'LastAdministratorError';
  }
}

export class ImageNameTakenError extends Error {
  constructor(
    readonly id_artigo: number,
    readonly nome: string,
  ) {
    super(`article ${id_artigo} already has an image named ${nome}`);
    this.name = 'ImageNameTakenError';
  }
}

export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`the profile address ${slug} is another person's`);
    this.name = 'SlugTakenError';
  }
}

export class TopicNameTakenError extends Error {
  constructor(readonly slug: string) {
    super(`the topic address ${slug} is another topic's`);
    this.name = 'TopicNameTakenError';
  }
}
