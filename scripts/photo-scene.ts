/**
 * Photo-like pictures drawn with sharp, for the sample articles and the benchmarks: a softly lit room in
 * the given colours, an object (an icon) on a desk, out-of-focus lights, a vignette and film grain, so the
 * JPEGs compress like photographs rather than like flat drawings.
 */
import sharp from 'sharp';

export interface Illustration {
  icone: string;
  fundo: string;
  destaque: string;
}

const JPEG = { quality: 80, mozjpeg: true } as const;

/** Icons on a 300x300 canvas centred on (150, 150), in the article's colours. */
const ICONS: Record<string, (ink: string, accent: string) => string> = {
  escudo: (ink, accent) =>
    `<path d="M60 55 L150 25 L240 55 L230 160 L150 265 L70 160 Z" fill="${ink}"/>` +
    `<path d="M110 150 L140 185 L195 115" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>`,
  documento: (ink, accent) =>
    `<rect x="65" y="35" width="170" height="230" rx="14" fill="${ink}"/>` +
    [0, 1, 2, 3, 4].map((i) => `<rect x="95" y="${74 + i * 35}" width="${i === 4 ? 60 : 110}" height="12" rx="6" fill="${accent}"/>`).join('') +
    `<path d="M210 245 L280 130" stroke="${accent}" stroke-width="20" stroke-linecap="round"/>`,
  monitor: (ink, accent) =>
    `<rect x="20" y="50" width="260" height="170" rx="16" fill="${ink}"/><rect x="40" y="70" width="220" height="130" rx="8" fill="${accent}"/>` +
    `<rect x="135" y="95" width="30" height="80" fill="${ink}"/><rect x="110" y="120" width="80" height="30" fill="${ink}"/>` +
    `<rect x="130" y="220" width="40" height="35" fill="${ink}"/><rect x="80" y="250" width="140" height="18" rx="9" fill="${ink}"/>`,
  calendario: (ink, accent) =>
    `<rect x="30" y="50" width="240" height="210" rx="16" fill="${ink}"/><rect x="30" y="50" width="240" height="50" rx="16" fill="${accent}"/>` +
    `<rect x="80" y="25" width="18" height="45" rx="9" fill="${accent}"/><rect x="202" y="25" width="18" height="45" rx="9" fill="${accent}"/>` +
    [0, 1, 2]
      .flatMap((row) => [0, 1, 2, 3].map((col) => ({ row, col })))
      .map(({ row, col }) => `<rect x="${50 + col * 52}" y="${115 + row * 45}" width="36" height="30" rx="6" fill="${accent}" opacity="${row === 1 && col === 2 ? 1 : 0.4}"/>`)
      .join(''),
  conversa: (ink, accent) =>
    `<rect x="20" y="55" width="260" height="160" rx="40" fill="${ink}"/><path d="M80 205 L55 270 L130 210 Z" fill="${ink}"/>` +
    [-1, 0, 1].map((i) => `<circle cx="${150 + i * 60}" cy="135" r="18" fill="${accent}"/>`).join(''),
  pasta: (ink, accent) =>
    `<path d="M20 60 H110 L130 85 H280 V250 H20 Z" fill="${accent}"/><rect x="20" y="110" width="260" height="140" rx="10" fill="${ink}"/>` +
    `<rect x="110" y="160" width="80" height="14" rx="7" fill="${accent}"/>`,
  cadeado: (ink, accent) =>
    `<path d="M85 110 V85 A65 65 0 0 1 215 85 V110" fill="none" stroke="${ink}" stroke-width="30"/>` +
    `<rect x="40" y="110" width="220" height="160" rx="18" fill="${ink}"/><circle cx="150" cy="175" r="22" fill="${accent}"/>` +
    `<rect x="141" y="180" width="18" height="50" rx="6" fill="${accent}"/>`,
  pessoas: (ink, accent) =>
    `<circle cx="90" cy="95" r="42" fill="${ink}"/><rect x="25" y="150" width="130" height="110" rx="50" fill="${ink}"/>` +
    `<circle cx="215" cy="110" r="38" fill="${accent}"/><rect x="160" y="160" width="115" height="100" rx="45" fill="${accent}"/>`,
  imagem: (ink, accent) =>
    `<rect x="20" y="50" width="260" height="200" rx="16" fill="${ink}"/><rect x="40" y="70" width="220" height="160" rx="8" fill="#ffffff"/>` +
    `<circle cx="205" cy="115" r="22" fill="${accent}"/><path d="M40 230 L110 140 L170 200 L200 170 L260 230 Z" fill="${ink}"/>`,
  grafico: (ink, accent) =>
    `<rect x="20" y="245" width="260" height="14" rx="7" fill="${ink}"/>` +
    [70, 110, 150, 200].map((h, i) => `<rect x="${35 + i * 62}" y="${245 - h}" width="44" height="${h}" rx="8" fill="${i === 3 ? accent : ink}"/>`).join(''),
  rede: (ink, accent) => {
    const nodes: Array<[number, number]> = [[40, 80], [40, 220], [150, 50], [150, 150], [150, 250], [260, 110], [260, 200]];
    const links = [[0, 2], [0, 3], [1, 3], [1, 4], [2, 5], [3, 5], [3, 6], [4, 6], [0, 4], [2, 6]] as const;
    return (
      links.map(([a, b]) => `<line x1="${nodes[a]![0]}" y1="${nodes[a]![1]}" x2="${nodes[b]![0]}" y2="${nodes[b]![1]}" stroke="${ink}" stroke-width="8"/>`).join('') +
      nodes.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="24" fill="${i === 3 ? accent : ink}"/>`).join('')
    );
  },
  relogio: (ink, accent) =>
    `<circle cx="150" cy="150" r="120" fill="${ink}"/><circle cx="150" cy="150" r="98" fill="${accent}"/>` +
    `<path d="M150 150 V80 M150 150 L205 175" stroke="${ink}" stroke-width="16" stroke-linecap="round"/><circle cx="150" cy="150" r="14" fill="${ink}"/>`,
  lista: (ink, accent) =>
    [0, 1, 2, 3]
      .map((i) => `<circle cx="50" cy="${60 + i * 60}" r="16" fill="${accent}"/><rect x="85" y="${48 + i * 60}" width="${i % 2 ? 150 : 180}" height="24" rx="12" fill="${ink}"/>`)
      .join(''),
  'lista-verificada': (ink, accent) =>
    `<rect x="45" y="30" width="210" height="240" rx="16" fill="${ink}"/><rect x="110" y="15" width="80" height="35" rx="10" fill="${accent}"/>` +
    [0, 1, 2]
      .map((i) => {
        const y = 95 + i * 60;
        return (
          `<rect x="75" y="${y - 18}" width="36" height="36" rx="6" fill="${accent}"/>` +
          `<path d="M82 ${y} L92 ${y + 10} L106 ${y - 10}" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>` +
          `<rect x="125" y="${y - 8}" width="95" height="16" rx="8" fill="${accent}"/>`
        );
      })
      .join(''),
};

/** A small deterministic generator, so re-running the script gives the same files. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash;
}

/** Out-of-focus lights: soft discs of the accent colour and of warm white. */
function bokeh(next: () => number, width: number, height: number, accent: string, count: number): string {
  return Array.from({ length: count }, () => {
    const r = (0.02 + next() * 0.06) * width;
    const colour = next() < 0.5 ? accent : '#fff6e0';
    return `<circle cx="${(next() * width).toFixed(0)}" cy="${(next() * height * 0.6).toFixed(0)}" r="${r.toFixed(0)}" fill="${colour}" opacity="${(0.12 + next() * 0.25).toFixed(2)}"/>`;
  }).join('');
}

/**
 * The scene as SVG: wall with window light, desk in perspective, the icon on a card standing on the desk
 * with its shadow. `close` frames the object larger, for the detail photo.
 */
function sceneSvg(width: number, height: number, art: Illustration, next: () => number, close: boolean): string {
  const { fundo, destaque } = art;
  const horizon = height * (close ? 0.7 : 0.62);
  const cardSize = height * (close ? 0.62 : 0.44);
  const cardX = width * (close ? 0.5 : 0.3 + next() * 0.4) - cardSize / 2;
  const cardY = horizon - cardSize * 0.78;
  const icon = ICONS[art.icone];
  if (!icon) throw new Error(`ícone desconhecido: ${art.icone}`);
  const windowX = next() < 0.5 ? width * 0.06 : width * 0.66;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${fundo}" stop-opacity="0.55"/><stop offset="1" stop-color="${fundo}"/></linearGradient>
  <linearGradient id="desk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c8a27a"/><stop offset="1" stop-color="#6b4a2e"/></linearGradient>
  <radialGradient id="light" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fffdf5" stop-opacity="0.9"/><stop offset="1" stop-color="#fffdf5" stop-opacity="0"/></radialGradient>
  <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient>
  <filter id="soft"><feGaussianBlur stdDeviation="${(width / 160).toFixed(1)}"/></filter>
  <filter id="shadow"><feGaussianBlur stdDeviation="${(width / 90).toFixed(1)}"/></filter>
</defs>
<rect width="${width}" height="${height}" fill="#e9ecef"/>
<rect width="${width}" height="${horizon}" fill="url(#wall)"/>
<rect x="${windowX}" y="${height * 0.08}" width="${width * 0.28}" height="${horizon * 0.7}" rx="12" fill="url(#light)" filter="url(#soft)"/>
<g filter="url(#soft)">${bokeh(next, width, height, destaque, 14)}</g>
<path d="M0 ${horizon} H${width} V${height} H0 Z" fill="url(#desk)"/>
<path d="M0 ${horizon} H${width}" stroke="#3b2a1a" stroke-opacity="0.35" stroke-width="${height / 200}"/>
<ellipse cx="${cardX + cardSize / 2}" cy="${horizon + cardSize * 0.06}" rx="${cardSize * 0.62}" ry="${cardSize * 0.1}" fill="#000" opacity="0.45" filter="url(#shadow)"/>
<rect x="${cardX}" y="${cardY}" width="${cardSize}" height="${cardSize * 0.84}" rx="${cardSize * 0.06}" fill="#fbfbf8"/>
<g transform="translate(${cardX + cardSize * 0.14} ${cardY + cardSize * 0.06}) scale(${(cardSize * 0.72) / 300})">${icon(fundo, destaque)}</g>
<rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`;
}

/** Photographic grain: Gaussian noise laid over the scene with soft light, as sensor noise looks. */
export async function photo(width: number, height: number, art: Illustration, seed: number, close: boolean): Promise<Buffer> {
  const next = random(seed);
  const scene = await sharp(Buffer.from(sceneSvg(width, height, art, next, close))).blur(1.2).toBuffer();
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 22 } } })
    .blur(0.6)
    .png()
    .toBuffer();
  return sharp(scene).composite([{ input: grain, blend: 'soft-light' }]).jpeg(JPEG).toBuffer();
}
