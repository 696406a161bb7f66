import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { postalAddressSchema, type PostalAddress } from './postal-address.js';
import { parseWeeklySchedule, type WeeklySchedule } from './weekly-schedule.js';

/**
 * The whole configuration, read once from the environment and validated here.
 * Anything invalid stops start-up with a message naming the variable.
 */

/**
 * Audit rows younger than this the database refuses to delete (migration 13 of both databases spells the
 * same number): six months, what the Marco Civil (art. 15) asks of records of access to an application.
 */
export const AUDIT_RETENTION_FLOOR_DAYS = 184;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const origin = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} deve ser uma URL http(s) absoluta` })
    .transform((value) => value.replace(/\/+$/, ''));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // No default: in development it follows PORT (loadConfig); production must name its public address.
  SITE_URL: origin('SITE_URL').optional(),
  APP_URL: origin('APP_URL').default('https://app.prontivo.com.br'),
  API_BASE_PATH: z
    .string()
    .regex(/^\/[a-z0-9/-]*[a-z0-9]$/, 'API_BASE_PATH deve começar com / e conter apenas a-z, 0-9, - e /')
    .default('/api'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve começar com postgres:// ou postgresql://')
    .optional(),
  SQLITE_PATH: z.string().min(1).default('data/site.db'),
  DATA_DIR: z.string().min(1).default('data'),
  EDITOR_KEYS: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PAGE_CACHE_MAX_AGE: z.coerce.number().int().min(0).default(60),
  PAGE_CACHE_STALE: z.coerce.number().int().min(0).default(600),
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
  // At most 60 s: a scheduled article must be out within a minute of its time.
  SCHEDULER_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(50, 'SCHEDULER_INTERVAL_MS deve ficar entre 50 e 60000')
    .max(60_000, 'SCHEDULER_INTERVAL_MS deve ficar entre 50 e 60000')
    .default(15_000),
  // No default here: sample articles are only for a developer's empty database (see loadConfig).
  SEED_SAMPLE_ARTICLES: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z.string().default('loopback'),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(15_000),
  // A 10 MB upload at 512 kbit/s takes about 160 s.
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(300_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  EDITOR_KEY_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  EDITOR_KEY_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  SIGN_IN_PAIR_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  SIGN_IN_DELAY_STEP_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  PRODUCT_NAME: z.string().min(1).default('Prontivo'),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'PRODUCT_SLUG deve ser um slug (a-z, 0-9 e hífens)')
    .default('prontivo'),
  COMPANY_NAME: z.string().min(1).default('Prontivo Tecnologia em Saúde Ltda.'),
  CONTACT_PHONE: z.string().regex(/^\+\d{10,15}$/, 'CONTACT_PHONE deve estar no formato +5511912345678').default('+5511912345678'),
  CONTACT_PHONE_DISPLAY: z.string().min(1).default('(11) 91234-5678'),
  CONTACT_EMAIL: z.email({ error: 'CONTACT_EMAIL deve ser um e-mail válido' }).default('contato@prontivo.com.br'),
  WHATSAPP_URL: z.url({ protocol: /^https$/, error: 'WHATSAPP_URL deve ser uma URL https' }).default('https://wa.me/5511912345678'),
  CNPJ: z.string().regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, 'CNPJ deve estar no formato 00.000.000/0000-00').default('11.222.333/0001-81'),
  COPYRIGHT_YEAR: z.coerce.number().int().min(2000).max(2100).default(2025),
  // The outbox's worker (src/outbox): how often an idle instance looks for due deliveries, and how many it sends at once.
  OUTBOX_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(50, 'OUTBOX_INTERVAL_MS deve ficar entre 50 e 60000')
    .max(60_000, 'OUTBOX_INTERVAL_MS deve ficar entre 50 e 60000')
    .default(1_000),
  // How long a claim holds its deliveries: far above one send's worst time (about 50 s, src/outbox/email-sender.ts),
  // so that only a dead instance's deliveries are claimed again, once it has passed.
  OUTBOX_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1_000, 'OUTBOX_LEASE_MS deve ficar entre 1000 e 3600000')
    .max(3_600_000, 'OUTBOX_LEASE_MS deve ficar entre 1000 e 3600000')
    .default(120_000),
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1, 'OUTBOX_BATCH_SIZE deve ficar entre 1 e 100').max(100, 'OUTBOX_BATCH_SIZE deve ficar entre 1 e 100').default(10),
  // Without it nothing is e-mailed: invitation and reset links are handed over by an administrator.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL deve ser uma URL smtp:// ou smtps:// (ex.: smtp://usuario:senha@servidor:587)' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'MAIL_FROM deve ser um endereço, como "Prontivo <nao-responda@prontivo.com.br>"')
    .optional(),
  COMPANY_ADDRESS: postalAddressSchema('COMPANY_ADDRESS').prefault('Av. Paulista, 1000, sala 101, Bela Vista, São Paulo - SP, 01310-100'),
  // No defaults here: production must name a real encarregado (LGPD art. 41); see loadConfig.
  DPO_NAME: z.string().trim().min(1, 'DPO_NAME não pode ficar vazio').optional(),
  DPO_EMAIL: z.email({ error: 'DPO_EMAIL deve ser um e-mail válido' }).optional(),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // A day above the floor below which the database refuses to delete audit rows (migration 13), so that
  // the clocks of the server and of PostgreSQL, a little apart, never make a prune touch a guarded row.
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(AUDIT_RETENTION_FLOOR_DAYS + 1, `AUDIT_RETENTION_DAYS deve ser de pelo menos ${AUDIT_RETENTION_FLOOR_DAYS + 1} dias`)
    .max(3650)
    .default(365),
  LOG_FULL_IP: z.enum(['true', 'false']).default('false'),
  // Without it /metrics does not exist (404): metrics are never public by accident. An empty value counts as unset.
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().min(32, 'METRICS_TOKEN deve ter pelo menos 32 caracteres').optional()),
  LEAD_RETENTION_MONTHS: z.coerce.number().int().min(1, 'LEAD_RETENTION_MONTHS deve ser de pelo menos 1 mês').max(120, 'LEAD_RETENTION_MONTHS deve ser de no máximo 120 meses').default(24),
  // Without it no demonstration request is sent to a CRM (src/outbox/webhook-sender.ts).
  LEADS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'LEADS_WEBHOOK_URL deve ser uma URL http(s) absoluta' }).optional(),
  // Long enough that it cannot be guessed from the signatures a receiver logs.
  LEADS_WEBHOOK_SECRET: z.string().min(32, 'LEADS_WEBHOOK_SECRET deve ter pelo menos 32 caracteres').optional(),
  // Down to 1 s so that tests see the doubling; up to an hour, past which the 24 h window holds few attempts.
  LEADS_WEBHOOK_RETRY_BASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'LEADS_WEBHOOK_RETRY_BASE_SECONDS deve ficar entre 1 e 3600')
    .max(3_600, 'LEADS_WEBHOOK_RETRY_BASE_SECONDS deve ficar entre 1 e 3600')
    .default(60),
  // Demonstration requests per client address per hour, across instances; past it, 429.
  LEAD_RATE_LIMIT: z.coerce.number().int().min(1, 'LEAD_RATE_LIMIT deve ser pelo menos 1').default(5),
  // Where each new demonstration request is e-mailed (needs SMTP_URL); without it, none is.
  SALES_EMAIL: z.email({ error: 'SALES_EMAIL deve ser um e-mail válido' }).optional(),
  // The newsletter (src/workflow/newsletter-*.ts): when the digest goes out, how fast, and how often one address or one client may ask for it.
  NEWSLETTER_SCHEDULE: z
    .string()
    .default('terça 10:00')
    .transform((text, ctx) => {
      const schedule = parseWeeklySchedule(text);
      if (!schedule) ctx.addIssue({ code: 'custom', message: 'NEWSLETTER_SCHEDULE deve ser "dia-da-semana HH:MM" no horário de Brasília, como "terça 10:00"' });
      return schedule ?? z.NEVER;
    }),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1, 'NEWSLETTER_RATE_PER_MINUTE deve ficar entre 1 e 100000')
    .max(100_000, 'NEWSLETTER_RATE_PER_MINUTE deve ficar entre 1 e 100000')
    .default(600),
  NEWSLETTER_CONFIRMATIONS_PER_DAY: z.coerce.number().int().min(1, 'NEWSLETTER_CONFIRMATIONS_PER_DAY deve ser pelo menos 1').max(20).default(3),
  NEWSLETTER_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1, 'NEWSLETTER_SIGNUPS_PER_HOUR deve ser pelo menos 1').default(10),
  // Issue 33: how long a doctor's approval holds before the article is due for review again, when the reviewer names no other span.
  REVIEW_INTERVAL_MONTHS: z.coerce.number().int().min(3, 'REVIEW_INTERVAL_MONTHS deve ficar entre 3 e 36').max(36, 'REVIEW_INTERVAL_MONTHS deve ficar entre 3 e 36').default(12),
  // The São Paulo hour of the revisores' daily reminder of overdue and due reviews.
  REVIEW_REMINDER_HOUR: z.coerce.number().int().min(0, 'REVIEW_REMINDER_HOUR deve ficar entre 0 e 23').max(23, 'REVIEW_REMINDER_HOUR deve ficar entre 0 e 23').default(7),
  // Notes on drafts: the authors get the first new note at once, further ones together after this many minutes.
  NOTE_MAIL_BATCH_MINUTES: z.coerce.number().int().min(1, 'NOTE_MAIL_BATCH_MINUTES deve ficar entre 1 e 1440').max(1_440, 'NOTE_MAIL_BATCH_MINUTES deve ficar entre 1 e 1440').default(10),
  // Where readers report an error in an article (the editorial policy page); default: CONTACT_EMAIL.
  EDITORIAL_EMAIL: z.email({ error: 'EDITORIAL_EMAIL deve ser um e-mail válido' }).optional(),
  // Issue 32: cookie-free statistics counted by the server; false counts nothing (the bench compares both).
  STATS_ENABLED: z.enum(['true', 'false']).default('true'),
  STATS_HOURLY_DAYS: z.coerce.number().int().min(1, 'STATS_HOURLY_DAYS deve ser pelo menos 1').max(3650).default(90),
  STATS_DAILY_MONTHS: z.coerce.number().int().min(1, 'STATS_DAILY_MONTHS deve ser pelo menos 1').max(120).default(25),
  STATS_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100, 'STATS_FLUSH_INTERVAL_MS deve ser pelo menos 100').max(60_000, 'STATS_FLUSH_INTERVAL_MS deve ser no máximo 60000').default(5_000),
});

export interface EditorKey {
  author: string;
  secret: string;
}

export interface SiteConfig {
  productName: string;
  productSlug: string;
  companyName: string;
  siteUrl: string;
  appUrl: string;
  phone: string;
  phoneDisplay: string;
  email: string;
  whatsappUrl: string;
  cnpj: string;
  copyrightYear: number;
  companyAddress: PostalAddress;
  privacy: PrivacyConfig;
  editorial: EditorialConfig;
}

/** What the editorial policy states, read from the same settings the review queue obeys (issue 33). */
export interface EditorialConfig {
  /** An approval holds this many months unless the reviewer names another span (3 to 36). */
  reviewIntervalMonths: number;
  /** Where readers report an error. */
  email: string;
}

/** What the privacy policy states, read from the same settings the code obeys. */
export interface PrivacyConfig {
  /** The encarregado (data protection officer) of LGPD art. 41, shown on every page. */
  dpoName: string;
  dpoEmail: string;
  /** How long the access logs are kept: the log collector deletes them after this (README). */
  logRetentionDays: number;
  /** Audit rows older than this are deleted by the server. */
  auditRetentionDays: number;
  /** Whether logs keep whole client addresses instead of truncated ones. */
  logFullIp: boolean;
  /** Demonstration requests that did not become customers are deleted this many months after they were made. */
  leadRetentionMonths: number;
  /** The statistics' hourly rows are kept this many days, their daily rows this many months. */
  statsHourlyDays: number;
  statsDailyMonths: number;
}

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  apiBasePath: string;
  databaseUrl: string | undefined;
  sqlitePath: string;
  dataDir: string;
  editorKeys: EditorKey[];
  /** Set when no EDITOR_KEYS was given outside production: printed once at start-up. */
  generatedEditorKey: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  pageCache: { maxAge: number; staleWhileRevalidate: number; maxEntries: number };
  /** How often each instance publishes the scheduled articles that are due. */
  schedulerIntervalMs: number;
  seedSampleArticles: boolean;
  trustProxy: string;
  /** Node's server timeouts: a server that may face the internet without a proxy in front. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** Wrong or missing editor keys allowed per client address in a window before answering 429. */
  editorKeyFailures: { max: number; windowMs: number };
  /**
   * Password sign-in, in the same window: refused (429) past `pairMax` failures for one account from one
   * address; past as many failures for an account from anywhere, each attempt waits `delayStepMs` more.
   */
  signIn: { pairMax: number; delayStepMs: number };
  /** Outgoing e-mail: absent without SMTP_URL. */
  mail: MailConfig | undefined;
  /** The CRM webhook for demonstration requests: absent without LEADS_WEBHOOK_URL. */
  leadsWebhook: WebhookConfig | undefined;
  /** The outbox's worker: polling interval of an idle instance, deliveries claimed and sent at once, and a claim's lease. */
  outbox: { intervalMs: number; batchSize: number; leaseMs: number };
  /** Demonstration requests: submissions allowed per client address per hour, and where each new one is e-mailed. */
  leads: { rateLimit: number; salesEmail: string | undefined };
  newsletter: NewsletterConfig;
  /** The bearer token GET /metrics asks for; absent, there are no metrics (nothing is counted, /metrics is 404). */
  metricsToken: string | undefined;
  /** The São Paulo hour (0-23) of the revisores' daily reminder. */
  reviewReminderHour: number;
  /** Minutes during which further notes on an article wait to go to its authors in one message. */
  noteMailBatchMinutes: number;
  /** Cookie-free statistics: counted at all, and how often each instance adds its counts to the database. */
  stats: { enabled: boolean; flushIntervalMs: number };
  site: SiteConfig;
}

export interface NewsletterConfig {
  /** When the weekly digest is sent. */
  schedule: WeeklySchedule;
  /** Edition messages per minute, across every instance. */
  ratePerMinute: number;
  /** Confirmation (or "already subscribed") e-mails one address may receive in a day. */
  confirmationsPerDay: number;
  /** Sign-up forms one client address may send in an hour (then 429). */
  signupsPerHour: number;
}

export interface MailConfig {
  smtpUrl: string;
  /** The From header: MAIL_FROM, or the product's name at nao-responda@ the site's host. */
  from: string;
}

export interface WebhookConfig {
  url: string;
  /** The HMAC-SHA256 key of X-Prontivo-Signature, shared with the receiver. */
  secret: string;
  /** The wait before the first retry; each next one waits twice as long. */
  retryBaseMs: number;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Configuração inválida:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEFAULT_AUTHOR = 'Equipe editorial';

/** A placeholder encarregado, so that `npm start` works on a fresh machine; production must name the real one. */
const DEVELOPMENT_DPO = { name: 'Mariana Alves', email: 'privacidade@prontivo.com.br' };

export function parseEditorKeys(raw: string): EditorKey[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const separator = entry.lastIndexOf(':');
      if (separator === -1) return { author: DEFAULT_AUTHOR, secret: entry };
      return { author: entry.slice(0, separator).trim() || DEFAULT_AUTHOR, secret: entry.slice(separator + 1).trim() };
    });
}

/** "Prontivo <nao-responda@prontivo.com.br>" for https://www.prontivo.com.br: replies go nowhere, and the name says whose it is. */
function defaultSender(productName: string, siteUrl: string): string {
  const host = new URL(siteUrl).hostname.replace(/^www\./, '');
  return `${productName.replace(/[<>"]/g, '')} <nao-responda@${host}>`;
}

/** What the operators' commands (src/ops) need: where the database is, and how much to log. */
export type StorageConfig = Pick<Config, 'env' | 'databaseUrl' | 'sqlitePath' | 'dataDir' | 'logLevel'>;

/**
 * The storage settings alone, read with the same rules as the server's: a backup or a migration needs
 * the database, not the editor keys or the encarregado that a production server must have.
 */
export function loadStorageConfig(environment: NodeJS.ProcessEnv = process.env): StorageConfig {
  const parsed = EnvSchema.pick({ NODE_ENV: true, DATABASE_URL: true, SQLITE_PATH: true, DATA_DIR: true, LOG_LEVEL: true }).safeParse(environment);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const env = parsed.data;
  return { env: env.NODE_ENV, databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH, dataDir: env.DATA_DIR, logLevel: env.LOG_LEVEL };
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  // Where a developer's browser opens the site: links and passkeys then work on any PORT.
  const env = { ...parsed.data, SITE_URL: parsed.data.SITE_URL ?? `http://localhost:${parsed.data.PORT}` };

  let editorKeys = env.EDITOR_KEYS ? parseEditorKeys(env.EDITOR_KEYS) : [];
  const weak = editorKeys.find((key) => key.secret.length < 12);
  if (weak) throw new ConfigError(['EDITOR_KEYS: cada chave deve ter pelo menos 12 caracteres']);

  if (env.NODE_ENV === 'production') {
    const missing = [
      ...(editorKeys.length > 0 ? [] : ['EDITOR_KEYS: obrigatória em produção (ex.: "Maria Souza:uma-chave-longa")']),
      ...(env.DPO_NAME ? [] : ['DPO_NAME: obrigatório em produção (nome do encarregado de dados, LGPD art. 41)']),
      ...(env.DPO_EMAIL ? [] : ['DPO_EMAIL: obrigatório em produção (e-mail do encarregado de dados, LGPD art. 41)']),
      ...(parsed.data.SITE_URL ? [] : ['SITE_URL: obrigatória em produção (o endereço público do site, ex.: https://www.prontivo.com.br): links de convite, passkeys, sitemap e canonical dependem dela']),
    ];
    if (missing.length > 0) throw new ConfigError(missing);
  }

  // An unsigned webhook would let anyone who learns the URL post fake leads into the CRM.
  if (env.LEADS_WEBHOOK_URL && !env.LEADS_WEBHOOK_SECRET) {
    throw new ConfigError(['LEADS_WEBHOOK_SECRET: obrigatório quando LEADS_WEBHOOK_URL está definida (pelo menos 32 caracteres)']);
  }

  let generatedEditorKey: string | undefined;
  if (editorKeys.length === 0) {
    generatedEditorKey = randomBytes(18).toString('base64url');
    editorKeys = [{ author: DEFAULT_AUTHOR, secret: generatedEditorKey }];
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    apiBasePath: env.API_BASE_PATH,
    databaseUrl: env.DATABASE_URL,
    sqlitePath: env.SQLITE_PATH,
    dataDir: env.DATA_DIR,
    editorKeys,
    generatedEditorKey,
    logLevel: env.LOG_LEVEL,
    schedulerIntervalMs: env.SCHEDULER_INTERVAL_MS,
    pageCache: {
      maxAge: env.PAGE_CACHE_MAX_AGE,
      staleWhileRevalidate: env.PAGE_CACHE_STALE,
      maxEntries: env.PAGE_CACHE_ENTRIES,
    },
    seedSampleArticles: env.SEED_SAMPLE_ARTICLES === undefined ? env.NODE_ENV === 'development' : env.SEED_SAMPLE_ARTICLES === 'true',
    trustProxy: env.TRUST_PROXY,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    editorKeyFailures: { max: env.EDITOR_KEY_MAX_FAILURES, windowMs: env.EDITOR_KEY_FAILURE_WINDOW_MINUTES * 60_000 },
    signIn: { pairMax: env.SIGN_IN_PAIR_MAX_FAILURES, delayStepMs: env.SIGN_IN_DELAY_STEP_MS },
    outbox: { intervalMs: env.OUTBOX_INTERVAL_MS, batchSize: env.OUTBOX_BATCH_SIZE, leaseMs: env.OUTBOX_LEASE_MS },
    leadsWebhook:
      env.LEADS_WEBHOOK_URL && env.LEADS_WEBHOOK_SECRET
        ? { url: env.LEADS_WEBHOOK_URL, secret: env.LEADS_WEBHOOK_SECRET, retryBaseMs: env.LEADS_WEBHOOK_RETRY_BASE_SECONDS * 1_000 }
        : undefined,
    leads: { rateLimit: env.LEAD_RATE_LIMIT, salesEmail: env.SALES_EMAIL },
    metricsToken: env.METRICS_TOKEN,
    reviewReminderHour: env.REVIEW_REMINDER_HOUR,
    noteMailBatchMinutes: env.NOTE_MAIL_BATCH_MINUTES,
    stats: { enabled: env.STATS_ENABLED === 'true', flushIntervalMs: env.STATS_FLUSH_INTERVAL_MS },
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? defaultSender(env.PRODUCT_NAME, env.SITE_URL) } : undefined,
    newsletter: {
      schedule: env.NEWSLETTER_SCHEDULE,
      ratePerMinute: env.NEWSLETTER_RATE_PER_MINUTE,
      confirmationsPerDay: env.NEWSLETTER_CONFIRMATIONS_PER_DAY,
      signupsPerHour: env.NEWSLETTER_SIGNUPS_PER_HOUR,
    },
    site: {
      productName: env.PRODUCT_NAME,
      productSlug: env.PRODUCT_SLUG,
      companyName: env.COMPANY_NAME,
      siteUrl: env.SITE_URL,
      appUrl: env.APP_URL,
      phone: env.CONTACT_PHONE,
      phoneDisplay: env.CONTACT_PHONE_DISPLAY,
      email: env.CONTACT_EMAIL,
      whatsappUrl: env.WHATSAPP_URL,
      cnpj: env.CNPJ,
      copyrightYear: env.COPYRIGHT_YEAR,
      companyAddress: env.COMPANY_ADDRESS,
      privacy: {
        dpoName: env.DPO_NAME ?? DEVELOPMENT_DPO.name,
        dpoEmail: env.DPO_EMAIL ?? DEVELOPMENT_DPO.email,
        logRetentionDays: env.LOG_RETENTION_DAYS,
        auditRetentionDays: env.AUDIT_RETENTION_DAYS,
        logFullIp: env.LOG_FULL_IP === 'true',
        leadRetentionMonths: env.LEAD_RETENTION_MONTHS,
        statsHourlyDays: env.STATS_HOURLY_DAYS,
        statsDailyMonths: env.STATS_DAILY_MONTHS,
      },
      editorial: { reviewIntervalMonths: env.REVIEW_INTERVAL_MONTHS, email: env.EDITORIAL_EMAIL ?? env.CONTACT_EMAIL },
    },
  };
}
