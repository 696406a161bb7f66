import type { Express } from 'express';
import request from 'supertest';
import { child, childrenNamed, parseXml } from './parse-xml.js';

/** What a crawler reads from /sitemap.xml: the index, then every file it lists. */
export interface ReadSitemap {
  /** The files' paths, as the index lists them. */
  files: string[];
  /** Every <url> of every file, in order. */
  urls: { loc: string; lastmod?: string }[];
  /** The text of every file, for "does not mention". */
  text: string;
}

export async function readSitemap(app: Express): Promise<ReadSitemap> {
  const index = await request(app).get('/sitemap.xml').expect(200).expect('Content-Type', 'application/xml; charset=utf-8');
  const root = parseXml(index.text);
  if (root.name !== 'sitemapindex') throw new Error(`/sitemap.xml não é um índice: <${root.name}>`);
  const files = childrenNamed(root, 'sitemap').map((file) => new URL(child(file, 'loc')!.text).pathname);
  const texts = await Promise.all(files.map(async (path) => (await request(app).get(path).expect(200).expect('Content-Type', /xml/)).text));
  const urls = texts.flatMap((text) => {
    const urlset = parseXml(text);
    if (urlset.name !== 'urlset' || urlset.attributes.xmlns !== 'http://www.sitemaps.org/schemas/sitemap/0.9') throw new Error('arquivo do sitemap sem <urlset> do protocolo');
    return childrenNamed(urlset, 'url').map((url) => {
      const lastmod = child(url, 'lastmod')?.text;
      return { loc: child(url, 'loc')!.text, ...(lastmod ? { lastmod } : {}) };
    });
  });
  return { files, urls, text: [index.text, ...texts].join('\n') };
}
