import cookieParser from 'cookie-parser';
import express, { Router } from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allowedMethods, endpointsFor, mountEndpoints, type Gate } from '../../../src/api/endpoint.js';
import { sendFailure } from '../../../src/api/envelope.js';
import { ApiError } from '../../../src/lib/api-error.js';
import { MESSAGES } from '../../../src/lib/messages.js';
import { PEOPLE_MESSAGES } from '../../../src/people/messages.js';
import { createEditorAuth, type Editor } from '../../../src/workflow/editor-auth.js';
import { SESSION_COOKIE } from '../../../src/workflow/session-cookie.js';

const EDITORS: Record<string, Editor> = {
  'chave-admin': { author: 'Admin', via: 'chave', role: 'administrador', personId: null },
  'chave-colaborador': { author: 'Colaboradora', via: 'chave', role: 'colaborador', personId: 7 },
};

/** Every call the handlers received: a refused request must leave none. */
let calls: { input: unknown; editor: Editor | null | undefined }[] = [];

const endpoint = endpointsFor<{ label: string }>();
const itemId = z.coerce.number({ error: 'Id inválido.' }).int({ error: 'Id inválido.' }).positive({ error: 'Id inválido.' });
const TABLE = [
  endpoint({
    method: 'get',
    path: '/coisas/:id',
    summary: 'Lê uma coisa (qualquer um; um editor vê mais)',
    access: 'public-or-editor',
    params: { id: itemId },
    errors: [400],
    handle: (input, { editor }) => {
      calls.push({ input, editor });
      return { id: input.params.id, editor: editor?.author ?? null };
    },
  }),
  endpoint({
    method: 'patch',
    path: '/coisas/:id',
    summary: 'Renomeia uma coisa (administradores)',
    access: { credential: 'write', may: 'gerir-pessoas' },
    params: { id: itemId },
    json: z.object({ nome: z.string({ error: 'Nome inválido.' }).min(1, { error: 'Nome inválido.' }) }),
    errors: [400, 401, 403],
    handle: (input, { editor, label }) => {
      calls.push({ input, editor });
      return { ...input.params, ...input.body, por: editor.author, label };
    },
  }),
  endpoint({
    method: 'get',
    path: '/privado',
    summary: 'Qualquer editor',
    access: { credential: 'read' },
    errors: [401, 403],
    handle: (input, { editor }) => {
      calls.push({ input, editor });
      return editor.role;
    },
  }),
];

function app() {
  const gate: Gate = {
    auth: createEditorAuth(
      async (_req, key) => {
        const editor = typeof key === 'string' ? EDITORS[key] : undefined;
        if (!editor) throw new ApiError(403, MESSAGES.keyInvalid);
        return editor;
      },
      { read: async () => null },
      'https://site.test',
      async () => false,
    ),
    people: { get: async () => null },
  };
  const router = Router();
  mountEndpoints(router, TABLE, gate, { label: 'serviço' });
  const server = express();
  server.use(cookieParser());
  server.use('/api', router);
  server.use(((error, _req, res, _next) => {
    if (!(error instanceof ApiError)) throw error;
    sendFailure(res, error.status, 'teste', error.messages);
  }) satisfies express.ErrorRequestHandler);
  return server;
}

describe('one wrapper applies what the endpoint table declares', () => {
  beforeEach(() => {
    calls = [];
  });

  it('runs the handler with the validated input, the editor and the services, and answers its value in the envelope', async () => {
    const res = await request(app()).patch('/api/coisas/12').send({ key: 'chave-admin', nome: 'Nova' }).expect(200);
    expect(res.body).toEqual({ status: 1, messages: [], command: 'coisas/id', value: { id: 12, nome: 'Nova', por: 'Admin', label: 'serviço' }, fcrj: true });
    expect(calls).toEqual([{ input: { params: { id: 12 }, body: { nome: 'Nova' }, query: undefined }, editor: EDITORS['chave-admin'] }]);
  });

  it('refuses a missing credential (403) before looking at the request, without calling the handler', async () => {
    const res = await request(app()).patch('/api/coisas/abc').send({ nome: '' }).expect(403);
    expect(res.body.messages).toEqual([MESSAGES.keyMissing]);
    expect(calls).toEqual([]);
  });

  it('answers 401 to a session cookie that opens no session, without calling the handler', async () => {
    const res = await request(app()).get('/api/privado').set('Cookie', `${SESSION_COOKIE}=vencida`).expect(401);
    expect(res.body.status).toBe(0);
    expect(calls).toEqual([]);
  });

  it('refuses a role without the declared permission (403), without calling the handler', async () => {
    const res = await request(app()).patch('/api/coisas/12').send({ key: 'chave-colaborador', nome: 'Nova' }).expect(403);
    expect(res.body.messages).toEqual([PEOPLE_MESSAGES.forbidden]);
    expect(calls).toEqual([]);
  });

  it('refuses invalid params or body (400, the schema’s messages), without calling the handler', async () => {
    const params = await request(app()).patch('/api/coisas/abc').send({ key: 'chave-admin', nome: 'Nova' }).expect(400);
    expect(params.body.messages).toEqual(['Id inválido.']);
    const body = await request(app()).patch('/api/coisas/12').send({ key: 'chave-admin', nome: '' }).expect(400);
    expect(body.body.messages).toEqual(['Nome inválido.']);
    expect(calls).toEqual([]);
  });

  it('looks at an optional credential only for a valid request, and passes null without one', async () => {
    const invalid = await request(app()).get('/api/coisas/abc').set('Authorization', 'Bearer chave-errada').expect(400);
    expect(invalid.body.messages).toEqual(['Id inválido.']);
    await request(app()).get('/api/coisas/3').set('Authorization', 'Bearer chave-errada').expect(403);
    const anonymous = await request(app()).get('/api/coisas/3').expect(200);
    expect(anonymous.body.value).toEqual({ id: 3, editor: null });
    expect(calls).toHaveLength(1);
  });

  it('answers 405 with the Allow header the table gives the path, for any other method', async () => {
    const res = await request(app()).post('/api/coisas/12').send({}).expect(405).expect('Allow', 'GET, PATCH');
    expect(res.body).toMatchObject({ status: 0, command: 'coisas/12', messages: [MESSAGES.methodNotAllowed('POST', 'GET, PATCH')] });
    await request(app()).delete('/api/privado').expect(405).expect('Allow', 'GET');
    expect(calls).toEqual([]);
  });

  it('lists allowed methods in one order whatever the table’s', () => {
    expect(allowedMethods([{ method: 'delete' }, { method: 'post' }, { method: 'get' }])).toBe('GET, POST, DELETE');
  });
});
