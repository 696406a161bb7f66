export type Encoding = 'br' | 'gzip' | 'identity';

/** Preference order when the client weighs codings equally: brotli is the smaller. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip'];

function weights(header: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') q = Number(value);
    }
    if (Number.isFinite(q)) map.set(name.trim(), q);
  }
  return map;
}

/**
 * The coding to send among those available, from Accept-Encoding (RFC 9110 12.5.3): the highest q above
 * zero, "*" standing for any coding not named, brotli before gzip on a tie, and identity when nothing
 * compressed is acceptable. One function for the fast path and Express, so both choose alike.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding {
  if (!header) return 'identity';
  const q = weights(header);
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const weight = q.get(coding) ?? (coding === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}
