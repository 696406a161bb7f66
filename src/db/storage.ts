import type { ArticleStore } from './article-store.js';
import type { DatabaseStats } from './database-stats.js';
import type { AuditLog } from './audit-store.js';
import type { FormTokenStore } from './form-token-store.js';
import type { StatsStore } from './stats-store.js';
import type { EditionStore } from './edition-store.js';
import type { ImageStore } from './image-store.js';
import type { LeadStore } from './lead-store.js';
import type { OutboxStore } from './outbox-store.js';
import type { PasskeyStore } from './passkey-store.js';
import type { PeopleStore } from './people-store.js';
import type { PersonalKeyStore } from './personal-key-store.js';
import type { ProfileStore } from './profile-store.js';
import type { PublicArticleStore } from './public-article-store.js';
import type { RevisionStore } from './revision-store.js';
import type { SchedulingStore } from './scheduling-store.js';
import type { SearchStore } from './search-store.js';
import type { SecretStore } from './secret-store.js';
import type { SessionStore } from './session-store.js';
import type { SignInAttemptStore } from './sign-in-attempt-store.js';
import type { SubscriberStore } from './subscriber-store.js';
import type { TopicStore } from './topic-store.js';
import type { RepositoryEvent } from './repository.js';
import type { ReviewQueueStore } from './review-queue-store.js';
import type { CorrectionStore } from './correction-store.js';
import type { EditLockStore } from './edit-lock-store.js';
import type { NoteStore } from './note-store.js';
import type { ShareLinkStore } from './share-link-store.js';
import type { CalendarStore } from './calendar-store.js';
import type { ImportStore } from './import-store.js';

/** Storage: one store per aggregate over one database, and what concerns the database itself. */
export interface Repository {
  readonly kind: 'sqlite' | 'postgres';
  readonly articles: ArticleStore;
  readonly publicArticles: PublicArticleStore;
  readonly search: SearchStore;
  readonly revisions: RevisionStore;
  readonly images: ImageStore;
  readonly scheduling: SchedulingStore;
  readonly sessions: SessionStore;
  readonly people: PeopleStore;
  readonly audit: AuditLog;
  readonly passkeys: PasskeyStore;
  readonly personalKeys: PersonalKeyStore;
  readonly signInAttempts: SignInAttemptStore;
  readonly profiles: ProfileStore;
  readonly topics: TopicStore;
  /** Deliveries that leave the process (e-mail), durable and shared by every instance. */
  readonly outbox: OutboxStore;
  /** Secrets every instance shares (the key that signs form tokens and links). */
  readonly secrets: SecretStore;
  /** Demonstration requests, their notes and consent proofs. */
  readonly leads: LeadStore;
  /** Public form tokens already used, so each is good once on any instance. */
  readonly formTokens: FormTokenStore;
  /** The newsletter's subscribers and their proofs of consent. */
  readonly subscribers: SubscriberStore;
  /** The newsletter's editions; their deliveries are in the outbox. */
  readonly editions: EditionStore;
  /** Medical reviews by due date, and those awaiting one (issue 33). */
  readonly reviewQueue: ReviewQueueStore;
  /** Public corrections of published articles (issue 33). */
  readonly corrections: CorrectionStore;
  /** Who edits each article now, and the saves kept aside as suggestions (issue 34). */
  readonly editLocks: EditLockStore;
  /** The team's notes on drafts and pending changes, never shown to readers (issue 33). */
  readonly notes: NoteStore;
  /** Cookie-free statistics: counts, the day's salt, the numbers the team reads (issue 32). */
  readonly statistics: StatsStore;
  /** Read-only links to one version of an article for people without an account (issue 33). */
  readonly shareLinks: ShareLinkStore;
  /** Planned dates of drafts, the editorial calendar and its feeds (issue 33). */
  readonly calendar: CalendarStore;
  /** Imports of the archive (WordPress, Markdown) and where each imported article came from (issue 34). */
  readonly imports: ImportStore;
  /** Cheap round trip used by /healthz and by the 503 logic; rejects when the database takes over 2 s. */
  ping(): Promise<void>;
  /** The pool and the failed queries, read by the operator's metrics. */
  readonly stats: DatabaseStats;
  /** Subscribe to changes (this instance's writes, and other instances' on PostgreSQL). Returns an unsubscribe function. */
  subscribe(listener: (event: RepositoryEvent) => void): () => void;
  close(): Promise<void>;
}
