import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodicTask } from '../../src/lib/periodic-task.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { addDays, saoPauloDay, saoPauloHour } from '../../src/workflow/review-schedule.js';
import { startReviewReminder } from '../../src/workflow/review-reminder.js';
import { createArticle, createTestApp, TEST_EDITOR_KEY, type TestApp } from '../support/app.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';

const SITE_URL = 'https://www.prontivo.test';
const REVISORES = ['rita.alves@clinica.com.br', 'paulo.reis@clinica.com.br'];

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The daily reminder: two instances on one database, a real SMTP server, one message per revisor per day (issue 33). */
describe('lembrete diário de revisões (duas instâncias, um banco SQLite, servidor SMTP local)', () => {
  let inbox: MailInbox;
  let shared: string;
  let a: TestApp;
  let b: TestApp;
  const tasks: PeriodicTask[] = [];

  beforeAll(async () => {
    inbox = await startMailInbox();
    shared = mkdtempSync(join(tmpdir(), 'lembrete-'));
    const env = { SITE_URL, SMTP_URL: inbox.url, OUTBOX_INTERVAL_MS: '50', SQLITE_PATH: join(shared, 'site.db') };
    a = await createTestApp({ assets: DEV_ASSETS, env });
    b = await createTestApp({ assets: DEV_ASSETS, env });
    const expira_em = new Date(Date.now() + 86_400_000).toISOString();
    await a.repo.people.invite({ nome: 'Rita Alves', email: REVISORES[0]!, papel: 'revisor' }, { token_hash: 'convite-rita', expira_em });
    await a.repo.people.invite({ nome: 'Paulo Reis', email: REVISORES[1]!, papel: 'revisor' }, { token_hash: 'convite-paulo', expira_em });
    await a.repo.people.invite({ nome: 'Edu Rocha', email: 'edu.rocha@clinica.com.br', papel: 'editor' }, { token_hash: 'convite-edu', expira_em });
  });
  afterAll(async () => {
    await Promise.all(tasks.map((task) => task.stop()));
    await b?.close();
    await a?.close();
    await inbox?.close();
    rmSync(shared, { recursive: true, force: true });
  });

  it('sends nothing while nothing is overdue or due within 14 days', async () => {
    const later = await createArticle(a.repo);
    await a.repo.reviewQueue.setNextReview(later.id, addDays(saoPauloDay(new Date()), 20));
    const now = await request(b.app).post('/api/revisoes/lembrete').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({}).expect(200);
    expect(now.body.value).toEqual({ dia: saoPauloDay(new Date()), itens: 0, enviados: 0 });
    await settle(300);
    expect(inbox.received).toEqual([]);
  });

  it('delivers exactly one message to each revisor when both instances run the task, and the administrators’ button adds none', async () => {
    const today = saoPauloDay(new Date());
    const overdue = await createArticle(a.repo, { titulo: 'Hipertensão no idoso' });
    const due = await createArticle(a.repo, { titulo: 'Diabetes tipo 2: metas' });
    await a.repo.reviewQueue.setNextReview(overdue.id, addDays(today, -3));
    await a.repo.reviewQueue.setNextReview(due.id, addDays(today, 10));
    // The reminder's hour is this one: both instances find it has come at their first tick.
    const options = { hour: saoPauloHour(new Date()), queueUrl: `${SITE_URL}/editor/revisoes`, intervalMs: 50 };
    tasks.push(startReviewReminder(a.repo, a.config.site, a.deps.logger, options), startReviewReminder(b.repo, b.config.site, b.deps.logger, options));

    const mails = await Promise.all(REVISORES.map((to) => inbox.next(to)));
    await settle(1_000);
    const again = await request(a.app).post('/api/revisoes/lembrete').set('Authorization', `Bearer ${TEST_EDITOR_KEY}`).send({}).expect(200);
    expect(again.body.value).toEqual({ dia: today, itens: 2, enviados: 0 });
    await request(a.app).post('/api/revisoes/lembrete').send({}).expect(403);
    await settle(300);

    expect(inbox.received.map((mail) => mail.to).flat().sort()).toEqual([...REVISORES].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('Revisões médicas: 1 vencida(s), 1 a vencer em 14 dias');
      expect(mail.text).toContain('• Hipertensão no idoso: vencida em');
      expect(mail.text).toContain('• Diabetes tipo 2: metas: vence em');
      expect(mail.text).not.toContain('Prontuário eletrônico no consultório');
      expect(mail.text).toContain(`${SITE_URL}/editor/revisoes`);
    }
    expect(new Set(mails.map((mail) => mail.delivery)).size).toBe(2);
  });
});
