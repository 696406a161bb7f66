/**
 * Rasterises the hand-written SVGs of public/ into the PNG and ICO files browsers and social
 * networks ask for, with Debian's Chromium. Run after editing an SVG: npx tsx scripts/draw-images.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Target {
  svg: string;
  out: string;
  width: number;
  height: number;
  /** Icons for home screens need an opaque square; the logo keeps its transparent corners. */
  background?: string;
  padding?: number;
}

const TARGETS: Target[] = [
  { svg: 'public/logo.svg', out: 'public/logo-512.png', width: 512, height: 512 },
  { svg: 'public/logo.svg', out: 'public/icon-192.png', width: 192, height: 192 },
  { svg: 'public/icon.svg', out: 'public/icon-maskable-512.png', width: 512, height: 512, background: '#0b6e69', padding: 0.1 },
  { svg: 'public/icon.svg', out: 'public/apple-touch-icon.png', width: 180, height: 180, background: '#0b6e69', padding: 0 },
  { svg: 'public/imagem-principal.svg', out: 'public/imagem-principal.png', width: 600, height: 545, background: '#ffffff' },
];

const FAVICON_SIZES = [16, 32, 48];

function pageFor(svg: string, { width, height, background, padding = 0 }: Omit<Target, 'svg' | 'out'>): string {
  const data = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const inset = Math.round(width * padding);
  return `<!doctype html><html><body style="margin:0;background:${background ?? 'transparent'}">
    <img src="${data}" style="display:block;width:${width - 2 * inset}px;height:${height - 2 * inset}px;margin:${inset}px"></body></html>`;
}

/** An ICO file whose entries are PNGs (supported by every browser since Windows Vista era). */
function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((png) => png.data)]);
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
try {
  const render = async (svgPath: string, target: Omit<Target, 'svg' | 'out'>) => {
    const page = await browser.newPage({ viewport: { width: target.width, height: target.height } });
    await page.setContent(pageFor(readFileSync(svgPath, 'utf8'), target));
    await page.waitForFunction(() => document.images[0]?.complete);
    const png = await page.screenshot({ omitBackground: !target.background, type: 'png' });
    await page.close();
    return png;
  };
  for (const target of TARGETS) {
    writeFileSync(target.out, await render(target.svg, target));
    console.log(`${target.out} ${target.width}x${target.height}`);
  }
  const favicons = [];
  for (const size of FAVICON_SIZES) {
    favicons.push({ size, data: await render('public/icon.svg', { width: size, height: size }) });
  }
  writeFileSync('public/favicon.ico', ico(favicons));
  console.log(`public/favicon.ico ${FAVICON_SIZES.join(', ')}`);
} finally {
  await browser.close();
}
