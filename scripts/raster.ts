/**
 * A tiny rasteriser for the sample illustrations: filled shapes drawn at twice the size and averaged
 * down, which gives smooth edges without any image library.
 */
export type Rgb = readonly [number, number, number];

const SCALE = 2;

export function hexColor(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

export class Raster {
  private readonly pixels: Uint8Array;
  private readonly w: number;
  private readonly h: number;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.w = width * SCALE;
    this.h = height * SCALE;
    this.pixels = new Uint8Array(this.w * this.h * 3);
    for (let i = 0; i < this.w * this.h; i += 1) this.pixels.set(background, i * 3);
  }

  /** Fills every pixel whose centre (in output coordinates) satisfies inside(x, y). */
  fill(color: Rgb, inside: (x: number, y: number) => boolean, bounds = { x0: 0, y0: 0, x1: this.width, y1: this.height }): void {
    const y0 = Math.max(0, Math.floor(bounds.y0 * SCALE));
    const y1 = Math.min(this.h, Math.ceil(bounds.y1 * SCALE));
    const x0 = Math.max(0, Math.floor(bounds.x0 * SCALE));
    const x1 = Math.min(this.w, Math.ceil(bounds.x1 * SCALE));
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        if (inside((x + 0.5) / SCALE, (y + 0.5) / SCALE)) this.pixels.set(color, (y * this.w + x) * 3);
      }
    }
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb, radius = 0): void {
    const r = Math.min(radius, width / 2, height / 2);
    this.fill(
      color,
      (px, py) => {
        const dx = Math.max(x + r - px, 0, px - (x + width - r));
        const dy = Math.max(y + r - py, 0, py - (y + height - r));
        return dx * dx + dy * dy <= r * r;
      },
      { x0: x, y0: y, x1: x + width, y1: y + height },
    );
  }

  circle(cx: number, cy: number, radius: number, color: Rgb, inner = 0): void {
    this.fill(
      color,
      (px, py) => {
        const d = (px - cx) ** 2 + (py - cy) ** 2;
        return d <= radius * radius && d >= inner * inner;
      },
      { x0: cx - radius, y0: cy - radius, x1: cx + radius, y1: cy + radius },
    );
  }

  /** A straight stroke with round ends. */
  line(ax: number, ay: number, bx: number, by: number, thickness: number, color: Rgb): void {
    const half = thickness / 2;
    const lengthSquared = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
    this.fill(
      color,
      (px, py) => {
        const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / lengthSquared));
        return (px - ax - t * (bx - ax)) ** 2 + (py - ay - t * (by - ay)) ** 2 <= half * half;
      },
      { x0: Math.min(ax, bx) - half, y0: Math.min(ay, by) - half, x1: Math.max(ax, bx) + half, y1: Math.max(ay, by) + half },
    );
  }

  /** Even-odd fill of a closed polygon. */
  polygon(points: Array<[number, number]>, color: Rgb): void {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.fill(
      color,
      (px, py) => {
        let inside = false;
        for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
          const [xi, yi] = points[i]!;
          const [xj, yj] = points[j]!;
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        }
        return inside;
      },
      { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) },
    );
  }

  /** The image at its output size, each pixel the average of its SCALE x SCALE samples. */
  toRgb(): Uint8Array {
    const out = new Uint8Array(this.width * this.height * 3);
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        for (let c = 0; c < 3; c += 1) {
          let sum = 0;
          for (let sy = 0; sy < SCALE; sy += 1) {
            for (let sx = 0; sx < SCALE; sx += 1) sum += this.pixels[((y * SCALE + sy) * this.w + x * SCALE + sx) * 3 + c]!;
          }
          out[(y * this.width + x) * 3 + c] = Math.round(sum / (SCALE * SCALE));
        }
      }
    }
    return out;
  }
}
