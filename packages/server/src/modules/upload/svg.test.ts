import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { prescanSvg, SVG_LIMITS, SvgSanitizer } from './svg.js';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const svg = (body: string) => Buffer.from(`<svg ${NS}>${body}</svg>`);
const nested = (depth: number) => svg('<g>'.repeat(depth) + '</g>'.repeat(depth));
const flat = (count: number) => svg('<rect/>'.repeat(count));

async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe('prescanSvg', () => {
  it('counts elements and nesting, the root included', () => {
    expect(prescanSvg(nested(10))).toMatchObject({ elements: 11, maxDepth: 11, tooComplex: null });
    expect(prescanSvg(flat(500))).toMatchObject({ elements: 501, maxDepth: 1, tooComplex: null });
  });

  it('refuses past the bounds, and stops there', () => {
    const limits = { maxElements: 1000, maxDepth: 20 };
    expect(prescanSvg(nested(20), limits).tooComplex).toBe('nested deeper than 20');
    expect(prescanSvg(nested(19), limits).tooComplex).toBeNull();
    expect(prescanSvg(flat(999), limits).tooComplex).toBeNull();
    const big = prescanSvg(flat(300_000), limits);
    expect(big).toMatchObject({ elements: 1001, tooComplex: 'more than 1000 elements' });
  });

  it('does not count markup inside comments, CDATA, processing instructions or quoted values', () => {
    const text = svg(
      '<!-- <g><g><g> --><![CDATA[ <g><g> ]]><?pi <g> ?>' +
        '<text title="a > <g><g>" data-x=\'<g>\'>x</text><g/><g></g>',
    );
    expect(prescanSvg(text)).toMatchObject({ elements: 4, maxDepth: 2, tooComplex: null });
  });

  it('takes a declaration and a doctype without counting them', () => {
    const text = Buffer.from(`<?xml version="1.0"?>\n<!DOCTYPE svg>\n<svg ${NS}><g><g/></g></svg>`);
    expect(prescanSvg(text)).toMatchObject({ elements: 3, maxDepth: 2 });
  });
});

describe('SvgSanitizer (worker thread)', () => {
  it('sanitises in the worker and stops the worker when idle', async () => {
    const s = new SvgSanitizer({ ...SVG_LIMITS, idleMs: 50 });
    try {
      const result = await s.sanitize(svg('<script>alert(1)</script><circle r="1"/>'));
      expect('svg' in result && result.svg.toString()).toContain('<circle');
      expect('svg' in result && result.svg.toString()).not.toContain('script');
      expect(await until(() => !s.running)).toBe(true);
      // A later file starts a fresh worker.
      expect('svg' in (await s.sanitize(svg('<rect/>')))).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('refuses a deep or huge file before parsing, without a worker', async () => {
    const s = new SvgSanitizer();
    try {
      expect(await s.sanitize(nested(5000))).toMatchObject({ refused: 'tooComplex' });
      expect(await s.sanitize(flat(300_000))).toMatchObject({ refused: 'tooComplex' });
      expect(s.running).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('refuses malformed XML and a non-SVG root', async () => {
    const s = new SvgSanitizer();
    try {
      expect(await s.sanitize(Buffer.from(`<svg ${NS}><g></svg>`))).toMatchObject({
        refused: 'malformed',
      });
      expect(await s.sanitize(Buffer.from('<html/>'))).toMatchObject({ refused: 'malformed' });
    } finally {
      await s.close();
    }
  });

  it('ends a worker over its time limit, refuses the file, and goes on with a new worker', async () => {
    // 4,000 elements take the DOM sanitiser far longer than 1 ms (hundreds of ms).
    const s = new SvgSanitizer({ ...SVG_LIMITS, timeoutMs: 1 });
    try {
      expect(await s.sanitize(flat(4000))).toMatchObject({
        refused: 'tooComplex',
        reason: 'sanitising took over 1 ms',
      });
    } finally {
      await s.close();
    }
    const again = new SvgSanitizer();
    try {
      expect('svg' in (await again.sanitize(flat(10)))).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('ends a worker over its memory limit and refuses the file', async () => {
    const s = new SvgSanitizer({
      ...SVG_LIMITS,
      timeoutMs: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4 },
    });
    try {
      // Within the element bound, but each element carries 2 KB of attributes to copy.
      const heavy = svg(`<rect ${'a'.repeat(8)}="${'x'.repeat(2000)}"/>`.repeat(9000));
      const result = await s.sanitize(heavy);
      expect(result).toMatchObject({ refused: 'tooComplex' });
      expect(s.running).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('answers "unavailable" (not the file\'s fault) when the worker cannot start', async () => {
    const missing = () =>
      new Worker('throw new Error("Cannot find module svg-worker.js")', { eval: true });
    const s = new SvgSanitizer(SVG_LIMITS, missing);
    try {
      const results = await Promise.all([s.sanitize(flat(3)), s.sanitize(flat(3))]);
      for (const r of results) {
        expect(r).toMatchObject({ refused: 'unavailable' });
        expect('reason' in r && r.reason).toContain('svg-worker.js');
      }
    } finally {
      await s.close();
    }
  });

  it('answers busy past its queue', async () => {
    const s = new SvgSanitizer({ ...SVG_LIMITS, maxQueue: 1 });
    try {
      const jobs = [s.sanitize(flat(10)), s.sanitize(flat(10)), s.sanitize(flat(10))];
      const results = await Promise.all(jobs);
      // The first is running, the second waits, the third finds the queue full.
      expect(results.map((r) => ('svg' in r ? 'ok' : r.refused))).toEqual(['ok', 'ok', 'busy']);
    } finally {
      await s.close();
    }
  });
});
