import { describe, expect, it } from 'vitest';
import { ImageInUseError } from '../../src/db/image-store.js';
import type { EncodedImageInput, NewImageSet } from '../../src/images/image-set.js';
import { availableAdapters, storePerTest } from './adapters.js';
import { numberedArticle as article } from './numbered-article.js';

const editor = { autor: 'Editora', id_pessoa: null } as const;

function encoded(arquivo: string, format: EncodedImageInput['format'], width: number, height: number, seed: number): EncodedImageInput {
  return { arquivo, format, content_type: `image/${format}`, width, height, bytes: Buffer.alloc(64, seed) };
}

function imageSet(id_artigo: number, nome = 'foto.jpg'): NewImageSet {
  const base = nome.replace(/\.[a-z]+$/, '');
  return {
    id_artigo,
    nome,
    master: { content_type: 'image/jpeg', bytes: Buffer.alloc(500, 9), width: 1600, height: 1200, hasAlpha: false, animated: false },
    variants: [encoded(`${base}.320w.aaaa1111aaaa.jpg`, 'jpeg', 320, 240, 1), encoded(`${base}.320w.bbbb2222bbbb.webp`, 'webp', 320, 240, 2)],
    social: encoded(`${base}.social.cccc3333cccc.jpg`, 'jpeg', 1200, 630, 3),
  };
}

const img = (id: number, nome: string) => `<figure><img src="/assets/artigos/${id}/${nome}" alt=""></figure>`;

describe.each(availableAdapters())('contrato da biblioteca de imagens: $name', (adapter) => {
  const { repo } = storePerTest(adapter);

  it('links an image into other articles without a copy, serving it under their URLs, and counts where it is shown', async () => {
    const owner = await repo.articles.create(article({ status: 'rascunho' }));
    const second = await repo.articles.create(article());
    const third = await repo.articles.create(article());
    const { id } = await repo.images.saveImageSet(imageSet(owner));
    await repo.images.saveImageSet(imageSet(third));

    expect((await repo.images.libraryImage(id))!.usos).toEqual([]);
    expect(await repo.images.linkImage(second, id)).toEqual({ nome: 'foto.jpg' });
    expect(await repo.images.linkImage(second, id)).toEqual({ nome: 'foto.jpg' });
    // The third article has a foto.jpg of its own: the link takes the next free name.
    expect(await repo.images.linkImage(third, id)).toEqual({ nome: 'foto-2.jpg' });
    expect(await repo.images.linkImage(owner, id)).toEqual({ nome: 'foto.jpg' });
    expect(await repo.images.linkImage(second, 999_999)).toBeNull();

    const master = await repo.images.getImage(owner, 'foto.jpg');
    expect((await repo.images.getImage(second, 'foto.jpg'))!.bytes).toEqual(master!.bytes);
    expect((await repo.images.getImage(third, 'foto-2.jpg'))!.etag).toBe(master!.etag);
    expect((await repo.images.getImageVariant(third, 'foto.320w.aaaa1111aaaa.jpg'))!.bytes).toEqual(Buffer.alloc(64, 1));
    expect(await repo.images.getImageVariant(third + 1000, 'foto.320w.aaaa1111aaaa.jpg')).toBeNull();
    const sets = await repo.images.imageSets([second, third]);
    expect(sets.map((set) => [set.id_artigo, set.nome, set.id === id])).toEqual([
      [second, 'foto.jpg', true],
      [third, 'foto.jpg', false],
      [third, 'foto-2.jpg', true],
    ]);
    expect(sets[2]!.masterUrl).toBe(`/assets/artigos/${third}/foto-2.jpg`);
    expect(sets[2]!.social.url).toBe(`/assets/artigos/${third}/foto.social.cccc3333cccc.jpg`);

    await repo.articles.update(second, { ...editor, acao: 'editado', content: { ...article(), conteudo: `<p>Texto.</p>${img(second, 'foto.jpg')}` } });
    await repo.articles.update(owner, { ...editor, acao: 'editado', content: { ...article(), imagem: { nome: 'foto.jpg', caption: 'Consulta', width: 1600, height: 1200 } } });
    const used = await repo.images.libraryImage(id);
    expect(used!.usos.map((use) => [use.id_artigo, use.nome])).toEqual([
      [owner, 'foto.jpg'],
      [second, 'foto.jpg'],
    ]);
    const index = await repo.images.libraryIndex();
    expect((await repo.images.libraryImages(index.map((entry) => entry.id))).map((image) => [image.id_artigo, image.usos.length])).toEqual([
      [third, 0],
      [owner, 2],
    ]);
  });

  it('indexes every image newest first with the titles of its own and linked articles, and reads only the images asked for', async () => {
    const owner = await repo.articles.create(article({ titulo: 'Agenda sem faltas' }));
    const other = await repo.articles.create(article({ titulo: 'Receita digital' }));
    const first = await repo.images.saveImageSet(imageSet(owner, 'primeira.jpg'));
    const second = await repo.images.saveImageSet(imageSet(owner, 'segunda.jpg'));
    await repo.images.linkImage(other, first.id);
    await repo.images.updateImage(second.id, { alt_padrao: 'Médica no consultório' });

    expect(await repo.images.libraryIndex()).toEqual([
      { id: second.id, nome: 'segunda.jpg', alt_padrao: 'Médica no consultório', legenda_padrao: null, titulos: ['Agenda sem faltas'] },
      { id: first.id, nome: 'primeira.jpg', alt_padrao: null, legenda_padrao: null, titulos: ['Agenda sem faltas', 'Receita digital'] },
    ]);
    expect((await repo.images.libraryImages([first.id])).map((image) => image.nome)).toEqual(['primeira.jpg']);
    expect((await repo.images.libraryImages([first.id, second.id])).map((image) => image.id)).toEqual([second.id, first.id]);
    expect(await repo.images.libraryImages([])).toEqual([]);
  });

  it('refuses to delete an image in use, naming the articles, and deletes it with its links once unused', async () => {
    const owner = await repo.articles.create(article());
    const other = await repo.articles.create(article());
    const { id } = await repo.images.saveImageSet(imageSet(owner));
    await repo.images.linkImage(other, id);
    await repo.articles.update(other, { ...editor, acao: 'editado', content: { ...article({ titulo: 'Onde a foto aparece' }), conteudo: img(other, 'foto.jpg') } });

    const refused = await repo.images.deleteImage(id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImageInUseError);
    expect((refused as ImageInUseError).usos).toEqual([{ id_artigo: other, titulo: 'Onde a foto aparece', nome: 'foto.jpg' }]);
    expect(await repo.images.getImage(other, 'foto.jpg')).not.toBeNull();

    await repo.articles.update(other, { ...editor, acao: 'editado', content: { ...article(), conteudo: '<p>Sem foto.</p>' } });
    expect(await repo.images.deleteImage(id)).toBe(true);
    expect(await repo.images.getImage(owner, 'foto.jpg')).toBeNull();
    expect(await repo.images.getImage(other, 'foto.jpg')).toBeNull();
    expect(await repo.images.imageSets([owner, other])).toEqual([]);
    expect(await repo.images.deleteImage(id)).toBe(false);
  });

  it('keeps a focal point and default texts, and replaces the share image under a new name', async () => {
    const owner = await repo.articles.create(article());
    const other = await repo.articles.create(article());
    const { id } = await repo.images.saveImageSet(imageSet(owner));
    await repo.images.linkImage(other, id);
    expect((await repo.images.libraryImage(id))!.foco).toBeNull();
    expect((await repo.images.imageSets([owner]))[0]!.focus).toEqual({ x: 0.5, y: 0.5 });

    const social = encoded('foto.social.dddd4444dddd.jpg', 'jpeg', 1200, 630, 4);
    expect(await repo.images.updateImage(id, { foco: { x: 0.8, y: 0.25 }, social, alt_padrao: 'Médica em consulta', legenda_padrao: 'Foto: equipe' })).toBe(true);
    expect(await repo.images.libraryImage(id)).toMatchObject({ foco: { x: 0.8, y: 0.25 }, alt_padrao: 'Médica em consulta', legenda_padrao: 'Foto: equipe' });
    const [own, linked] = await repo.images.imageSets([owner, other]);
    expect(own!.focus).toEqual({ x: 0.8, y: 0.25 });
    expect(own!.social.url).toBe(`/assets/artigos/${owner}/foto.social.dddd4444dddd.jpg`);
    expect(linked!.social.url).toBe(`/assets/artigos/${other}/foto.social.dddd4444dddd.jpg`);
    expect(await repo.images.getImageVariant(owner, 'foto.social.cccc3333cccc.jpg')).toBeNull();
    expect((await repo.images.getImageVariant(other, 'foto.social.dddd4444dddd.jpg'))!.bytes).toEqual(social.bytes);

    expect(await repo.images.updateImage(id, { alt_padrao: null })).toBe(true);
    expect(await repo.images.libraryImage(id)).toMatchObject({ foco: { x: 0.8, y: 0.25 }, alt_padrao: null, legenda_padrao: 'Foto: equipe' });
    expect(await repo.images.updateImage(999_999, { alt_padrao: 'x' })).toBe(false);
  });
});
