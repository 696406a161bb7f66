import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { applyShippedFonts, fontsDirectory } from '../../../src/images/shipped-fonts.js';

describe('applyShippedFonts', () => {
  const before = process.env.FONTCONFIG_FILE;
  afterEach(() => {
    if (before === undefined) delete process.env.FONTCONFIG_FILE;
    else process.env.FONTCONFIG_FILE = before;
  });

  it("points fontconfig at the repository's fonts once, and the second call keeps that configuration", () => {
    process.env.FONTCONFIG_FILE = '/etc/fonts/fonts.conf';
    applyShippedFonts();
    const first = process.env.FONTCONFIG_FILE;
    expect(first).not.toBe('/etc/fonts/fonts.conf');
    expect(existsSync(first)).toBe(true);
    expect(readFileSync(first, 'utf8')).toContain(`<dir>${fontsDirectory()}</dir>`);
    applyShippedFonts();
    expect(process.env.FONTCONFIG_FILE).toBe(first);
  });
});
