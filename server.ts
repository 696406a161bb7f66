/** Entry point: read the configuration, open storage, build the app, listen, shut down gracefully. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './src/app.js';
import { clientAddressOf, withAccessLog } from './src/http/access-log.js';
import { createAppContext } from './src/http/app-context.js';
import { ConfigError, loadConfig } from './src/config.js';
import { openRepository } from './src/open-storage.js';
import { seedIfEmpty } from './src/db/seed.js';
import { createDrain } from './src/http/graceful-shutdown.js';
import { listeningMessage } from './src/http/listening-address.js';
import { serveMode } from './src/http/serve-mode.js';
import { serverOptions } from './src/http/server-options.js';
import { withPageViews } from './src/http/page-views.js';
import { startStatsFlush } from './src/workflow/page-stats.js';
import { createLogger } from './src/logger.js';
import { EDITOR_KEY_FILE } from './src/editor-key-file.js';
import { withRememberedEditorKey } from './src/remembered-editor-key.js';
import { startRetention } from './src/workflow/retention.js';
import { startPublishScheduler } from './src/workflow/publish-scheduler.js';
import { startOutbox } from './src/outbox/start-outbox.js';
import { startNewsletter } from './src/workflow/newsletter-editions.js';
import { startReviewReminder } from './src/workflow/review-reminder.js';
import { startNoteMail } from './src/workflow/note-mail.js';
import { absoluteUrl } from './src/lib/absolute-url.js';
import { editArticlePath, PATHS } from './src/routes/paths.js';

const SHUTDOWN_GRACE_MS = 8_000;

async function main() {
  const config = withRememberedEditorKey(loadConfig());
  const logger = createLogger(config);
  const repo = await openRepository(config, logger);
  if (config.seedSampleArticles) await seedIfEmpty(repo, logger);
  const mode = serveMode(import.meta.url);
  const ctx = createAppContext({ config, repo, logger, ...(await mode.files(config, logger)) });
  const drain = createDrain(SHUTDOWN_GRACE_MS, () => logger.warn('tempo de encerramento esgotado; fechando conexões restantes'));
  const app = createApp(ctx);
  const clientAddress = clientAddressOf(app);
  const counted = withPageViews({ routes: ctx.routes, stats: ctx.stats, siteUrl: config.site.siteUrl }, clientAddress, await mode.listener(ctx, app, drain));
  const server = createServer(serverOptions(config), withAccessLog(logger, clientAddress, counted, ctx.metrics?.responded));
  const scheduler = startPublishScheduler(repo, logger, config.schedulerIntervalMs);
  const retention = startRetention(repo, logger, config.site.privacy);
  const statistics = ctx.stats ? startStatsFlush(ctx.stats, config.stats.flushIntervalMs, logger) : undefined;
  const outbox = startOutbox(config, repo, logger, ctx.newsletterLinks);
  const newsletter = startNewsletter(repo, config.site, ctx.newsletterLinks, config.newsletter, config.schedulerIntervalMs, logger);
  // Without SMTP there is no one to remind: the reminder would only wait in the outbox.
  const reminder = config.mail
    ? startReviewReminder(repo, config.site, logger, { hour: config.reviewReminderHour, queueUrl: absoluteUrl(config.site, PATHS.reviewQueue) })
    : undefined;
  const noteMail = config.mail
    ? startNoteMail(repo, config.site, logger, { batchMinutes: config.noteMailBatchMinutes, editorUrl: (id) => absoluteUrl(config.site, editArticlePath(id)) })
    : undefined;
  server.listen(config.port, () => {
    const address = server.address() as AddressInfo;
    logger.info({ port: address.port, database: repo.kind, env: config.env }, listeningMessage(address, config.site.siteUrl));
    if (config.generatedEditorKey) {
      logger.warn(`EDITOR_KEYS não definida: chave de editor ${config.generatedEditorKey} (guardada em ${config.dataDir}/${EDITOR_KEY_FILE})`);
    }
  });
  const shutdown = (signal: string) => {
    if (drain.draining) return;
    logger.info({ signal }, 'encerrando: parando de aceitar conexões');
    const close = async () => {
      await Promise.all([scheduler.stop(), retention.stop(), outbox?.stop(), newsletter.stop(), reminder?.stop(), noteMail?.stop(), statistics?.stop()]);
      await repo.close();
      logger.info('encerrado');
      process.exit(0);
    };
    drain.begin(server, () => {
      close().catch((error: unknown) => {
        logger.error({ err: error }, 'falha ao encerrar');
        process.exit(1);
      });
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Falha ao iniciar o servidor:', error);
  process.exit(1);
});
