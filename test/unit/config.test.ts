import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEditorKeys } from '../../src/config.js';

const KEY = 'uma-chave-bem-longa';
/** What production needs besides the editor keys and the site's address. */
const DPO = { DPO_NAME: 'Helena Prado', DPO_EMAIL: 'encarregado@prontivo.com.br' };
const SITE = { SITE_URL: 'https://www.prontivo.com.br' };

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig deveria ter falhado');
}

describe('configuration', () => {
  it('works on a fresh machine with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 3000, apiBasePath: '/api', sqlitePath: 'data/site.db' });
    expect(config.site).toMatchObject({
      siteUrl: 'http://localhost:3000',
      productName: 'Prontivo',
      productSlug: 'prontivo',
      copyrightYear: 2025,
    });
    expect(config.site.appUrl).toMatch(/^https:\/\//);
    expect(config.generatedEditorKey).toHaveLength(24);
    expect(config.editorKeys).toEqual([{ author: 'Equipe editorial', secret: config.generatedEditorKey }]);
    expect(config.site.companyAddress).toEqual({
      text: 'Av. Paulista, 1000, sala 101, Bela Vista, São Paulo - SP, 01310-100',
      street: 'Av. Paulista, 1000, sala 101, Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01310-100',
    });
    expect(config.site.privacy).toEqual({
      dpoName: expect.any(String),
      dpoEmail: expect.stringMatching(/^[^@\s]+@[^@\s]+$/),
      logRetentionDays: 30,
      auditRetentionDays: 365,
      logFullIp: false,
      leadRetentionMonths: 24,
      statsHourlyDays: 90,
      statsDailyMonths: 25,
    });
  });

  it('reads the company address, the encarregado and the retention periods', () => {
    const config = loadConfig({
      ...DPO,
      COMPANY_ADDRESS: ' Rua da Bahia, 1148, 10º andar, Centro, Belo Horizonte - MG, 30160-011 ',
      LOG_RETENTION_DAYS: '90',
      AUDIT_RETENTION_DAYS: '730',
      LOG_FULL_IP: 'true',
      LEAD_RETENTION_MONTHS: '12',
      STATS_HOURLY_DAYS: '30',
      STATS_DAILY_MONTHS: '13',
    });
    expect(config.site.companyAddress).toEqual({
      text: 'Rua da Bahia, 1148, 10º andar, Centro, Belo Horizonte - MG, 30160-011',
      street: 'Rua da Bahia, 1148, 10º andar, Centro',
      city: 'Belo Horizonte',
      state: 'MG',
      postalCode: '30160-011',
    });
    expect(config.site.privacy).toEqual({ dpoName: 'Helena Prado', dpoEmail: 'encarregado@prontivo.com.br', logRetentionDays: 90, auditRetentionDays: 730, logFullIp: true, leadRetentionMonths: 12, statsHourlyDays: 30, statsDailyMonths: 13 });
    expect(() => loadConfig({ ...DPO, LEAD_RETENTION_MONTHS: '0' })).toThrow(/LEAD_RETENTION_MONTHS deve ser de pelo menos 1 mês/);
  });

  it.each([
    ['Av. Paulista, 1000, Bela Vista, São Paulo/SP, 01310-100', 'São Paulo', 'SP'],
    ['Av. Paulista, 1000, Bela Vista, São Paulo / SP, 01310-100', 'São Paulo', 'SP'],
    ['Av. Paulista, 1000, Bela Vista, São Paulo - SP, 01310-100', 'São Paulo', 'SP'],
    ['Av. Paulista, 1000, Bela Vista, São Paulo-SP, 01310-100', 'São Paulo', 'SP'],
    ['Rua Boa Vista, 10, Centro, Embu-Guaçu/SP, 06900-000', 'Embu-Guaçu', 'SP'],
    ['Rua Boa Vista, 10, Centro, Embu-Guaçu - SP, 06900-000', 'Embu-Guaçu', 'SP'],
  ])('reads the company address written as %j', (text, city, state) => {
    const street = text.slice(0, text.indexOf(`, ${city}`));
    expect(loadConfig({ COMPANY_ADDRESS: text }).site.companyAddress).toEqual({ text, street, city, state, postalCode: text.slice(-9) });
  });

  it('seeds sample articles by default only in development', () => {
    expect(loadConfig({}).seedSampleArticles).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', EDITOR_KEYS: KEY, ...DPO, ...SITE }).seedSampleArticles).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedSampleArticles).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', EDITOR_KEYS: KEY, ...DPO, ...SITE, SEED_SAMPLE_ARTICLES: 'true' }).seedSampleArticles).toBe(true);
    expect(loadConfig({ SEED_SAMPLE_ARTICLES: 'false' }).seedSampleArticles).toBe(false);
  });

  it('reads overrides and drops trailing slashes from origins', () => {
    const config = loadConfig({
      PORT: '8080',
      SITE_URL: 'https://www.prontivo.com.br/',
      APP_URL: 'https://app.prontivo.com.br//',
      PRODUCT_SLUG: 'meu-prontuario',
      EDITOR_KEYS: `Maria Souza:${KEY}`,
    });
    expect(config.port).toBe(8080);
    expect(config.site.siteUrl).toBe('https://www.prontivo.com.br');
    expect(config.site.appUrl).toBe('https://app.prontivo.com.br');
    expect(config.site.productSlug).toBe('meu-prontuario');
    expect(config.editorKeys).toEqual([{ author: 'Maria Souza', secret: KEY }]);
    expect(config.generatedEditorKey).toBeUndefined();
  });

  it.each([
    ['SITE_URL', 'localhost:3000'],
    ['APP_URL', 'ftp://app.prontivo.com.br'],
    ['PORT', 'oitenta'],
    ['PORT', '70000'],
    ['PRODUCT_SLUG', 'Com Espaço'],
    ['CNPJ', '11222333000181'],
    ['CONTACT_EMAIL', 'contato-arroba-prontivo'],
    ['WHATSAPP_URL', 'http://wa.me/5511912345678'],
    ['DATABASE_URL', 'mysql://banco'],
    ['LOG_LEVEL', 'verbose'],
    ['COPYRIGHT_YEAR', '1999'],
    ['SMTP_URL', 'http://correio.prontivo.com.br'],
    ['SMTP_URL', 'correio.prontivo.com.br:587'],
    ['MAIL_FROM', 'Prontivo'],
    ['MAIL_FROM', 'Prontivo <sem-dominio>'],
    ['COMPANY_ADDRESS', 'Av. Paulista, 1000'],
    ['COMPANY_ADDRESS', 'Av. Paulista, 1000, São Paulo - XX, 01310-100'],
    ['COMPANY_ADDRESS', 'Av. Paulista, 1000, São Paulo - SP, 01310100'],
    ['COMPANY_ADDRESS', 'Av. Paulista, 1000, São Paulo/Sp, 01310-100'],
    ['COMPANY_ADDRESS', 'Av. Paulista, 1000, São Paulo SP, 01310-100'],
    ['DPO_NAME', '  '],
    ['DPO_EMAIL', 'encarregado-arroba-prontivo'],
    ['LOG_RETENTION_DAYS', '0'],
    ['LOG_RETENTION_DAYS', 'trinta'],
    ['AUDIT_RETENTION_DAYS', '30'],
    ['LOG_FULL_IP', 'sim'],
    ['LEADS_WEBHOOK_URL', 'ftp://crm.clinica.test/ganchos'],
    ['LEADS_WEBHOOK_URL', 'crm.clinica.test/ganchos'],
    ['LEADS_WEBHOOK_SECRET', 'curto-demais'],
    ['LEADS_WEBHOOK_RETRY_BASE_SECONDS', '0'],
    ['LEADS_WEBHOOK_RETRY_BASE_SECONDS', '3601'],
    ['LEADS_WEBHOOK_RETRY_BASE_SECONDS', 'um minuto'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain('Configuração inválida');
    expect(error.issues.some((issue) => issue.startsWith(`${name}:`))).toBe(true);
  });

  it('sends no e-mail without SMTP_URL, and signs as the product at the site’s host by default', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: 'x@y.com.br' }).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://correio:2525', SITE_URL: 'https://www.prontivo.com.br' }).mail).toEqual({
      smtpUrl: 'smtp://correio:2525',
      from: 'Prontivo <nao-responda@prontivo.com.br>',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://usuario:senha@correio:465', MAIL_FROM: 'Redação <redacao@prontivo.com.br>' }).mail).toEqual({
      smtpUrl: 'smtps://usuario:senha@correio:465',
      from: 'Redação <redacao@prontivo.com.br>',
    });
  });

  it('sends no webhook without LEADS_WEBHOOK_URL, and waits 60 s before the first retry by default', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({}).leadsWebhook).toBeUndefined();
    expect(loadConfig({ LEADS_WEBHOOK_SECRET: secret }).leadsWebhook).toBeUndefined();
    expect(loadConfig({ LEADS_WEBHOOK_URL: 'https://crm.clinica.test/ganchos', LEADS_WEBHOOK_SECRET: secret }).leadsWebhook).toEqual({
      url: 'https://crm.clinica.test/ganchos',
      secret,
      retryBaseMs: 60_000,
    });
    expect(loadConfig({ LEADS_WEBHOOK_URL: 'http://127.0.0.1:9000/', LEADS_WEBHOOK_SECRET: secret, LEADS_WEBHOOK_RETRY_BASE_SECONDS: '1' }).leadsWebhook).toEqual({
      url: 'http://127.0.0.1:9000/',
      secret,
      retryBaseMs: 1_000,
    });
  });

  it('refuses to start with a webhook URL and no secret, or a secret under 32 characters', () => {
    expect(configError({ LEADS_WEBHOOK_URL: 'https://crm.clinica.test/ganchos' }).issues).toEqual([expect.stringMatching(/^LEADS_WEBHOOK_SECRET: obrigatório quando LEADS_WEBHOOK_URL/)]);
    expect(configError({ LEADS_WEBHOOK_URL: 'https://crm.clinica.test/ganchos', LEADS_WEBHOOK_SECRET: 'x'.repeat(31) }).issues).toEqual([
      'LEADS_WEBHOOK_SECRET: LEADS_WEBHOOK_SECRET deve ter pelo menos 32 caracteres',
    ]);
  });

  it('allows 5 demonstration requests per address per hour and e-mails the sales team only when SALES_EMAIL is set', () => {
    expect(loadConfig({}).leads).toEqual({ rateLimit: 5, salesEmail: undefined });
    expect(loadConfig({ LEAD_RATE_LIMIT: '20', SALES_EMAIL: 'vendas@prontivo.com.br' }).leads).toEqual({ rateLimit: 20, salesEmail: 'vendas@prontivo.com.br' });
    expect(configError({ LEAD_RATE_LIMIT: '0', SALES_EMAIL: 'vendas' }).issues).toEqual([
      'LEAD_RATE_LIMIT: LEAD_RATE_LIMIT deve ser pelo menos 1',
      'SALES_EMAIL: SALES_EMAIL deve ser um e-mail válido',
    ]);
  });

  it('requires editor keys in production', () => {
    expect(configError({ NODE_ENV: 'production', ...DPO, ...SITE }).issues).toEqual([expect.stringMatching(/^EDITOR_KEYS: obrigatória em produção/)]);
    expect(loadConfig({ NODE_ENV: 'production', EDITOR_KEYS: KEY, ...DPO, ...SITE }).generatedEditorKey).toBeUndefined();
  });

  it('refuses to start in production without the encarregado’s name and e-mail, naming both', () => {
    expect(configError({ NODE_ENV: 'production', EDITOR_KEYS: KEY, DPO_NAME: DPO.DPO_NAME, ...SITE }).issues).toEqual([expect.stringMatching(/^DPO_EMAIL: obrigatório em produção/)]);
    expect(configError({ NODE_ENV: 'production', EDITOR_KEYS: KEY, DPO_EMAIL: DPO.DPO_EMAIL, ...SITE }).issues).toEqual([expect.stringMatching(/^DPO_NAME: obrigatório em produção/)]);
    expect(configError({ NODE_ENV: 'production' }).issues.map((issue) => issue.split(':')[0])).toEqual(['EDITOR_KEYS', 'DPO_NAME', 'DPO_EMAIL', 'SITE_URL']);
    expect(loadConfig({ NODE_ENV: 'production', EDITOR_KEYS: KEY, ...DPO, ...SITE }).site.privacy).toMatchObject({ dpoName: 'Helena Prado', dpoEmail: 'encarregado@prontivo.com.br' });
  });

  it('derives SITE_URL from PORT outside production, and requires it in production, naming it', () => {
    expect(loadConfig({ PORT: '4401' }).site.siteUrl).toBe('http://localhost:4401');
    expect(loadConfig({ NODE_ENV: 'test' }).site.siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4401', SITE_URL: 'https://www.prontivo.com.br/' }).site.siteUrl).toBe('https://www.prontivo.com.br');
    expect(configError({ NODE_ENV: 'production', EDITOR_KEYS: KEY, ...DPO }).issues).toEqual([expect.stringMatching(/^SITE_URL: obrigatória em produção/)]);
  });

  it('has no metrics without METRICS_TOKEN (or with it empty), and refuses a token under 32 characters, naming it', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'curto-demais' })).toThrow(/METRICS_TOKEN: METRICS_TOKEN deve ter pelo menos 32 caracteres/);
  });

  it('refuses short editor keys', () => {
    expect(configError({ EDITOR_KEYS: 'curta' }).message).toContain('12 caracteres');
  });

  it('parses editor keys with and without an author name', () => {
    expect(parseEditorKeys(` Ana Lima:${KEY} , ${KEY}-2 ,, :${KEY}-3`)).toEqual([
      { author: 'Ana Lima', secret: KEY },
      { author: 'Equipe editorial', secret: `${KEY}-2` },
      { author: 'Equipe editorial', secret: `${KEY}-3` },
    ]);
  });
});
