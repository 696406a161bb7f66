import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBody, withImageNames } from '../../../src/import/article-body.js';
import { parseMarkdownFile } from '../../../src/import/markdown-files.js';
import { readExport, UnreadableExportError } from '../../../src/import/read-export.js';
import { wordPressHtml } from '../../../src/import/wordpress-html.js';
import { parseWxr } from '../../../src/import/wxr.js';
import { archiveLookup } from '../../../src/workflow/import-rules.js';
import { WXR_FIXTURE, writeMarkdownZip, writeWordPressZip } from '../../support/import-archives.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'importacao-teste-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('WordPress export (WXR)', () => {
  it('reads posts, pages and attachments with their fields, never a comment as a field', async () => {
    // Tiny chunks: a character or a CDATA section split between two reads is joined again.
    const parsed = await parseWxr(createReadStream(WXR_FIXTURE, { highWaterMark: 7 }));
    expect(parsed.fonte).toBe('https://blog.clinica.example');
    const post = parsed.items.find((item) => item.id_origem === '123')!;
    expect(post).toMatchObject({
      wp_id: 123,
      tipo: 'post',
      titulo: 'Como organizar a agenda da clínica',
      slug: 'agenda-da-clinica',
      caminho_antigo: '/2024/05/agenda-da-clinica',
      data_publicacao: '2024-05-10T12:30:00.000Z',
      estado: 'publish',
      autor_email: 'ana@clinica.example',
      temas: ['Gestão', 'Prontuário'],
      imagem_destacada: '45',
      resumo: 'Dicas para reduzir faltas e atrasos na agenda.',
    });
    expect(post.html).toContain('reduz faltas &amp; atrasos');
    expect(post.html).not.toContain('Ótimo texto');
    expect(parsed.items.map((item) => item.tipo)).toEqual(['attachment', 'post', 'post', 'page', 'post', 'post', 'post', 'nav_menu_item']);
    expect(parsed.items.find((item) => item.id_origem === '130')).toMatchObject({ caminho_antigo: null, data_publicacao: null, estado: 'draft' });
    expect(parsed.items[0]).toMatchObject({ anexo_url: 'https://blog.clinica.example/wp-content/uploads/2024/05/recepcao.jpg', imagem_alt: 'Balcão da recepção' });
  });

  it('turns classic-editor text into paragraphs and unwraps captions, naming the shortcodes it removes', () => {
    const { html, removedShortcodes } = wordPressHtml('Um\nlinha\n\n[caption id="x"]<img src="a.jpg" alt="A"> Legenda[/caption]\n\n[gallery ids="1"] [embed]https://y.example[/embed]');
    expect(html).toBe('<p>Um<br>\nlinha</p>\n<img src="a.jpg" alt="A">\n<p><em>Legenda</em></p>');
    expect(removedShortcodes.sort()).toEqual(['embed', 'gallery']);
  });
});

describe('Markdown front matter: the main image', () => {
  it('is image, imagem or cover (an address, or { image, alt, caption } as Hugo themes write it)', () => {
    expect(parseMarkdownFile('a.md', '---\ntitle: A\nimage: capa.jpg\nimage_alt: Uma capa\n---\nx')).toMatchObject({ imagem_destacada: 'capa.jpg', imagem_alt: 'Uma capa', imagem_legenda: '' });
    expect(parseMarkdownFile('b.md', '---\ntitle: B\nimagem: /img/b.png\nimagem_legenda: Legenda\n---\nx')).toMatchObject({ imagem_destacada: '/img/b.png', imagem_legenda: 'Legenda' });
    expect(parseMarkdownFile('c.md', '---\ntitle: C\ncover:\n  image: c.webp\n  alt: Capa C\n  caption: Foto C\n---\nx')).toMatchObject({ imagem_destacada: 'c.webp', imagem_alt: 'Capa C', imagem_legenda: 'Foto C' });
    expect(parseMarkdownFile('d.md', '---\ntitle: D\ncover: https://cdn.example/d.jpg\n---\nx')).toMatchObject({ imagem_destacada: 'https://cdn.example/d.jpg' });
    expect(parseMarkdownFile('e.md', '---\ntitle: E\n---\nx')).toMatchObject({ imagem_destacada: null, imagem_alt: '' });
  });
});

describe('the body of an imported item', () => {
  it('goes through the paste normaliser and the sanitiser, archive images pending, remote ones listed and never kept', async () => {
    const body = await prepareBody(
      '<p onclick="x()">Oi <script>alert(1)</script><b>forte</b></p><img src="https://site.example/wp-content/uploads/a-300x200.jpg" alt="A"><a href="https://cdn.example/b.png"><img src="https://cdn.example/b.png"></a><iframe src="https://youtube.com/embed/1"></iframe>',
      (src) => (src.includes('/uploads/') ? 'wp-content/uploads/a.jpg' : null),
    );
    expect(body.html).toBe('<p>Oi <strong>forte</strong></p><p><img src="/assets/artigos/0/importacao-0" alt="A" /></p>');
    expect(body.images).toEqual([{ arquivo: 'wp-content/uploads/a.jpg' }]);
    expect(body.remote).toEqual(['https://cdn.example/b.png']);
    expect(body.notices).toHaveLength(1);
    expect(withImageNames(body.html, 42, ['a.jpg'])).toContain('src="/assets/artigos/42/a.jpg"');
  });

  it('finds archive images by their uploads path (the original for a resized copy) or relative to the Markdown file', () => {
    const find = archiveLookup(['wp-content/uploads/2024/05/recepcao.jpg', 'posts/imagens/fachada.jpg', 'segredo.txt']);
    expect(find('https://blog.example/wp-content/uploads/2024/05/recepcao-1024x683.jpg', '')).toBe('wp-content/uploads/2024/05/recepcao.jpg');
    expect(find('imagens/fachada.jpg', 'posts/')).toBe('posts/imagens/fachada.jpg');
    expect(find('../segredo.txt', 'posts/')).toBeNull();
    expect(find('https://cdn.example/fachada.jpg', 'posts/')).toBeNull();
  });
});

describe('uploaded files', () => {
  it('reads a zip of Markdown files with front matter', async () => {
    const path = join(folder, 'markdown.zip');
    await writeMarkdownZip(path);
    const opened = await readExport(path);
    try {
      expect(opened.parsed.origem).toBe('markdown');
      expect(opened.files!.names).toContain('posts/imagens/fachada.jpg');
      const [welcome, draft, untitled] = opened.parsed.items;
      expect(welcome).toMatchObject({
        id_origem: 'posts/2024-03-01-bem-vindo.md',
        titulo: 'Bem-vindo ao novo site',
        slug: 'bem-vindo',
        data_publicacao: '2024-03-01T12:00:00.000Z',
        autor_email: 'ana@clinica.example',
        temas: ['Novidades', 'Gestão'],
        caminho_antigo: '/blog/bem-vindo',
        pasta: 'posts/',
        estado: 'publish',
      });
      expect(welcome!.html).toContain('<strong>parágrafo</strong>');
      expect(draft).toMatchObject({ titulo: 'Um rascunho', estado: 'draft', slug: 'rascunho' });
      expect(untitled).toMatchObject({ titulo: '' });
    } finally {
      opened.files?.close();
    }
  });

  it('reads a WordPress export zipped with its uploads folder, and refuses what is neither', async () => {
    const path = join(folder, 'wordpress.zip');
    await writeWordPressZip(path);
    const opened = await readExport(path);
    opened.files?.close();
    expect(opened.parsed.origem).toBe('wordpress');
    expect(opened.files!.names).toContain('wp-content/uploads/2024/05/recepcao.jpg');
    await expect(readExport(join(import.meta.dirname, 'parsers.test.ts'))).rejects.toBeInstanceOf(UnreadableExportError);
  });
});
