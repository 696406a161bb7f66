import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewLead } from '../../../src/db/lead-store.js';
import type { Repository } from '../../../src/db/storage.js';
import { createLogger } from '../../../src/logger.js';
import { openSqliteRepository } from '../../../src/open-storage.js';
import { monthsBefore, startRetention } from '../../../src/workflow/retention.js';

const logger = createLogger({ logLevel: 'silent' });
const DAY = 86_400_000;

const lead = (email: string): NewLead => ({
  name: 'Pessoa',
  email,
  phone: '(11) 3333-4444',
  profile: 'outro',
  professionals: null,
  specialty: null,
  message: null,
  origin: { page: null, articleId: null, utm: {} },
});
const proof = (at: string) => ({ requestText: 'Pedido', marketingText: 'Conteúdo', version: 'v1', marketingAccepted: false, at, page: '/demonstracao', truncatedAddress: '198.51.100.0' });

describe('retention of what the privacy policy names', () => {
  let dir: string;
  let repo: Repository;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'site-retencao-'));
    repo = await openSqliteRepository(join(dir, 'site.db'), logger);
  });
  afterEach(async () => {
    await repo.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts months on the calendar', () => {
    expect(monthsBefore(new Date('2026-11-27T10:00:00.000Z'), 24).toISOString()).toBe('2024-11-27T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-03-15T00:00:00.000Z'), 1).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('deletes at start the leads past LEAD_RETENTION_MONTHS that did not become customers, and the audit rows past AUDIT_RETENTION_DAYS', async () => {
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const expired = await repo.leads.create(lead('antiga@clinica.com.br'), proof(at(800)), () => [], at(800));
    const customer = await repo.leads.create(lead('cliente@clinica.com.br'), proof(at(800)), () => [], at(800));
    await repo.leads.setState(customer.id, 'cliente', at(700));
    const recent = await repo.leads.create(lead('recente@clinica.com.br'), proof(at(300)), () => [], at(300));
    for (const daysAgo of [400, 10]) {
      await repo.audit.append({ quando: at(daysAgo), quem: 'Marta', id_pessoa: null, acao: 'entrou', id_artigo: null, endereco: null, detalhes: null });
    }

    const task = startRetention(repo, logger, { auditRetentionDays: 365, leadRetentionMonths: 24 }, 60_000);
    await task.stop();

    expect(await repo.leads.get(expired.id)).toBeUndefined();
    expect(await repo.leads.get(customer.id)).toMatchObject({ state: 'cliente' });
    expect(await repo.leads.get(recent.id)).toBeDefined();
    expect((await repo.audit.list({ pageIndex: 0, pageSize: 10 })).items.map((item) => item.quando)).toEqual([at(10)]);
  });
});
