import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';
import type { collectionEditSchema } from '@aiamarket/shared';
import { royaltyInLanguage } from './CollectionEditPage';

// The royalty box is read in the interface language before the shared rules.
const form: z.input<typeof collectionEditSchema> = {
  name: 'AIA Heroes',
  linkCollection: 'aia-heroes',
  description: 'Heroes',
  headUrl: '/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
  coverUrl: 'https://example.com/c.png',
  backgroundUrl: '',
  royalty: '2.5',
  royaltyAddr: '0x' + 'a'.repeat(40),
  linkSkypegmwcn: '',
  linkTwitter: '',
  linkDiscord: '',
  linkInstagram: '',
  linkMedium: '',
};
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<typeof form>;

const resolve = (royalty: string, locale: string) =>
  royaltyInLanguage(locale)({ ...form, royalty }, undefined, options);

describe('the collection royalty in the reader language', () => {
  it('reads the Turkish decimal comma as the decimal point', async () => {
    const result = await resolve('2,5', 'tr');
    expect(result.errors).toEqual({});
    expect((result.values as { royalty: string }).royalty).toBe('2.5');
    expect(((await resolve('2.5', 'tr')).values as { royalty: string }).royalty).toBe('2.5');
  });

  it('refuses "2,5" in English as ambiguous (the comma groups thousands there)', async () => {
    const result = await resolve('2,5', 'en');
    expect(result.values).toEqual({});
    expect(result.errors.royalty?.message).toBe(
      'Ambiguous number: use "." for decimals and no thousands separators',
    );
  });

  it('keeps the shared rules: at most one decimal, at most 10 %', async () => {
    expect((await resolve('1,25', 'tr')).errors.royalty?.message).toBe(
      'Royalty must be a number with at most one decimal',
    );
    expect((await resolve('10,5', 'tr')).errors.royalty?.message).toBe(
      'The maximum royalty is 10%',
    );
    expect((await resolve('abc', 'en')).errors.royalty?.message).toBe(
      'Royalty must be a number with at most one decimal',
    );
  });
});
