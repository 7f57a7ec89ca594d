import { describe, expect, it } from 'vitest';
import { displayImageUrl } from '../src/upload.js';

describe('displayImageUrl', () => {
  it('maps ipfs:// URIs onto the /ipfs/ gateway path', () => {
    expect(displayImageUrl('ipfs://bafkreiabc')).toBe('/ipfs/bafkreiabc');
    expect(displayImageUrl('ipfs://bafybeidir/7')).toBe('/ipfs/bafybeidir/7');
    expect(displayImageUrl('ipfs://ipfs/bafkreiabc')).toBe('/ipfs/bafkreiabc');
  });

  it('leaves other URLs alone', () => {
    for (const url of [
      '/ipfs/bafkreiabc',
      'https://example.com/a.png',
      'data:image/png;base64,AA',
    ]) {
      expect(displayImageUrl(url)).toBe(url);
    }
  });
});
