import { existsSync, mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../setup/browser-global.js';

/** False only outside CI when Chromium is missing (the global setup has already said so loudly). */
export const hasBrowser = existsSync(CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

/** SCREENSHOT_DIR puts them elsewhere (outside the work tree, say) to look at them after a run. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface TrackedPage {
  page: Page;
  /** Console errors, page errors and failed requests seen so far. */
  problems: string[];
}

export async function openPage(browser: Browser, url: string, viewport: ViewportName): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'pt-BR' });
  const page = await context.newPage();
  const problems = trackProblems(page);
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems };
}

/** Collects console errors, page errors and failed requests of a page from now on. */
export function trackProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    // Leaving a page cancels its pending loads (lazy images, for instance): not a fault of the page.
    if (reason === 'net::ERR_ABORTED') return;
    problems.push(`requestfailed: ${request.url()} ${reason}`);
  });
  return problems;
}

export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}
