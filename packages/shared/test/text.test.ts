import { describe, expect, it } from 'vitest';
import { findNonText, isSingleLineText, isText } from '../src/validation/text.js';

describe('text rules', () => {
  it('refuse NUL, other controls and lone surrogates; keep tabs and line breaks in multi-line text', () => {
    for (const bad of ['\u0000', 'a\u0007', '\u000b', '\u007f', '\u0085', '\ud800', 'x\udfff']) {
      expect(isText(bad), JSON.stringify(bad)).toBe(false);
      expect(isSingleLineText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const ok of ['', 'plain', 'two\nlines\r\n\ttab', '中文 Türkçe 日本語', '\ud83d\ude00']) {
      expect(isText(ok), JSON.stringify(ok)).toBe(true);
    }
    expect(isSingleLineText('two\nlines')).toBe(false);
    expect(isSingleLineText('tab\there')).toBe(false);
    expect(isSingleLineText('para\u2029graph')).toBe(false);
    expect(isSingleLineText('one line ✓')).toBe(true);
  });

  it('finds the first non-text string anywhere in an input, keys included', () => {
    expect(findNonText({ a: ['ok', { b: 1, c: 'x\u0000' }] })).toEqual(['a', 1, 'c']);
    expect(findNonText({ ['k\ud800']: 1 })).toEqual(['k\ud800']);
    expect(findNonText({ a: 'fine\n', b: [true, null, 3] })).toBeNull();
    expect(findNonText('\u0001')).toEqual([]);
  });

  it('walks a deeply nested input without exhausting the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNonText(deep)?.length).toBe(200_000);
  });
});
