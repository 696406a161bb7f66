import { sql } from 'kysely';
import { SqlReviewQueueStore } from './sql-review-queue-store.js';
import { SqlCorrectionStore } from './sql-correction-store.js';
import { SqlNoteStore } from './sql-note-store.js';
import { SqlShareLinkStore } from './sql-share-link-store.js';
import { SqlCalendarStore } from './sql-calendar-store.js';
import { SqlImportStore } from './sql-import-store.js';
import type { Logger } from '../logger.js';
import type { ReviewDecisions } from './article-store.js';
import { ArticleWrites } from './article-writes.js';
import { CompiledShapes } from './compiled-shapes.js';
import type { DatabaseStats } from './database-stats.js';
import { migrate } from './migrate.js';
import type { RepositoryEvent } from './repository.js';
import type { Repository } from './storage.js';
import type { AuditLog } from './audit-store.js';
import type { EditionStore } from './edition-store.js';
import type { OutboxStore } from './outbox-store.js';
import type { SecretStore } from './secret-store.js';
import type { LeadStore } from './lead-store.js';
import type { FormTokenStore } from './form-token-store.js';
import type { StatsStore } from './stats-store.js';
import type { PasskeyStore } from './passkey-store.js';
import type { PeopleStore } from './people-store.js';
import type { PersonalKeyStore } from './personal-key-store.js';
import type { ProfileStore } from './profile-store.js';
import type { SessionStore } from './session-store.js';
import type { SignInAttemptStore } from './sign-in-attempt-store.js';
import type { SubscriberStore } from './subscriber-store.js';
import type { TopicStore } from './topic-store.js';
import { RepositoryEvents } from './repository-events.js';
import type { SqlDialect } from './sql-dialect.js';
import { SqlArticleStore } from './sql-article-store.js';
import { sqlAudit } from './sql-audit-store.js';
import { SqlImageStore } from './sql-image-store.js';
import { sqlEditions } from './sql-edition-store.js';
import { sqlOutbox } from './sql-outbox-store.js';
import { sqlSecrets } from './sql-secret-store.js';
import { sqlLeads } from './sql-lead-store.js';
import { sqlFormTokens } from './sql-form-token-store.js';
import { sqlEditLocks } from './sql-edit-lock-store.js';
import type { EditLockStore } from './edit-lock-store.js';
import { sqlStats } from './sql-stats-store.js';
import { sqlPasskeys } from './sql-passkey-store.js';
import { sqlPeople } from './sql-people-store.js';
import { sqlPersonalKeys } from './sql-personal-key-store.js';
import { createPendingProfiles, sqlProfiles } from './sql-profile-store.js';
import { SqlPublicArticleStore } from './sql-public-article-store.js';
import { SqlRevisionStore } from './sql-revision-store.js';
import { SqlSchedulingStore } from './sql-scheduling-store.js';
import { SqlSearchStore } from './sql-search-store.js';
import { sqlSessions } from './sql-session-store.js';
import { sqlSignInAttempts } from './sql-sign-in-attempt-store.js';
import { sqlSubscribers } from './sql-subscriber-store.js';
import { sqlTopics } from './sql-topic-store.js';

const PING_TIMEOUT_MS = 2_000;

/**
 * The repository over either database: migrated, and hearing the other instances' changes. `review`
 * holds the medical review's decisions (src/workflow), which the article writes apply in their transaction.
 */
export async function openSqlRepository(dialect: SqlDialect, logger: Logger, review: ReviewDecisions): Promise<Repository> {
  try {
    await migrate(dialect, logger);
    await dialect.indexPending();
    await createPendingProfiles(dialect);
    const repo = new SqlRepository(dialect, logger, review);
    await dialect.listen((event) => repo.events.emit(event));
    return repo;
  } catch (error) {
    await dialect.close().catch(() => undefined);
    throw error;
  }
}

/** Every store over one dialect: one Kysely instance, one set of subscribers, the same transactions as ever. */
class SqlRepository implements Repository {
  readonly kind: 'sqlite' | 'postgres';
  readonly events: RepositoryEvents;
  readonly articles: SqlArticleStore;
  readonly publicArticles: SqlPublicArticleStore;
  readonly search: SqlSearchStore;
  readonly revisions: SqlRevisionStore;
  readonly images: SqlImageStore;
  readonly scheduling: SqlSchedulingStore;
  readonly sessions: SessionStore;
  readonly people: PeopleStore;
  readonly audit: AuditLog;
  readonly passkeys: PasskeyStore;
  readonly personalKeys: PersonalKeyStore;
  readonly signInAttempts: SignInAttemptStore;
  readonly profiles: ProfileStore;
  readonly topics: TopicStore;
  readonly outbox: OutboxStore;
  readonly secrets: SecretStore;
  readonly leads: LeadStore;
  readonly formTokens: FormTokenStore;
  readonly subscribers: SubscriberStore;
  readonly editions: EditionStore;
  readonly reviewQueue: SqlReviewQueueStore;
  readonly corrections: SqlCorrectionStore;
  readonly editLocks: EditLockStore;
  readonly notes: SqlNoteStore;
  readonly statistics: StatsStore;
  readonly shareLinks: SqlShareLinkStore;
  readonly calendar: SqlCalendarStore;
  readonly imports: SqlImportStore;
  private closed = false;

  constructor(
    private readonly dialect: SqlDialect,
    logger: Logger,
    review: ReviewDecisions,
  ) {
    this.kind = dialect.kind;
    this.events = new RepositoryEvents(logger);
    const context = { dialect, events: this.events, reads: new CompiledShapes() };
    const writes = new ArticleWrites(dialect, review);
    const emit = (event: RepositoryEvent) => this.events.emit(event);
    this.articles = new SqlArticleStore(context, writes, review);
    this.publicArticles = new SqlPublicArticleStore(context);
    this.search = new SqlSearchStore(context);
    this.revisions = new SqlRevisionStore(context);
    this.images = new SqlImageStore(context, writes);
    this.scheduling = new SqlSchedulingStore(context, writes);
    this.sessions = sqlSessions(dialect.db);
    this.people = sqlPeople(dialect);
    this.audit = sqlAudit(dialect.db);
    this.passkeys = sqlPasskeys(dialect.db);
    this.personalKeys = sqlPersonalKeys(dialect.db);
    this.signInAttempts = sqlSignInAttempts(dialect.db);
    this.profiles = sqlProfiles(dialect, emit);
    this.topics = sqlTopics(dialect, emit);
    this.outbox = sqlOutbox(dialect);
    this.secrets = sqlSecrets(dialect.db);
    this.leads = sqlLeads(dialect.db);
    this.formTokens = sqlFormTokens(dialect.db);
    this.subscribers = sqlSubscribers(dialect);
    this.editions = sqlEditions(dialect);
    this.reviewQueue = new SqlReviewQueueStore(context, writes);
    this.corrections = new SqlCorrectionStore(context, writes);
    this.editLocks = sqlEditLocks(dialect.db);
    this.notes = new SqlNoteStore(context, writes);
    this.statistics = sqlStats(dialect.db);
    this.shareLinks = new SqlShareLinkStore(context);
    this.calendar = new SqlCalendarStore(context);
    this.imports = new SqlImportStore(context, this.articles);
  }

  get stats(): DatabaseStats {
    return this.dialect.stats;
  }

  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('o banco de dados não respondeu a tempo')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([sql`SELECT 1`.execute(this.dialect.db), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  subscribe(listener: (event: RepositoryEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.events.clear();
    await this.dialect.close();
  }
}
