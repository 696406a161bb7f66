/**
 * Draws the sample articles' illustrations (seed/imagens/*.png) from seed/artigos.json.
 * Run once after changing the list: `npx tsx scripts/generate-seed-images.ts`. The PNGs are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng } from './png-encoder.js';
import { hexColor, Raster, type Rgb } from './raster.js';

interface Illustration {
  icone: string;
  fundo: string;
  destaque: string;
}

interface SeedEntry {
  imagem: { nome: string; width: number; height: number };
  ilustracao: Illustration;
}

const WHITE: Rgb = [255, 255, 255];

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i]! * (1 - t) + b[i]! * t)) as unknown as Rgb;
}

type IconDrawer = (r: Raster, cx: number, cy: number, ink: Rgb, accent: Rgb) => void;

const ICONS: Record<string, IconDrawer> = {
  escudo(r, cx, cy, ink, accent) {
    r.polygon([[cx - 90, cy - 95], [cx, cy - 125], [cx + 90, cy - 95], [cx + 80, cy + 10], [cx, cy + 115], [cx - 80, cy + 10]], ink);
    r.line(cx - 40, cy, cx - 10, cy + 35, 22, accent);
    r.line(cx - 10, cy + 35, cx + 45, cy - 35, 22, accent);
  },
  documento(r, cx, cy, ink, accent) {
    r.rect(cx - 85, cy - 115, 170, 230, ink, 14);
    for (let i = 0; i < 5; i += 1) r.line(cx - 55, cy - 70 + i * 35, cx + (i === 4 ? 5 : 55), cy - 70 + i * 35, 12, accent);
    r.line(cx + 60, cy + 95, cx + 130, cy - 20, 20, accent);
  },
  monitor(r, cx, cy, ink, accent) {
    r.rect(cx - 130, cy - 100, 260, 170, ink, 16);
    r.rect(cx - 110, cy - 80, 220, 130, accent, 8);
    r.rect(cx - 15, cy - 55, 30, 80, ink);
    r.rect(cx - 40, cy - 30, 80, 30, ink);
    r.rect(cx - 20, cy + 70, 40, 35, ink);
    r.rect(cx - 70, cy + 100, 140, 18, ink, 9);
  },
  calendario(r, cx, cy, ink, accent) {
    r.rect(cx - 120, cy - 100, 240, 210, ink, 16);
    r.rect(cx - 120, cy - 100, 240, 50, accent, 16);
    r.rect(cx - 70, cy - 125, 18, 45, accent, 9);
    r.rect(cx + 52, cy - 125, 18, 45, accent, 9);
    for (let row = 0; row < 3; row += 1) {
      for (let col = 0; col < 4; col += 1) {
        const highlight = row === 1 && col === 2;
        r.rect(cx - 100 + col * 52, cy - 35 + row * 45, 36, 30, highlight ? accent : mix(ink, accent, 0.35), 6);
      }
    }
  },
  conversa(r, cx, cy, ink, accent) {
    r.rect(cx - 130, cy - 95, 260, 160, ink, 40);
    r.polygon([[cx - 70, cy + 55], [cx - 95, cy + 120], [cx - 20, cy + 60]], ink);
    for (let i = -1; i <= 1; i += 1) r.circle(cx + i * 60, cy - 15, 18, accent);
  },
  pasta(r, cx, cy, ink, accent) {
    r.polygon([[cx - 130, cy - 90], [cx - 40, cy - 90], [cx - 20, cy - 65], [cx + 130, cy - 65], [cx + 130, cy + 100], [cx - 130, cy + 100]], accent);
    r.rect(cx - 130, cy - 40, 260, 140, ink, 10);
    r.rect(cx - 40, cy + 10, 80, 14, accent, 7);
  },
  cadeado(r, cx, cy, ink, accent) {
    r.circle(cx, cy - 40, 75, ink, 45);
    r.rect(cx - 110, cy - 40, 220, 160, ink, 18);
    r.circle(cx, cy + 25, 22, accent);
    r.rect(cx - 9, cy + 30, 18, 50, accent, 6);
  },
  pessoas(r, cx, cy, ink, accent) {
    r.circle(cx - 60, cy - 55, 42, ink);
    r.rect(cx - 125, cy, 130, 110, ink, 50);
    r.circle(cx + 65, cy - 40, 38, accent);
    r.rect(cx + 10, cy + 10, 115, 100, accent, 45);
  },
  imagem(r, cx, cy, ink, accent) {
    r.rect(cx - 130, cy - 100, 260, 200, ink, 16);
    r.rect(cx - 110, cy - 80, 220, 160, WHITE, 8);
    r.circle(cx + 55, cy - 35, 22, accent);
    r.polygon([[cx - 110, cy + 80], [cx - 40, cy - 10], [cx + 20, cy + 50], [cx + 50, cy + 20], [cx + 110, cy + 80]], ink);
  },
  grafico(r, cx, cy, ink, accent) {
    r.rect(cx - 130, cy + 95, 260, 14, ink, 7);
    const heights = [70, 110, 150, 200];
    heights.forEach((height, i) => r.rect(cx - 115 + i * 62, cy + 95 - height, 44, height, i === 3 ? accent : ink, 8));
  },
  rede(r, cx, cy, ink, accent) {
    const nodes: Array<[number, number]> = [[cx - 110, cy - 70], [cx - 110, cy + 70], [cx, cy - 100], [cx, cy], [cx, cy + 100], [cx + 110, cy - 40], [cx + 110, cy + 50]];
    const links = [[0, 2], [0, 3], [1, 3], [1, 4], [2, 5], [3, 5], [3, 6], [4, 6], [0, 4], [2, 6]];
    for (const [a, b] of links) r.line(nodes[a!]![0], nodes[a!]![1], nodes[b!]![0], nodes[b!]![1], 8, ink);
    nodes.forEach(([x, y], i) => r.circle(x, y, 24, i === 3 ? accent : ink));
  },
  relogio(r, cx, cy, ink, accent) {
    r.circle(cx, cy, 120, ink);
    r.circle(cx, cy, 98, accent);
    r.line(cx, cy, cx, cy - 70, 16, ink);
    r.line(cx, cy, cx + 55, cy + 25, 16, ink);
    r.circle(cx, cy, 14, ink);
  },
  lista(r, cx, cy, ink, accent) {
    for (let i = 0; i < 4; i += 1) {
      r.circle(cx - 100, cy - 90 + i * 60, 16, accent);
      r.rect(cx - 65, cy - 102 + i * 60, i % 2 ? 150 : 180, 24, ink, 12);
    }
  },
  'lista-verificada'(r, cx, cy, ink, accent) {
    r.rect(cx - 105, cy - 120, 210, 240, ink, 16);
    r.rect(cx - 40, cy - 135, 80, 35, accent, 10);
    for (let i = 0; i < 3; i += 1) {
      const y = cy - 55 + i * 60;
      r.rect(cx - 75, y - 18, 36, 36, accent, 6);
      r.line(cx - 68, y, cx - 58, y + 10, 8, ink);
      r.line(cx - 58, y + 10, cx - 44, y - 10, 8, ink);
      r.rect(cx - 25, y - 8, 95, 16, accent, 8);
    }
  },
};

export function drawIllustration(width: number, height: number, illustration: Illustration): Buffer {
  const background = hexColor(illustration.fundo);
  const accent = hexColor(illustration.destaque);
  const draw = ICONS[illustration.icone];
  if (!draw) throw new Error(`ícone desconhecido: ${illustration.icone}`);
  const raster = new Raster(width, height, background);
  const soft = mix(background, WHITE, 0.12);
  raster.circle(width * 0.12, height * 0.15, 140, soft);
  raster.circle(width * 0.92, height * 0.88, 180, soft);
  raster.circle(width * 0.85, height * 0.12, 50, mix(background, accent, 0.5));
  const cx = width / 2;
  const cy = height / 2;
  raster.rect(cx - 190, cy - 175, 380, 350, mix(background, WHITE, 0.9), 36);
  draw(raster, cx, cy, background, accent);
  return encodePng(width, height, raster.toRgb());
}

const seedDir = join(import.meta.dirname, '..', 'seed');
const entries = JSON.parse(readFileSync(join(seedDir, 'artigos.json'), 'utf8')) as SeedEntry[];
for (const entry of entries) {
  const png = drawIllustration(entry.imagem.width, entry.imagem.height, entry.ilustracao);
  writeFileSync(join(seedDir, 'imagens', entry.imagem.nome), png);
  console.log(`${entry.imagem.nome}: ${png.length} bytes`);
}
