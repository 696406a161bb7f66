import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createAppContext } from '../../src/http/app-context.js';
import { ensureStaticPages } from '../../src/prerender/static-pages.js';
import { articlePath } from '../../src/routes/paths.js';
import { PRIVACY_POLICY_UPDATED } from '../../src/routes/privacy.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { validateHtml } from '../support/vnu.js';
import { anchors, block } from './marketing-html.js';
import { executableScripts, jsonLdOfType } from './news-html.js';

/** A company unlike the defaults in every field, so that a default slipping through shows. */
const COMPANY = {
  COMPANY_NAME: 'Clínica Digital Exemplo Ltda.',
  CNPJ: '12.345.678/0001-95',
  COMPANY_ADDRESS: 'Rua da Bahia, 1148, 10º andar, Centro, Belo Horizonte - MG, 30160-011',
  DPO_NAME: 'Helena Prado',
  DPO_EMAIL: 'encarregado@exemplo.test',
  LOG_RETENTION_DAYS: '45',
  AUDIT_RETENTION_DAYS: '400',
  LEAD_RETENTION_MONTHS: '18',
};
const DEFAULTS = ['Prontivo Tecnologia em Saúde Ltda.', '11.222.333/0001-81', 'Av. Paulista', 'Mariana Alves', 'privacidade@prontivo.com.br', 'Por quanto tempo 30 dias', '365 dias', '24 meses'];

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

/** What a reader sees of some HTML: blocks apart, inline tags dropped, entities decoded, white space collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<\/?(?:p|div|section|h\d|dt|dd|li)\b[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ');
}

const mainOf = (html: string) => block(html, /<main\b/, '</main>');
const footerOf = (html: string) => block(html, /<footer class="site-footer"/, '</footer>');

/** The app with its prerendered pages rendered for this configuration, as the built server does at start-up. */
async function servedFor(env: Record<string, string>): Promise<{ t: TestApp; app: Express }> {
  const t = await createTestApp({ env });
  return { t, app: createApp(createAppContext({ ...t.deps, staticDir: await ensureStaticPages(t.deps, 'dist/static') })) };
}

describe('privacy policy and footer for the configured company', () => {
  let t: TestApp;
  let app: Express;
  let policy: string;
  beforeAll(async () => {
    ({ t, app } = await servedFor(COMPANY));
    policy = (await request(app).get('/privacidade').expect(200)).text;
  });
  afterAll(() => t.close());

  it('names exactly the configured controller, CNPJ, address and encarregado, and nothing of the defaults', () => {
    const text = textOf(mainOf(policy));
    expect(text).toContain(
      'O controlador dos dados tratados neste site é a Clínica Digital Exemplo Ltda., CNPJ 12.345.678/0001-95, com endereço em Rua da Bahia, 1148, 10º andar, Centro, Belo Horizonte - MG, 30160-011.',
    );
    expect(text).toContain('O encarregado de dados (LGPD, art. 41) é Helena Prado, que atende pelo e-mail encarregado@exemplo.test.');
    expect(text).toContain('escreva para Helena Prado, nosso encarregado, em encarregado@exemplo.test');
    expect(anchors(mainOf(policy)).filter((anchor) => anchor.href === 'mailto:encarregado@exemplo.test')).toHaveLength(2);
    for (const value of DEFAULTS) expect(policy, value).not.toContain(value);
  });

  it('states the retention periods of the configuration, the session cookie of the code and truncated addresses', () => {
    const text = textOf(mainOf(policy));
    expect(text).toContain('Por quanto tempo 45 dias; depois os registros são apagados.');
    expect(text).toContain('Por quanto tempo 400 dias; depois o servidor apaga os registros automaticamente.');
    expect(text).toContain('recebe um único cookie, sessao_editor, estritamente necessário');
    expect(text).toContain('vale até 12 horas depois do último uso');
    expect(text).toContain('de um IPv4 guardamos só os três primeiros números');
    expect(text).toContain('Por isso não há aviso de cookies.');
    expect(text).toMatch(/art\. 18/);
    expect(policy).toContain(`<time dateTime="${PRIVACY_POLICY_UPDATED}">27 de novembro de 2026</time>`);
    expect(executableScripts(policy)).toEqual([]);
  });

  it('tells what a demonstration request and a newsletter subscription keep, why, on what basis and for how long', () => {
    const text = textOf(mainOf(policy));
    expect(text).toContain('Base legal Procedimentos preliminares de um contrato, a pedido seu (LGPD, art. 7º, V): o próprio pedido.');
    expect(text).toContain('Por quanto tempo Se o pedido não virar contrato, 18 meses depois dele; o servidor apaga automaticamente.');
    expect(text).toContain('uma caixa separada, que vem desmarcada');
    expect(text).toContain('O endereço completo não é guardado.');
    expect(text).toContain('Consentimento (LGPD, art. 7º, I), confirmado por você');
    expect(text).toContain('Uma inscrição não confirmada é apagada em 30 dias.');
    expect(text).toContain('um link de cancelamento que funciona com um clique, sem senha, na hora');
    expect(text).toContain('Os e-mails não têm pixel de abertura nem links que passam por um rastreador');
    expect(text).toContain('o sistema de gestão de clientes (CRM) da nossa equipe comercial');
  });

  it('gives the Organization the configured address and the encarregado as its data protection contact', () => {
    const organization = jsonLdOfType(policy, 'Organization');
    expect(organization).toMatchObject({
      legalName: COMPANY.COMPANY_NAME,
      taxID: COMPANY.CNPJ,
      address: { '@type': 'PostalAddress', streetAddress: 'Rua da Bahia, 1148, 10º andar, Centro', addressLocality: 'Belo Horizonte', addressRegion: 'MG', postalCode: '30160-011', addressCountry: 'BR' },
    });
    expect(organization.contactPoint).toContainEqual(expect.objectContaining({ contactType: 'data protection officer', name: 'Helena Prado', email: 'encarregado@exemplo.test' }));
    expect(jsonLdOfType(policy, 'WebPage')).toMatchObject({ name: 'Política de privacidade', dateModified: PRIVACY_POLICY_UPDATED });
  });

  describe('on every page kind', () => {
    const documents: Record<string, string> = {};
    beforeAll(async () => {
      const article = await createArticle(t.repo, { titulo_url: 'lgpd-no-consultorio' });
      const removed = await createArticle(t.repo, { titulo_url: 'artigo-removido' });
      await t.repo.articles.remove(removed.id);
      const pages: [string, number][] = [
        ['/', 200],
        ['/prontivo', 200],
        ['/preco-prontuario-eletronico', 200],
        ['/privacidade', 200],
        ['/noticias', 200],
        [articlePath(article), 200],
        ['/nao-encontrado', 200],
        ['/caminho-que-nao-existe', 404],
        [articlePath(removed), 410],
        ['/editor/entrar', 200],
        ['/novo-artigo', 200],
      ];
      for (const [path, status] of pages) documents[path] = (await request(app).get(path).expect(status)).text;
    });

    it('the footer links the policy and names the encarregado and the company’s address beside the CNPJ', () => {
      expect(Object.keys(documents)).toHaveLength(11);
      for (const [path, html] of Object.entries(documents)) {
        const footer = footerOf(html);
        expect(anchors(footer).filter((anchor) => anchor.href === '/privacidade').map((anchor) => anchor.text), path).toEqual(['Política de privacidade']);
        const text = textOf(footer);
        expect(text, path).toContain('Clínica Digital Exemplo Ltda. · CNPJ 12.345.678/0001-95 · Rua da Bahia, 1148, 10º andar, Centro, Belo Horizonte - MG, 30160-011');
        expect(text, path).toContain('Encarregado de dados: Helena Prado (encarregado@exemplo.test) · Política de privacidade');
        expect(anchors(footer).map((anchor) => anchor.href), path).toContain('mailto:encarregado@exemplo.test');
      }
    });

    it('the sign-in page also links the policy from its own content', () => {
      expect(anchors(mainOf(documents['/editor/entrar']!)).find((anchor) => anchor.href === '/privacidade')?.text).toBe('Política de privacidade');
    });

    it('every one of them passes the W3C HTML checker', { timeout: 60_000 }, async () => {
      const errors = await validateHtml(documents);
      for (const path of Object.keys(documents)) {
        expect(errors[path]?.map((error) => `${error.message} «${error.extract ?? ''}»`), path).toEqual([]);
      }
    });
  });
});

describe('privacy policy with LOG_FULL_IP=true', () => {
  let t: TestApp;
  let app: Express;
  beforeAll(async () => {
    ({ t, app } = await servedFor({ LOG_FULL_IP: 'true' }));
  });
  afterAll(() => t.close());

  it('says the access log keeps whole addresses', async () => {
    const text = textOf(mainOf((await request(app).get('/privacidade').expect(200)).text));
    expect(text).toContain('e o endereço IP de origem, completo.');
    expect(text).not.toContain('três primeiros números');
  });
});
