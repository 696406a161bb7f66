import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_CONSENT } from '../../src/content/lead-consent.js';
import { LEAD_FORM_MESSAGES } from '../../src/content/lead-form-rules.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { LEAD_TOKEN_PURPOSE } from '../../src/workflow/lead-intake.js';
import { articlePath } from '../../src/routes/paths.js';
import { periodOf, statsReport } from '../../src/workflow/stats-report.js';
import { STATS_PAGES } from '../../src/routes/stats-pages.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { startMailInbox, type MailInbox } from '../support/mail-inbox.js';
import { startWebhookReceiver, verifyWebhookSignature, type WebhookReceiver } from '../support/webhook-receiver.js';
import { leadCreatedEventSchema } from '../../src/api/webhook-schemas.js';
import { leadReference } from '../../src/db/lead-store.js';

const SITE_URL = 'https://www.prontivo.test';
const SALES = 'vendas@prontivo.test';

const VALID = {
  nome: 'Dra. Conceição Araújo',
  email: 'Conceicao@Clinica.com.br',
  telefone: '(11) 98765-4321',
  perfil: 'clinica',
  profissionais: '12',
  especialidade: 'Pediatria',
  mensagem: 'Quero ver a agenda & o prontuário <já>.',
  conteudo: 'sim',
  site: '',
  de: '/noticias/7/2025/03/10/prontuario-eletronico',
  utm_source: 'google',
  utm_campaign: 'outono',
};

/** Tests of the demonstration form (issue 31): the plain form, its spam defences, its origin, the sales e-mail. */
describe('/demonstracao (SQLite, local SMTP server)', () => {
  let inbox: MailInbox;
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    inbox = await startMailInbox();
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, SMTP_URL: inbox.url, SALES_EMAIL: SALES, OUTBOX_INTERVAL_MS: '200' } });
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  /** A client address of its own for each test: the hourly limit counts per address. */
  const nextAddress = () => `203.0.113.${++address}`;
  /** A token as the page signs it, issued `ageMs` ago. */
  const token = (ageMs = 10_000, nonce = randomBytes(9).toString('base64url')) => t.deps.signer.sign(LEAD_TOKEN_PURPOSE, `${Date.now() - ageMs}.${nonce}`);
  const post = (fields: Record<string, string>, from: string) =>
    request(t.app).post('/demonstracao').set('X-Forwarded-For', from).type('form').send(fields);
  const leads = async () => (await t.repo.leads.list({ limit: 100 })).leads;
  const deliveries = async () => {
    const all = await Promise.all((await leads()).map((lead) => t.repo.outbox.listByReference(`contato:${lead.id}`)));
    return all.flat();
  };

  it('shows the form: no-store, indexable with a canonical URL without its query, the origin and utm carried, its own script only', async () => {
    const page = await request(t.app).get('/demonstracao?de=/planos-x&utm_source=news%20letter&utm_medium=&utm_campaign=<b>').expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBeUndefined();
    expect(page.text).toContain('<meta name="robots" content="index, follow');
    expect(page.text).toContain(`<link rel="canonical" href="${SITE_URL}/demonstracao"/>`);
    expect(page.text).toContain('<input type="hidden" name="origem" value="/planos-x"/>');
    expect(page.text).toContain('<input type="hidden" name="utm_source" value="news letter"/>');
    expect(page.text).not.toContain('name="utm_medium"');
    expect(page.text).not.toContain('name="utm_campaign"');
    expect(page.text).toContain(`<script type="module" src="${DEV_ASSETS.leadFormJs}"`);
    expect(page.text).toContain(LEAD_CONSENT.requestText);
    // The marketing box is separate and unticked.
    expect(page.text).toMatch(/<input id="demo-conteudo" type="checkbox" name="conteudo" value="sim"\/>/);
    expect(page.text).toMatch(/<input id="demo-site" name="site" type="text" tabindex="-1" autoComplete="off" value=""\/>/i);
    const other = await request(t.app).get('/demonstracao').expect(200);
    const tokenOf = (html: string) => /name="ficha" value="([^"]+)"/.exec(html)?.[1];
    expect(tokenOf(other.text)).toBeDefined();
    expect(tokenOf(other.text)).not.toBe(tokenOf(page.text));
  });

  it('stores a valid request with its consent proof and e-mails the sales team a link to the lead', async () => {
    const since = inbox.received.length;
    const answer = await post({ ...VALID, ficha: await token() }, '198.51.100.23').expect(303);
    expect(answer.headers.location).toBe('/demonstracao/obrigado');
    const [lead] = await leads();
    expect(lead).toMatchObject({
      name: 'Dra. Conceição Araújo',
      email: 'conceicao@clinica.com.br',
      phone: '(11) 98765-4321',
      profile: 'clinica',
      professionals: 12,
      specialty: 'Pediatria',
      message: 'Quero ver a agenda & o prontuário <já>.',
      origin: { page: '/noticias/7/2025/03/10/prontuario-eletronico', articleId: 7, utm: { source: 'google', campaign: 'outono' } },
      state: 'novo',
      consent: {
        requestText: LEAD_CONSENT.requestText,
        marketingText: LEAD_CONSENT.marketingText,
        version: LEAD_CONSENT.version,
        marketingAccepted: true,
        page: '/demonstracao',
        truncatedAddress: '198.51.100.0',
      },
    });
    const mail = await inbox.next(SALES, since);
    expect(mail.subject).toBe('Novo pedido de demonstração: Dra. Conceição Araújo');
    expect(mail.text).toContain('E-mail: conceicao@clinica.com.br');
    expect(mail.text).toContain('WhatsApp/telefone: (11) 98765-4321');
    expect(mail.text).toContain('Perfil: Clínica com vários profissionais (12 profissionais)');
    expect(mail.text).toContain('Origem: veio de /noticias/7/2025/03/10/prontuario-eletronico, utm_source=google, utm_campaign=outono');
    expect(mail.text).toContain(`${SITE_URL}/editor/contatos/${lead!.id}`);
    expect(mail.html).toContain('agenda &amp; o prontuário &lt;já&gt;');
    expect(JSON.stringify(await t.repo.leads.get(lead!.id))).not.toContain('198.51.100.23');
    await t.repo.leads.eraseByEmail(lead!.email);
  });

  it.each([
    ['the honeypot is filled', async () => ({ ...VALID, site: 'https://spam.example', ficha: await token() })],
    ['sent in under 3 s', async () => ({ ...VALID, ficha: await token(1_000) })],
    ['the token is over 24 h old', async () => ({ ...VALID, ficha: await token(24 * 60 * 60 * 1000 + 1_000) })],
    ['the token is not ours', async () => ({ ...VALID, ficha: `${Buffer.from(`${Date.now() - 10_000}.abc`).toString('base64url')}.assinatura` })],
    ['the token is missing', async () => ({ ...VALID })],
    ['the proof of work is wrong', async () => ({ ...VALID, ficha: await token(), altcha: Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' })).toString('base64') })],
  ])('answers as a success and stores, mails and sends nothing when %s', async (_case, fields) => {
    const answer = await post(await fields(), nextAddress()).expect(303);
    expect(answer.headers.location).toBe('/demonstracao/obrigado');
    expect(await leads()).toEqual([]);
    expect(await deliveries()).toEqual([]);
  });

  it('takes a token once: the same token sent again is answered alike and stores nothing', async () => {
    const ficha = await token();
    await post({ ...VALID, ficha }, nextAddress()).expect(303);
    await post({ ...VALID, email: 'outra@clinica.com.br', ficha }, nextAddress()).expect(303);
    expect((await leads()).map((lead) => lead.email)).toEqual(['conceicao@clinica.com.br']);
    await t.repo.leads.eraseByEmail('conceicao@clinica.com.br');
  });

  it('accepts a solved ALTCHA challenge once', async () => {
    const { value: challenge } = (await request(t.app).get('/api/demonstracao/desafio').expect(200)).body as { value: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string } };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    const altcha = Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64');
    await post({ ...VALID, ficha: await token(), altcha }, nextAddress()).expect(303);
    await post({ ...VALID, email: 'outra@clinica.com.br', ficha: await token(), altcha }, nextAddress()).expect(303);
    expect((await leads()).map((lead) => lead.email)).toEqual(['conceicao@clinica.com.br']);
    await t.repo.leads.eraseByEmail('conceicao@clinica.com.br');
  });

  it('shows the form again with 422, a message beside each wrong field and everything typed kept', async () => {
    const typed = { ...VALID, nome: ' ', email: 'conceicao@', telefone: '123', profissionais: '1', ficha: await token(), utm_term: 'prontuário' };
    const answer = await post(typed, nextAddress()).expect(422);
    expect(answer.headers['cache-control']).toBe('no-store');
    const html = answer.text;
    expect(html).toContain(LEAD_FORM_MESSAGES.summary);
    for (const message of [LEAD_FORM_MESSAGES.name, LEAD_FORM_MESSAGES.email, LEAD_FORM_MESSAGES.phone, LEAD_FORM_MESSAGES.professionals]) {
      expect(html).toContain(`>${message}</p>`);
    }
    expect(html).toMatch(/<input id="demo-email" name="email" type="email"[^>]*aria-invalid="true" aria-describedby="demo-email-erro" value="conceicao@"\/>/);
    expect(html).toContain('<p id="demo-email-erro" class="form-error" data-erro="email">');
    expect(html).toContain('value="123"');
    expect(html).toMatch(/<input id="demo-perfil-clinica" type="radio" name="perfil" required="" checked="" value="clinica"\/>/);
    expect(html).toContain('value="Pediatria"');
    expect(html).toContain('>Quero ver a agenda &amp; o prontuário &lt;já&gt;.</textarea>');
    expect(html).toMatch(/<input id="demo-conteudo" type="checkbox" name="conteudo" checked="" value="sim"\/>/);
    expect(html).toContain(`name="ficha" value="${typed.ficha}"`);
    expect(html).toContain('<input type="hidden" name="origem" value="/noticias/7/2025/03/10/prontuario-eletronico"/>');
    expect(html).toContain('<input type="hidden" name="utm_term" value="prontuário"/>');
    expect(await leads()).toEqual([]);
  });

  it('records the origin from the link parameter, else from our own Referer, with the utm of the form page', async () => {
    const fromLink = await request(t.app).get('/demonstracao?de=/preco-prontuario-eletronico&utm_medium=email').set('Referer', `${SITE_URL}/noticias`).expect(200);
    expect(fromLink.text).toContain('name="origem" value="/preco-prontuario-eletronico"');
    expect(fromLink.text).toContain('name="utm_medium" value="email"');
    const fromReferer = await request(t.app).get('/demonstracao').set('Referer', `${SITE_URL}/noticias/42/2025/01/02/agenda?x=1`).expect(200);
    expect(fromReferer.text).toContain('name="origem" value="/noticias/42/2025/01/02/agenda"');
    const foreign = await request(t.app).get('/demonstracao').set('Referer', 'https://outro.example/noticias/42').expect(200);
    expect(foreign.text).toContain('name="origem" value=""');
    const hostile = await request(t.app).get('/demonstracao?de=//outro.example/x').expect(200);
    expect(hostile.text).toContain('name="origem" value=""');

    await post({ ...VALID, de: '/noticias/42/2025/01/02/agenda', utm_source: '', utm_campaign: '', utm_medium: 'email', ficha: await token() }, nextAddress()).expect(303);
    expect((await leads())[0]!.origin).toEqual({ page: '/noticias/42/2025/01/02/agenda', articleId: 42, utm: { medium: 'email' } });
    await t.repo.leads.eraseByEmail('conceicao@clinica.com.br');
  });

  it('answers the 6th submission of an hour from one address 429 in Portuguese; page views do not count; another address is unaffected', async () => {
    const from = nextAddress();
    for (let index = 0; index < 5; index++) {
      await request(t.app).get('/demonstracao').set('X-Forwarded-For', from).expect(200);
      await post({ ...VALID, site: 'robô' }, from).expect(303);
    }
    const limited = await post({ ...VALID, ficha: await token() }, from).expect(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.text).toContain('Recebemos muitos pedidos deste endereço na última hora.');
    expect(limited.text).toContain('value="Dra. Conceição Araújo"');
    await request(t.app).get('/demonstracao').set('X-Forwarded-For', from).expect(200);
    await post({ ...VALID, ficha: await token() }, nextAddress()).expect(303);
    expect((await leads()).map((lead) => lead.email)).toEqual(['conceicao@clinica.com.br']);
    await t.repo.leads.eraseByEmail('conceicao@clinica.com.br');
  });

  it("an article's link carries ?origem={its canonical path}, the campaign the article was opened with is kept, and the conversion counts for the article", async () => {
    const article = await createArticle(t.repo, { titulo: 'Receita digital', titulo_url: 'receita-digital', data_publicacao: new Date(Date.now() - 60_000).toISOString() });
    const path = articlePath(article);
    const articlePage = (await request(t.app).get(`${path}?utm_source=boletim&utm_campaign=marco`).expect(200)).text;
    const link = /href="(\/demonstracao\?origem=[^"]+)"/.exec(articlePage)![1]!;
    expect(link).toBe(`/demonstracao?origem=${path}`);
    const form = (await request(t.app).get(link).set('Referer', `${SITE_URL}${path}?utm_source=boletim&utm_campaign=marco`).expect(200)).text;
    expect(form).toContain(`<input type="hidden" name="origem" value="${path}"/>`);
    expect(form).toContain('<input type="hidden" name="utm_source" value="boletim"/>');
    expect(form).toContain('<input type="hidden" name="utm_campaign" value="marco"/>');
    const ownCampaign = (await request(t.app).get(`${link}&utm_source=anuncio`).set('Referer', `${SITE_URL}${path}?utm_source=boletim`).expect(200)).text;
    expect(ownCampaign).toContain('<input type="hidden" name="utm_source" value="anuncio"/>');

    const { de: _before, ...fields } = VALID;
    await post({ ...fields, origem: path, utm_source: 'boletim', utm_campaign: 'marco', ficha: await token() }, nextAddress()).expect(303);
    expect((await leads())[0]!.origin).toEqual({ page: path, articleId: article.id, utm: { source: 'boletim', campaign: 'marco' } });
    const report = await statsReport(t.repo, periodOf({}), STATS_PAGES);
    expect(report.conversoes).toContainEqual({ tipo: 'demonstracao', caminho: path, utm_source: 'boletim', utm_medium: '', utm_campaign: 'marco', total: 1 });
    expect(report.campanhas).toContainEqual({ utm_source: 'boletim', utm_medium: '', utm_campaign: 'marco', visualizacoes: 0, conversoes: 1 });
    await t.repo.leads.eraseByEmail('conceicao@clinica.com.br');
  });

  it('thanks the person on a page kept out of search engines', async () => {
    const page = await request(t.app).get('/demonstracao/obrigado').expect(200);
    expect(page.text).toContain('Obrigado! Vamos falar com você em breve');
    expect(page.text).toMatch(/<meta name="robots" content="noindex/);
    expect(page.text).not.toContain('<script type="module"');
  });

  it('is linked, without any script, from the header, the plans page and the end of every article, naming the page; and listed in the sitemap', async () => {
    const article = await createArticle(t.repo, { titulo: 'Agenda do consultório', titulo_url: 'agenda', data_publicacao: new Date(Date.now() - 60_000).toISOString() });
    const path = articlePath(article);
    const articlePage = (await request(t.app).get(path).expect(200)).text;
    expect(articlePage).toContain(`href="/demonstracao?origem=${path}"`);
    expect(articlePage).toContain('href="/demonstracao">Agende uma demonstração</a>');
    const plans = (await request(t.app).get('/preco-prontuario-eletronico').expect(200)).text;
    expect(plans).toContain('href="/demonstracao?origem=/preco-prontuario-eletronico">Agende uma demonstração</a>');
    for (const page of [articlePage, plans]) expect(page).not.toContain('<script type="module"');
    expect((await request(t.app).get('/sitemap-paginas.xml').expect(200)).text).toContain(`<loc>${SITE_URL}/demonstracao</loc>`);
  });
});

describe('/demonstracao com o webhook do CRM (SQLite, receptor HTTP real)', () => {
  const SECRET = 'segredo-do-crm-com-bem-mais-de-32-caracteres';
  let receiver: WebhookReceiver;
  let t: TestApp;

  beforeAll(async () => {
    receiver = await startWebhookReceiver(SECRET, () => 200);
    t = await createTestApp({ assets: DEV_ASSETS, env: { SITE_URL, LEADS_WEBHOOK_URL: receiver.url, LEADS_WEBHOOK_SECRET: SECRET, OUTBOX_INTERVAL_MS: '100' } });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('sends each new lead to the CRM once, signed, as the OpenAPI webhook describes, and lists the delivery on the lead', async () => {
    const ficha = await t.deps.signer.sign(LEAD_TOKEN_PURPOSE, `${Date.now() - 10_000}.${randomBytes(9).toString('base64url')}`);
    await request(t.app).post('/demonstracao').set('X-Forwarded-For', '198.51.100.80').type('form').send({ ...VALID, ficha }).expect(303);
    const [lead] = (await t.repo.leads.list({ limit: 10 })).leads;
    for (let tries = 0; tries < 100 && receiver.accepted.size === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.requests).toHaveLength(1);
    const [sent] = receiver.requests;
    expect(verifyWebhookSignature(sent!.signature, sent!.body, SECRET, 300)).toBe(true);
    const event = leadCreatedEventSchema.parse(JSON.parse(sent!.body));
    expect(event).toMatchObject({
      id: sent!.delivery,
      evento: 'contato.criado',
      contato: { id: lead!.id, email: 'conceicao@clinica.com.br', perfil: 'clinica', profissionais: 12, aceita_conteudo: true, origem: { artigo: 7, utm: { source: 'google', campaign: 'outono' } } },
    });
    // The receiver has answered; the sender marks the delivery a moment later.
    const deliveries = async () => (await t.repo.outbox.listByReference(leadReference(lead!.id))).map((delivery) => [delivery.kind, delivery.state]);
    for (let tries = 0; tries < 100 && (await deliveries())[0]?.[1] !== 'entregue'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await deliveries()).toEqual([['webhook', 'entregue']]);
  });
});
