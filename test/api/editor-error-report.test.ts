import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { createTestApp, type TestApp } from '../support/app.js';

interface LogLine {
  level: number;
  msg: string;
  cliente?: { origem: string; mensagem: string };
}

describe('POST /api/erros-do-cliente: the editor reports an error it caught (issue 34)', () => {
  let t: TestApp;
  const logged: LogLine[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logged.push(JSON.parse(chunk.toString()) as LogLine);
        callback();
      },
    });
    t = await createTestApp({ assets: DEV_ASSETS, logger: pino({ level: 'info' }, sink) });
  });
  afterAll(() => t.close());

  it('logs one warn line with the report, and refuses a report that is not one', async () => {
    const report = { origem: 'editor', mensagem: 'Got unexpected null or undefined', pilha: 'at editOnKeyDown', endereco: '/editor/artigos/3' };
    const res = await request(t.app).post('/api/erros-do-cliente').send(report).expect(200);
    expect((res.body as { value: unknown }).value).toEqual({ recebido: true });
    const line = logged.find((entry) => entry.msg === 'erro no navegador');
    expect(line?.level).toBe(40);
    expect(line?.cliente).toEqual(report);
    await request(t.app).post('/api/erros-do-cliente').send({ origem: 'editor', mensagem: 'x'.repeat(501) }).expect(400);
    await request(t.app).post('/api/erros-do-cliente').send({ origem: 'outro', mensagem: 'x' }).expect(400);
  });
});
