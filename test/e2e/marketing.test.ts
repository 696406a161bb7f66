import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, hasBrowser, launchBrowser, openPage, saveScreenshot, VIEWPORTS, type ViewportName } from './support/browser.js';
import { startBuiltServer, type RunningServer } from './support/server.js';

const PAGES = [
  { name: 'inicio', path: '/', heading: 'Mais tempo para o paciente, menos tempo com papel.' },
  { name: 'sobre', path: '/prontivo', heading: 'Nascemos dentro do consultório, em meio à pandemia' },
  { name: 'planos', path: '/preco-prontuario-eletronico', heading: 'Um plano para cada momento da sua carreira' },
  { name: 'privacidade', path: '/privacidade', heading: 'Política de privacidade' },
  { name: 'nao-encontrado', path: '/nao-encontrado', heading: 'Página não encontrada.' },
  { name: 'caminho-desconhecido', path: '/caminho/que-nao-existe', heading: 'Página não encontrada.' },
];

/** Chromium reports the 404 document itself as a failed resource; that one is expected. */
const expectedProblem = (path: string) => (problem: string) =>
  path.startsWith('/caminho/') && problem.includes('status of 404');

async function visibleLinkTexts(page: Page, selector: string): Promise<string[]> {
  const texts: string[] = [];
  for (const link of await page.locator(`${selector} a`).all()) {
    if (await link.isVisible()) texts.push((await link.textContent())?.trim() ?? '');
  }
  return texts;
}

async function contactsInView(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const rect = document.getElementById('contatos')?.getBoundingClientRect();
    return rect !== undefined && rect.top >= 0 && rect.top < window.innerHeight;
  });
}

describe.runIf(hasBrowser)('marketing pages in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startBuiltServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    describe.each(PAGES)(`$path at ${VIEWPORTS[viewport].width} px`, ({ name, path, heading }) => {
      it('renders with no console errors and no axe violations', async () => {
        const { page, problems } = await openPage(browser, `${server.url}${path}`, viewport);
        try {
          await expect.poll(() => page.locator('h1').textContent()).toBe(heading);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
          expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
          await saveScreenshot(page, `marketing-${name}-${viewport}`);
          expect(await axeViolations(page)).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
          expect(problems.filter((problem) => !expectedProblem(path)(problem))).toEqual([]);
        } finally {
          await page.context().close();
        }
      });
    });
  }

  it('desktop shows Planos, Notícias, Sobre and Contatos and hides the menu button', async () => {
    const { page } = await openPage(browser, `${server.url}/`, 'desktop');
    try {
      expect(await visibleLinkTexts(page, '.nav-desktop')).toEqual(['Planos', 'Notícias', 'Sobre', 'Contatos']);
      expect(await page.locator('.nav-mobile summary').isVisible()).toBe(false);
      await expect.poll(() => page.getByRole('link', { name: /^Acessar/ }).isVisible()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('mobile menu opens by click and shows Planos, Sobre and Contatos; Contatos scrolls to the footer', async () => {
    const { page } = await openPage(browser, `${server.url}/`, 'mobile');
    try {
      expect(await page.locator('.nav-desktop').isVisible()).toBe(false);
      expect(await visibleLinkTexts(page, '.nav-mobile')).toEqual([]);
      await page.locator('.nav-mobile summary').click();
      expect(await visibleLinkTexts(page, '.nav-mobile')).toEqual(['Planos', 'Sobre', 'Contatos']);
      await saveScreenshot(page, 'marketing-menu-aberto-mobile');
      await page.locator('.nav-mobile a', { hasText: 'Contatos' }).click();
      await contactsInView(page);
      expect(new URL(page.url()).hash).toBe('#contatos');
    } finally {
      await page.context().close();
    }
  });

  it('mobile menu opens and closes from the keyboard, and its links are reachable with Tab', async () => {
    const { page } = await openPage(browser, `${server.url}/preco-prontuario-eletronico`, 'mobile');
    try {
      for (let presses = 0; presses < 10; presses += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement?.tagName === 'SUMMARY')) break;
      }
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
      await page.keyboard.press('Enter');
      expect(await page.locator('.nav-mobile').getAttribute('open')).toBe('');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Planos');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('page');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Space');
      expect(await page.locator('.nav-mobile').getAttribute('open')).toBeNull();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Contatos');
      await page.keyboard.press('Enter');
      await contactsInView(page);
    } finally {
      await page.context().close();
    }
  });

  it('shows a visible focus outline on every element reached with Tab', async () => {
    const { page } = await openPage(browser, `${server.url}/`, 'desktop');
    try {
      const seen: string[] = [];
      for (let presses = 0; presses < 12; presses += 1) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          return { name: element.textContent?.trim() ?? '', outline: `${style.outlineStyle} ${style.outlineWidth}` };
        });
        expect(focus.outline, focus.name).toBe('solid 3px');
        seen.push(focus.name);
      }
      expect(seen).toEqual(expect.arrayContaining(['Pular para o conteúdo', 'Planos', 'Experimente Grátis (abre em nova aba)']));
    } finally {
      await page.context().close();
    }
  });

  it('app-host buttons open a new tab', async () => {
    const { page } = await openPage(browser, `${server.url}/preco-prontuario-eletronico`, 'desktop');
    try {
      const buttons = page.locator('.plan-card a');
      expect(await buttons.count()).toBe(2);
      for (const link of await buttons.all()) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toBe('noopener');
      }
      expect(await buttons.nth(1).getAttribute('href')).toMatch(/\/cadastro\?plano=PRO$/);
    } finally {
      await page.context().close();
    }
  });
});
