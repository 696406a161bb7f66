import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { FEED_LINKS } from '../../../src/routes/paths.js';
import { escapeXml, renderNewsFeed, rfc822 } from '../../../src/seo/feed.js';
import { child, childrenNamed, parseXml } from '../../support/parse-xml.js';
import { makeImageSet } from '../../support/image-set-fixture.js';
import { makeArticle } from '../../support/article-fixture.js';

const site = loadConfig({ SITE_URL: 'https://www.prontivo.com.br' }).site;

describe('renderNewsFeed', () => {
  const xml = renderNewsFeed(
    site,
    FEED_LINKS,
    [
      makeArticle(),
      makeArticle({ id: 3, titulo: 'Sem imagem <b>', titulo_url: 'sem-imagem', imagem_nome: null, descricao: '' }),
      makeArticle({ id: 4, titulo: 'Upload falhou', titulo_url: 'upload-falhou' }),
    ],
    [makeImageSet(7, 'capa lgpd.png', 2400, 1600)],
  );
  const rss = parseXml(xml);
  const channel = child(rss, 'channel')!;
  const items = childrenNamed(channel, 'item');

  it('is well-formed RSS 2.0 with its channel elements', () => {
    expect(rss.name).toBe('rss');
    expect(rss.attributes.version).toBe('2.0');
    expect(child(channel, 'title')!.text).toBe('Notícias | Prontivo');
    expect(child(channel, 'link')!.text).toBe('https://www.prontivo.com.br/noticias');
    expect(child(channel, 'language')!.text).toBe('pt-BR');
    expect(child(channel, 'atom:link')!.attributes).toMatchObject({
      href: 'https://www.prontivo.com.br/noticias/feed.xml',
      rel: 'self',
    });
    expect(child(channel, 'lastBuildDate')!.text).toBe('Mon, 02 Mar 2026 12:00:00 GMT');
  });

  it('describes each article with title, link, guid, pubDate, description and image', () => {
    expect(items).toHaveLength(3);
    const first = items[0]!;
    const url = 'https://www.prontivo.com.br/noticias/7/2026/02/28/prontuario-eletronico-e-lgpd';
    expect(child(first, 'title')!.text).toBe('Prontuário eletrônico & LGPD: o que muda');
    expect(child(first, 'link')!.text).toBe(url);
    expect(child(first, 'guid')!.text).toBe(url);
    expect(child(first, 'guid')!.attributes.isPermaLink).toBe('true');
    expect(child(first, 'pubDate')!.text).toBe('Sun, 01 Mar 2026 01:30:00 GMT');
    expect(child(first, 'description')!.text).toBe('Como proteger os dados dos pacientes.');
    expect(child(first, 'dc:creator')!.text).toBe('Maria Souza');
    // The 1200 × 630 JPEG made for sharing, which every feed reader can show.
    expect(child(first, 'media:content')!.attributes).toEqual({
      url: 'https://www.prontivo.com.br/assets/artigos/7/capa%20lgpd-social-h1.jpg',
      medium: 'image',
      type: 'image/jpeg',
      width: '1200',
      height: '630',
      fileSize: String(1200 * 90),
    });
    expect(child(child(first, 'media:content')!, 'media:description')!.text).toBe('Médica consultando o prontuário');
  });

  it('falls back to the title when there is no description, and omits an absent or missing image', () => {
    const second = items[1]!;
    expect(child(second, 'description')!.text).toBe('Sem imagem <b>');
    expect(child(second, 'media:content')).toBeUndefined();
    expect(child(items[2]!, 'media:content')).toBeUndefined();
  });

  it('is still valid with no articles', () => {
    const empty = child(parseXml(renderNewsFeed(site, FEED_LINKS, [])), 'channel')!;
    expect(childrenNamed(empty, 'item')).toEqual([]);
    expect(child(empty, 'lastBuildDate')).toBeUndefined();
  });
});

describe('XML helpers', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('writes RFC 822 dates', () => {
    expect(rfc822('2026-11-21T15:04:05Z')).toBe('Sat, 21 Nov 2026 15:04:05 GMT');
  });
});
