import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretDigest } from '../../src/lib/secret-token.js';
import { DEV_ASSETS } from '../../src/ssr/assets.js';
import { EDIT_LOCK_MESSAGES } from '../../src/workflow/edit-locks.js';
import { createArticle, createTestApp, type TestApp } from '../support/app.js';
import { expectFailure } from '../support/articles-api.js';

const TAB_ANA = 'aba-da-ana-0000000001';
const TAB_BRUNO = 'aba-do-bruno-00000002';

/** One person at a time (issue 34): the heartbeat, the takeover, and a save after it kept as a suggestion. */
describe('edição de um artigo por uma pessoa de cada vez', () => {
  let t: TestApp;
  const keys: Record<string, string> = {};

  async function editor(nome: string) {
    const invited = await t.repo.people.invite({ nome, email: `${nome.toLowerCase()}@clinica.com.br`, papel: 'editor' }, { token_hash: `convite-${nome}`, expira_em: new Date(Date.now() + 86_400_000).toISOString() });
    keys[nome] = `prv_teste_${nome}`;
    await t.repo.personalKeys.create(invited.id, 'testes', secretDigest(keys[nome]), new Date().toISOString());
  }

  const as = (nome: string, req: request.Test) => req.set('Authorization', `Bearer ${keys[nome]}`);
  const beat = (nome: string, id: number, titular: string) => as(nome, request(t.app).post(`/api/artigos/${id}/edicao`)).send({ titular });

  beforeAll(async () => {
    t = await createTestApp({ assets: DEV_ASSETS });
    await editor('Ana');
    await editor('Bruno');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives the editing to the first tab and tells the second who has it since when', async () => {
    const { id } = await createArticle(t.repo);
    const first = await beat('Ana', id, TAB_ANA);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ minha: true, nome: 'Ana' });
    const second = await beat('Bruno', id, TAB_BRUNO);
    expect(second.body.value).toEqual({ minha: false, nome: 'Ana', desde: first.body.value.desde, expira_em: expect.any(String) });
    // Her next heartbeat keeps it hers, from the same moment.
    const again = await beat('Ana', id, TAB_ANA);
    expect(again.body.value).toMatchObject({ minha: true, desde: first.body.value.desde });
  });

  it('after a takeover the former holder learns it at the next heartbeat, and her save becomes a suggestion, not a change', async () => {
    const article = await createArticle(t.repo);
    await beat('Ana', article.id, TAB_ANA);
    const taken = await as('Bruno', request(t.app).post(`/api/artigos/${article.id}/edicao/assumir`)).send({ titular: TAB_BRUNO });
    expect(taken.body.value).toMatchObject({ minha: true, nome: 'Bruno' });
    expect((await beat('Ana', article.id, TAB_ANA)).body.value).toMatchObject({ minha: false, nome: 'Bruno' });

    const save = await as('Ana', request(t.app).put(`/api/artigos/${article.id}`)).send({
      titulo: article.titulo,
      titulo_url: article.titulo_url,
      descricao: article.descricao,
      keywords: article.keywords,
      conteudo: '<p>O parágrafo que a Ana escreveu enquanto o Bruno assumia.</p>',
      versao: article.versao,
      edicao: TAB_ANA,
    });
    expect(expectFailure(save, 423, 'artigos/id')).toEqual([EDIT_LOCK_MESSAGES.divertedToSuggestion('Bruno')]);
    expect((await t.repo.articles.get(article.id))!.conteudo).toBe(article.conteudo);

    const suggestions = await as('Bruno', request(t.app).get(`/api/artigos/${article.id}/sugestoes`));
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.value).toEqual([
      expect.objectContaining({ autor: 'Ana', versao_base: article.versao, conteudo: expect.objectContaining({ conteudo: '<p>O parágrafo que a Ana escreveu enquanto o Bruno assumia.</p>' }) }),
    ]);

    // The holder saves as ever; so does a client that is no editing tab (no token).
    const bruno = await as('Bruno', request(t.app).put(`/api/artigos/${article.id}`)).send({ ...suggestions.body.value[0].conteudo, versao: article.versao, edicao: TAB_BRUNO });
    expect(bruno.status).toBe(200);
  });

  it('frees the editing when the holding tab closes', async () => {
    const { id } = await createArticle(t.repo);
    await beat('Ana', id, TAB_ANA);
    const released = await as('Ana', request(t.app).delete(`/api/artigos/${id}/edicao`)).send({ titular: TAB_ANA });
    expect(released.status).toBe(200);
    expect((await beat('Bruno', id, TAB_BRUNO)).body.value).toMatchObject({ minha: true, nome: 'Bruno' });
  });
});
