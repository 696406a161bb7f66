import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { photo } from '../scripts/photo-scene.js';

/**
 * An article as an editor really publishes one, created through the public API: a 4000x3000 camera
 * photo as main image and two more photos in a long body, all uploaded and processed by the pipeline.
 */

const MAIN = { nome: 'consultorio-4000x3000.jpg', width: 4000, height: 3000 };
const BODY_PHOTOS = [
  { nome: 'recepcao-3000x2000.jpg', width: 3000, height: 2000, alt: 'Recepção do consultório com a agenda aberta na tela' },
  { nome: 'sala-de-espera-3000x2000.jpg', width: 3000, height: 2000, alt: 'Sala de espera iluminada por uma janela ampla' },
];
const SCENE = { icone: 'monitor', fundo: '#0f766e', destaque: '#99f6e4' };

interface Envelope<T> {
  status: number;
  messages: string[];
  value: T;
}

async function api<T>(base: string, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${base}/api${path}`, init);
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.messages.join(' ')}`);
  return body.value;
}

/** A long sample body with the two photos before its third and fifth headings, well below the first view. */
function bodyWithPhotos(id: number): string {
  const html = readFileSync(join(import.meta.dirname, '..', 'seed', 'conteudo', 'telemedicina-boas-praticas.html'), 'utf8')
    .replace(/<p><img [^>]*\/><\/p>\n?/g, '')
    .trim();
  const sections = html.split('<h2>');
  return sections
    .map((section, index) => {
      const image = index === 2 ? BODY_PHOTOS[0] : index === 4 ? BODY_PHOTOS[1] : undefined;
      const figure = image ? `<p><img src="/assets/artigos/${id}/${image.nome}" alt="${image.alt}" /></p>\n` : '';
      return index === 0 ? section : `${figure}<h2>${section}`;
    })
    .join('');
}

async function upload(base: string, key: string, id: number, nome: string, jpeg: Buffer): Promise<void> {
  const form = new FormData();
  form.set('key', key);
  form.set('id_artigo', String(id));
  form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), nome);
  const saved = await api<{ nome: string }>(base, '/artigos/upload-imagem', { method: 'POST', body: form });
  if (saved.nome !== nome) throw new Error(`imagem salva como ${saved.nome}, esperado ${nome}`);
}

/** Creates the article, uploads its three photos and returns its id. */
export async function createPhotoArticle(base: string, key: string): Promise<number> {
  const id = await api<number>(base, '/artigos/next-id', { method: 'GET' });
  const created = await api<number>(base, '/artigos/novo', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      key,
      titulo: 'Teleconsulta na prática: um dia de atendimento a distância',
      titulo_url: 'teleconsulta-na-pratica',
      descricao: 'Como organizar a agenda, a sala e os documentos para atender bem por vídeo, com fotos do consultório.',
      keywords: 'telemedicina, teleconsulta, consultório',
      conteudo: bodyWithPhotos(id),
      imagem: { nome: MAIN.nome, caption: 'Consultório preparado para a teleconsulta', width: MAIN.width, height: MAIN.height },
    }),
  });
  if (created !== id) throw new Error(`artigo criado com id ${created}, esperado ${id}`);
  await upload(base, key, id, MAIN.nome, await photo(MAIN.width, MAIN.height, SCENE, 4000, false));
  for (const [index, image] of BODY_PHOTOS.entries()) {
    await upload(base, key, id, image.nome, await photo(image.width, image.height, SCENE, 3000 + index, index === 1));
  }
  return id;
}
