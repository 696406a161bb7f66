import { Validator } from '@seriousme/openapi-schema-validator';
import type { Router } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../src/api/openapi.js';
import { ENDPOINTS } from '../../src/api/endpoints.js';
import { createApiRouter } from '../../src/api/router.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, type TestApp } from '../support/app.js';

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: unknown[] };
}

/**
 * "METHOD /path" for every route the API router registers. Catch-all method handlers (router.all, the
 * 405 answers) are not endpoints. A nested router would hide its routes from this walk, so it fails.
 */
function registeredRoutes(router: Router): string[] {
  const routes: string[] = [];
  for (const layer of router.stack as RouteLayer[]) {
    if (!layer.route) {
      if (layer.handle?.stack) throw new Error('router aninhado na API: registre as rotas direto no roteador da API');
      continue;
    }
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const method of Object.keys(layer.route.methods)) {
      if (method === '_all') continue;
      for (const path of paths) routes.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes;
}

describe('API reference (OpenAPI 3.1 at /api/openapi.json)', () => {
  let t: TestApp;
  let document: Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    const res = await request(t.app).get('/api/openapi.json').expect(200).expect('Content-Type', /application\/json/);
    document = res.body;
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every route the API router registers, and nothing it does not', () => {
    const registered = registeredRoutes(createApiRouter(t.deps, t.deps.workflow)).sort();
    const documented = ENDPOINTS.map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`).sort();
    expect(documented).toEqual(registered);
    const inDocument = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(inDocument).toEqual(registered.map((route) => route.replace(/ (.*)$/, (_m, path: string) => ` ${openApiPath(path)}`)).sort());
  });

  it('describes request bodies with the schemas that validate them', () => {
    const create = document.paths['/artigos/novo']!.post as { requestBody: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }>; required: string[] } }> } };
    const schema = create.requestBody.content['application/json']!.schema;
    expect(schema.required).toEqual(expect.arrayContaining(['titulo', 'titulo_url', 'descricao', 'conteudo']));
    // The key field, a Bearer key or the session cookie: any one of the three authorises a write.
    expect(schema.properties.key).toBeDefined();
    expect(schema.properties.titulo!.maxLength).toBe(200);
    const upload = document.paths['/artigos/upload-imagem']!.post as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
  });

  it('documents the signed CRM webhook: the event, its two headers and the answers that end the retries', () => {
    const webhooks = document.webhooks as Record<string, { post: any }>;
    expect(Object.keys(webhooks)).toEqual(['contato.criado']);
    const { post } = webhooks['contato.criado']!;
    expect(post.parameters.map((parameter: { name: string; in: string; required: boolean }) => `${parameter.in} ${parameter.name} ${parameter.required}`)).toEqual([
      'header X-Prontivo-Delivery true',
      'header X-Prontivo-Signature true',
    ]);
    const signature = new RegExp(post.parameters[1].schema.pattern);
    expect(signature.test(`t=1764237600,v1=${'a1'.repeat(32)}`)).toBe(true);
    expect(signature.test('v1=abc')).toBe(false);
    expect(Object.keys(post.responses)).toContain('2XX');
    const event = post.requestBody.content['application/json'].schema;
    expect(event.required).toEqual(['id', 'evento', 'criado_em', 'contato']);
    expect(event.properties.id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(event.properties.evento).toMatchObject({ const: 'contato.criado' });
    const lead = event.properties.contato;
    expect(lead.required).toEqual(expect.arrayContaining(['id', 'nome', 'email', 'telefone', 'perfil', 'profissionais', 'especialidade', 'mensagem', 'aceita_conteudo', 'origem', 'criado_em']));
    expect(lead.properties.perfil.enum).toEqual(['medico-consultorio', 'clinica', 'secretaria-gestor', 'outro']);
    expect(lead.properties.profissionais.anyOf).toEqual(expect.arrayContaining([{ type: 'null' }]));
    expect(lead.properties.aceita_conteudo.type).toBe('boolean');
    expect(Object.keys(lead.properties.origem.properties)).toEqual(['pagina', 'artigo', 'utm']);
    expect(Object.keys(lead.properties.origem.properties.utm.properties)).toEqual(['source', 'medium', 'campaign', 'term', 'content']);
    expect(lead.properties.origem.properties.utm.required ?? []).toEqual([]);
  });

  it('each documented GET answers as documented', async () => {
    const res = await request(t.app).get('/api/artigos/next-id').expect(200);
    expect(res.body).toMatchObject({ status: 1, fcrj: true, value: expect.any(Number) });
    await request(t.app).post('/api/openapi.json').expect(405).expect('Allow', 'GET');
  });
});
