import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { launchBrowser } from './browser.js';

/**
 * Call in a describe block: the browser it launches watches every page opened from it, and each test
 * of the suite fails when any of them had an uncaught error, whatever the test itself checked (an
 * editor that throws on a key press can still end up showing the right text).
 */
export function failOnPageErrors(): { launch(): Promise<Browser> } {
  const errors: string[] = [];
  const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  const watchContext = (context: BrowserContext) => {
    context.on('page', watch);
    return context;
  };
  afterEach(() => {
    expect(errors.splice(0), 'erros não tratados nas páginas do editor').toEqual([]);
  });
  return {
    async launch() {
      const browser = await launchBrowser();
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => watchContext(await newContext(...args));
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args) => {
        const page = await newPage(...args);
        watch(page);
        return page;
      };
      return browser;
    },
  };
}
