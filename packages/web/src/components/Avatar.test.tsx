import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

describe('Avatar', () => {
  it('loads the picture lazily with its size reserved', () => {
    render(<Avatar src="/a.png" seed="0xabc" size={36} alt="Alice" className="size-9" />);
    const img = screen.getByRole('img', { name: 'Alice' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('36');
    expect(img.getAttribute('height')).toBe('36');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('loads at once when it is above the fold (priority), still with its size', () => {
    render(<Avatar src="/a.png" seed="0xabc" size={128} priority alt="Alice" />);
    const img = screen.getByRole('img', { name: 'Alice' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('width')).toBe('128');
  });

  it('draws a gradient from the seed without a picture, named when it has a text', () => {
    render(<Avatar seed="0xabc" alt="Alice" />);
    const fallback = screen.getByRole('img', { name: 'Alice' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.getAttribute('style')).toContain('linear-gradient');
  });
});
