import express from 'express';
import { createElement, Suspense, type ReactElement } from 'react';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { streamDocument } from '../../../src/news/stream-document.js';

function Boom(): ReactElement {
  throw new Error('falha ao renderizar');
}

const page = (body: ReactElement) => createElement('html', { lang: 'pt-BR' }, createElement('body', null, body));

function appStreaming(element: ReactElement, crawler: boolean, onComplete = vi.fn()) {
  const onFailure = vi.fn();
  const app = express();
  app.get('/', (_req, res) => {
    streamDocument(res, {
      element,
      crawler,
      headers: { 'Cache-Control': 'public, max-age=60' },
      onComplete,
      onFailure: (error) => {
        onFailure(error);
        res.status(500).send('página de erro');
      },
      onLateError: vi.fn(),
    });
  });
  return { app, onFailure, onComplete };
}

describe('streamDocument', () => {
  it.each([false, true])('sends the document with the headers given (crawler: %s) and hands a copy for the cache', async (crawler) => {
    const { app, onComplete } = appStreaming(page(createElement('h1', null, 'Olá')), crawler);
    const res = await request(app).get('/').expect(200).expect('Cache-Control', 'public, max-age=60');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBe('<!DOCTYPE html><html lang="pt-BR"><body><h1>Olá</h1></body></html>');
    expect(onComplete).toHaveBeenCalledWith(Buffer.from(res.text));
  });

  it.each([false, true])('streams accented text across React’s 2 KB views without NUL bytes (crawler: %s)', async (crawler) => {
    // Two-byte characters after an odd or even prefix: one of the two always straddles a view boundary.
    for (const prefix of ['', 'x']) {
      const phrases = Array.from({ length: 600 }, (_, index) => createElement('i', { key: index }, 'ção'));
      const { app, onComplete } = appStreaming(page(createElement('p', null, prefix, ...phrases)), crawler);
      const res = await request(app).get('/').expect(200);
      expect(res.text).not.toContain('\u0000');
      expect(res.text).toContain('<i>ção</i>'.repeat(600));
      expect(onComplete.mock.calls[0]?.[0].includes(0)).toBe(false);
    }
  });

  it('reports an error in the shell before anything is sent', async () => {
    const { app, onFailure, onComplete } = appStreaming(page(createElement(Boom)), false);
    const res = await request(app).get('/').expect(500);
    expect(res.text).toBe('página de erro');
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'falha ao renderizar' }));
    expect(onComplete).not.toHaveBeenCalled();
  });

  it.each([false, true])('treats an error inside a Suspense boundary as a failure: no script can recover it (crawler: %s)', async (crawler) => {
    const element = page(createElement(Suspense, { fallback: createElement('p', null, 'carregando') }, createElement(Boom)));
    const { app, onFailure } = appStreaming(element, crawler);
    await request(app).get('/').expect(500);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
