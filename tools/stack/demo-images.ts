// Procedural SVG art for the demo collections: every picture is a pure function of a seed string
// (collection + token), so a fresh start always draws the same images and gets the same CIDs.

/** A small deterministic PRNG (mulberry32) seeded from a string (FNV-1a). */
export function prng(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** An element of `list` picked with `rand`. */
export function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const r1 = (n: number) => Math.round(n * 10) / 10;

export type Motif = 'orb' | 'crest' | 'gem' | 'potion' | 'rune' | 'pixel';

/**
 * Eight Elder Futhark runes as strokes in a unit box (x right, y down), drawn as paths: a
 * picture that wrote the runic characters as text would depend on a font few systems have.
 */
export const RUNES: Record<string, [number, number][][]> = {
  Fehu: [
    [
      [0.3, 0],
      [0.3, 1],
    ],
    [
      [0.3, 0.2],
      [0.75, 0],
    ],
    [
      [0.3, 0.45],
      [0.75, 0.25],
    ],
  ],
  Uruz: [
    [
      [0.25, 1],
      [0.25, 0],
      [0.75, 0.35],
      [0.75, 1],
    ],
  ],
  Thurisaz: [
    [
      [0.3, 0],
      [0.3, 1],
    ],
    [
      [0.3, 0.25],
      [0.7, 0.5],
      [0.3, 0.75],
    ],
  ],
  Ansuz: [
    [
      [0.3, 0],
      [0.3, 1],
    ],
    [
      [0.3, 0],
      [0.75, 0.25],
    ],
    [
      [0.3, 0.3],
      [0.75, 0.55],
    ],
  ],
  Raidho: [
    [
      [0.3, 0],
      [0.3, 1],
    ],
    [
      [0.3, 0],
      [0.7, 0.25],
      [0.3, 0.5],
      [0.7, 1],
    ],
  ],
  Kenaz: [
    [
      [0.7, 0],
      [0.3, 0.5],
      [0.7, 1],
    ],
  ],
  Gebo: [
    [
      [0.2, 0],
      [0.8, 1],
    ],
    [
      [0.8, 0],
      [0.2, 1],
    ],
  ],
  Wunjo: [
    [
      [0.3, 0],
      [0.3, 1],
    ],
    [
      [0.3, 0],
      [0.7, 0.25],
      [0.3, 0.5],
    ],
  ],
};

export interface ArtOptions {
  width: number;
  height: number;
  /** Base hue of the collection (0-359). */
  hue: number;
  motif: Motif;
  /** Seeds the shapes and colours (e.g. `dragon-riders/17`). */
  seed: string;
  /** The rune the 'rune' motif carves (a key of RUNES); optional. */
  rune?: string;
  /** A caption at the bottom (e.g. `#17`); optional. */
  caption?: string;
}

function motifShape(o: ArtOptions, rand: () => number, accent: string, light: string): string {
  const { width: w, height: h } = o;
  const s = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  switch (o.motif) {
    case 'orb':
      return [
        `<circle cx="${cx}" cy="${cy}" r="${r1(s * 0.3)}" fill="${accent}"/>`,
        `<circle cx="${r1(cx - s * 0.1)}" cy="${r1(cy - s * 0.1)}" r="${r1(s * 0.08)}" fill="${light}" opacity="0.7"/>`,
      ].join('');
    case 'crest': {
      const top = cy - s * 0.32;
      const bottom = cy + s * 0.34;
      return [
        `<path d="M${cx} ${r1(top)} L${r1(cx + s * 0.26)} ${r1(cy - s * 0.18)} L${r1(cx + s * 0.22)} ${r1(cy + s * 0.1)} L${cx} ${r1(bottom)} L${r1(cx - s * 0.22)} ${r1(cy + s * 0.1)} L${r1(cx - s * 0.26)} ${r1(cy - s * 0.18)} Z" fill="${accent}"/>`,
        `<path d="M${cx} ${r1(top + s * 0.08)} L${cx} ${r1(bottom - s * 0.08)}" stroke="${light}" stroke-width="${r1(s * 0.03)}"/>`,
      ].join('');
    }
    case 'gem': {
      const k = 5 + Math.floor(rand() * 4);
      const pts = Array.from({ length: k }, (_, i) => {
        const a = (i / k) * Math.PI * 2 - Math.PI / 2;
        const r = s * (0.22 + rand() * 0.1);
        return `${r1(cx + Math.cos(a) * r)},${r1(cy + Math.sin(a) * r)}`;
      });
      return `<polygon points="${pts.join(' ')}" fill="${accent}" stroke="${light}" stroke-width="${r1(s * 0.015)}"/>`;
    }
    case 'potion':
      return [
        `<rect x="${r1(cx - s * 0.06)}" y="${r1(cy - s * 0.34)}" width="${r1(s * 0.12)}" height="${r1(s * 0.16)}" fill="${light}" opacity="0.8"/>`,
        `<circle cx="${cx}" cy="${r1(cy + s * 0.06)}" r="${r1(s * 0.24)}" fill="${accent}"/>`,
        `<ellipse cx="${r1(cx - s * 0.08)}" cy="${r1(cy)}" rx="${r1(s * 0.04)}" ry="${r1(s * 0.08)}" fill="${light}" opacity="0.6"/>`,
      ].join('');
    case 'rune': {
      // The stone, its rim, and the rune carved in a box of 0.24 x 0.36 of the picture.
      const strokes = RUNES[o.rune ?? ''] ?? [];
      const bw = s * 0.24;
      const bh = s * 0.36;
      const carve = strokes
        .map((line) =>
          line
            .map(
              ([x, y], i) =>
                `${i ? 'L' : 'M'}${r1(cx - bw / 2 + x * bw)} ${r1(cy - bh / 2 + y * bh)}`,
            )
            .join(''),
        )
        .join('');
      return [
        `<rect x="${r1(cx - s * 0.24)}" y="${r1(cy - s * 0.32)}" width="${r1(s * 0.48)}" height="${r1(s * 0.64)}" rx="${r1(s * 0.12)}" fill="${accent}"/>`,
        `<rect x="${r1(cx - s * 0.2)}" y="${r1(cy - s * 0.28)}" width="${r1(s * 0.4)}" height="${r1(s * 0.56)}" rx="${r1(s * 0.1)}" fill="none" stroke="${light}" stroke-width="${r1(s * 0.01)}"/>`,
        carve
          ? `<path d="${carve}" fill="none" stroke="#140c24" stroke-opacity="0.8" stroke-width="${r1(s * 0.035)}" stroke-linecap="round" stroke-linejoin="round"/>`
          : '',
      ].join('');
    }
    case 'pixel': {
      // A symmetric 8x8 sprite, mirrored left to right, as one path per colour (few elements
      // keep the upload store's SVG sanitising fast).
      const cell = (s * 0.6) / 8;
      const x0 = cx - cell * 4;
      const y0 = cy - cell * 4;
      const paths = { accent: '', light: '' };
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 4; x++) {
          if (rand() < 0.55) {
            const tone = rand() < 0.8 ? 'accent' : 'light';
            for (const col of [x, 7 - x]) {
              paths[tone] +=
                `M${r1(x0 + col * cell)} ${r1(y0 + y * cell)}h${r1(cell)}v${r1(cell)}h${r1(-cell)}z`;
            }
          }
        }
      }
      return (
        (paths.accent ? `<path d="${paths.accent}" fill="${accent}"/>` : '') +
        (paths.light ? `<path d="${paths.light}" fill="${light}"/>` : '')
      );
    }
  }
}

/** One picture: a gradient background, seeded decorations, the motif and a caption. */
export function demoArt(o: ArtOptions): Buffer {
  const rand = prng(o.seed);
  const { width: w, height: h } = o;
  const s = Math.min(w, h);
  const hue = (o.hue + Math.floor(rand() * 60) - 30 + 360) % 360;
  const hue2 = (hue + 40 + Math.floor(rand() * 80)) % 360;
  const accent = `hsl(${(hue + 150 + Math.floor(rand() * 60)) % 360},75%,62%)`;
  const light = `hsl(${(hue + 30) % 360},90%,88%)`;
  // Background bubbles: one path of circles (two arcs each).
  const bubbles = Array.from({ length: 6 + Math.floor(rand() * 6) }, () => {
    const r = r1(s * (0.02 + rand() * 0.08));
    return `M${r1(rand() * w - r)} ${r1(rand() * h)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
  }).join('');
  const dots = `<path d="${bubbles}" fill="#ffffff" opacity="0.12"/>`;
  const captionSize = Math.max(12, Math.round(s / 12));
  const caption = o.caption
    ? `<text x="${w / 2}" y="${h - captionSize}" font-family="sans-serif" font-size="${captionSize}" font-weight="700" fill="#ffffff" text-anchor="middle">${esc(o.caption)}</text>`
    : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,32%)"/><stop offset="1" stop-color="hsl(${hue2},70%,16%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${dots}${motifShape(o, rand, accent, light)}${caption}</svg>\n`;
  return Buffer.from(svg, 'utf8');
}
