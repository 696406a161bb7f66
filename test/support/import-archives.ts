import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { zipSync, strToU8 } from 'fflate';

export const WXR_FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'import', 'wordpress-export.xml');

/** A small real photo (JPEG), made once per call. */
export function photo(colour = '#3a7bd5'): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: colour } }).jpeg().toBuffer();
}

/** A zip as a person would export from a static site: Markdown files with front matter and their images. */
export async function writeMarkdownZip(path: string): Promise<void> {
  const files: Record<string, Uint8Array> = {
    'posts/2024-03-01-bem-vindo.md': strToU8(`---
title: Bem-vindo ao novo site
slug: bem-vindo
date: 2024-03-01T09:00:00-03:00
author: ana@clinica.example
tags: [Novidades, Gestão]
description: O site novo da clínica, com o arquivo antigo.
aliases: ["/blog/bem-vindo/"]
image: imagens/fachada.jpg
image_alt: A fachada da clínica
---
# Olá

Um **parágrafo** com [link](https://clinica.example).

![Fachada](imagens/fachada.jpg)

![Remota](https://cdn.example.com/remota.png)

- um
- dois
`),
    'posts/rascunho.md': strToU8(`---
titulo: Um rascunho
draft: true
---
Ainda escrevendo.
`),
    'posts/sem-titulo.md': strToU8(`Texto sem front matter nem título.
`),
    'posts/imagens/fachada.jpg': await photo(),
  };
  await writeFile(path, zipSync(files));
}

/** The WordPress fixture zipped with its uploads folder, as a hosting panel's backup has it. */
export async function writeWordPressZip(path: string): Promise<void> {
  await writeFile(
    path,
    zipSync({
      'export/blog.WordPress.2026-11-27.xml': await readFile(WXR_FIXTURE),
      'wp-content/uploads/2024/05/recepcao.jpg': await photo('#d53a7b'),
    }),
  );
}
