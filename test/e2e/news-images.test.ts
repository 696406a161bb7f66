import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhotoArticle } from '../../bench/photo-article.js';
import { validateHtml } from '../support/vnu.js';
import { axeViolations, launchBrowser, openPage, saveScreenshot, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startBuiltServer, TEST_EDITOR_KEY, type RunningServer } from './support/server.js';

interface Choice {
  currentSrc: string;
  /** CSS pixels the image is drawn at, times the device pixel ratio. */
  needed: number;
  /** Width descriptors of the <source> the browser took. */
  candidates: { url: string; width: number }[];
}

/** What the browser picked for an <img> inside a <picture>, and what it could have picked. */
async function choiceOf(page: Page, selector: string): Promise<Choice> {
  return page.locator(selector).evaluate((image: HTMLImageElement) => {
    const picked = image.currentSrc;
    const source = [...image.parentElement!.querySelectorAll('source')].find((candidate) => candidate.srcset.includes(new URL(picked).pathname));
    const srcset = source?.srcset ?? image.srcset;
    return {
      currentSrc: picked,
      needed: image.getBoundingClientRect().width * window.devicePixelRatio,
      candidates: srcset.split(', ').map((entry) => {
        const [url, width] = entry.split(' ');
        return { url: url!, width: Number.parseInt(width!, 10) };
      }),
    };
  });
}

/** The candidate taken is AVIF or WebP, wide enough, and the narrowest of those wide enough. */
function expectRightCandidate(choice: Choice): number {
  expect(choice.currentSrc).toMatch(/\.(?:avif|webp)$/);
  const taken = choice.candidates.find((candidate) => choice.currentSrc.endsWith(candidate.url));
  expect(taken, `${choice.currentSrc} fora do srcset`).toBeDefined();
  const wideEnough = choice.candidates.filter((candidate) => candidate.width >= choice.needed).sort((a, b) => a.width - b.width);
  expect(taken!.width).toBe(wideEnough[0]?.width ?? Math.max(...choice.candidates.map((candidate) => candidate.width)));
  return taken!.width;
}

describe('article photos in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let articleUrl: string;

  beforeAll(async () => {
    server = await startBuiltServer({ SEED_SAMPLE_ARTICLES: 'false' });
    // A real editor's article: 4000x3000 main photo and two body photos, uploaded through the API.
    const id = await createPhotoArticle(server.url, TEST_EDITOR_KEY);
    articleUrl = (await fetch(`${server.url}/noticias/${id}`)).url;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const expectedMainWidth: Record<ViewportName, number> = { mobile: 640, desktop: 960 };
  /** What `sizes` promises (src/components/image-sizes.ts): the drawn width must be exactly that. */
  const columnWidth: Record<ViewportName, number> = { mobile: 343, desktop: 732 };
  const cardWidth: Record<ViewportName, number> = { mobile: 341, desktop: 334 };

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    const width = VIEWPORTS[viewport].width;
    it(`article at ${width} px takes an AVIF no wider than needed, for the main photo and the body photos`, async () => {
      const { page, problems } = await openPage(browser, articleUrl, viewport);
      try {
        const main = await choiceOf(page, '.article-figure img');
        expect(main.currentSrc).toMatch(/\.avif$/);
        expect(main.needed).toBe(columnWidth[viewport]);
        expect(expectRightCandidate(main)).toBe(expectedMainWidth[viewport]);
        expect(await page.locator('.article-figure img').getAttribute('fetchpriority')).toBe('high');

        const bodyImages = page.locator('.article-body picture img');
        expect(await bodyImages.count()).toBe(2);
        for (let index = 0; index < 2; index += 1) {
          const image = bodyImages.nth(index);
          await image.scrollIntoViewIfNeeded();
          await page.waitForFunction((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
          expectRightCandidate(await choiceOf(page, `.article-body picture >> nth=${index} >> img`));
        }
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        await saveScreenshot(page, `noticias-artigo-fotos-${width}`);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      } finally {
        await page.context().close();
      }
    });

    it(`news list at ${width} px gives the photo card a small AVIF`, async () => {
      const { page, problems } = await openPage(browser, `${server.url}/noticias`, viewport);
      try {
        const card = await choiceOf(page, '.news-card-image');
        expectRightCandidate(card);
        expect(card.needed).toBe(cardWidth[viewport]);
        expect(card.candidates.every((candidate) => candidate.width <= 640)).toBe(true);
        await saveScreenshot(page, `noticias-lista-fotos-${width}`);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }

  it('the article with <picture>s passes the W3C HTML checker', async () => {
    const html = await (await fetch(articleUrl)).text();
    expect(await validateHtml({ artigo: html })).toEqual({ artigo: [] });
  });
});
