import { describe, expect, it } from 'vitest';
import {
  COLLECTION_EDIT_MESSAGES as E,
  collectionEditKeyOf,
} from '../src/validation/collection-messages.js';
import {
  collectionEditSchema,
  collectionUpdateSchema,
  royaltyPercentToRate,
  royaltyRateToPercent,
} from '../src/validation/collection.js';
import { VALIDATION_MESSAGES as M } from '../src/validation/messages.js';
import { sharedValidationKeyOf } from '../src/validation/catalogue.js';

const valid = {
  name: 'AIA Heroes',
  linkCollection: 'aia-heroes',
  description: 'Heroes',
  headUrl: '/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
  coverUrl: 'https://example.com/c.png',
  royalty: '2.5',
  royaltyAddr: '0x' + 'a'.repeat(40),
};
const firstMessage = (input: unknown) => {
  const r = collectionEditSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('collection edit schema', () => {
  it('accepts a valid form and normalises empty optional links to null', () => {
    const r = collectionEditSchema.parse({ ...valid, linkTwitter: '', backgroundUrl: '' });
    expect(r.linkTwitter).toBeNull();
    expect(r.backgroundUrl).toBeNull();
    expect(firstMessage({ ...valid, name: '天空之城 2' })).toBeNull();
    expect(firstMessage({ ...valid, royalty: '10' })).toBeNull();
    expect(firstMessage({ ...valid, royalty: '0' })).toBeNull();
  });

  it.each([
    [{ name: '' }, M.fieldRequired.message],
    [{ name: 'a/b' }, M.charactersInvalid.message],
    [{ name: '#1' }, M.charactersInvalid.message],
    [{ linkCollection: 'a.b' }, E.linkInvalid.message],
    [{ description: 'x'.repeat(501) }, E.descriptionTooLong.message],
    [{ description: 'a\u0000b' }, M.charactersInvalid.message],
    [{ description: 'lone \ud800' }, M.charactersInvalid.message],
    [{ description: 'two\nlines\tand a tab' }, null],
    [{ name: 'a\tb' }, M.charactersInvalid.message],
    [{ royalty: '1.25' }, E.royaltyFormat.message],
    [{ royalty: '10.1' }, E.royaltyMax.message],
    [{ royalty: '100' }, E.royaltyMax.message],
    [{ royaltyAddr: '0xzz' }, M.addressInvalid.message],
    [{ linkMedium: 'medium' }, E.socialLinkInvalid.message],
    [{ headUrl: '' }, E.profileRequired.message],
    [{ coverUrl: '' }, E.coverRequired.message],
    [{ coverUrl: 'not a url' }, M.imageUrlInvalid.message],
  ])('%j -> %s', (patch, message) => {
    expect(firstMessage({ ...valid, ...patch })).toBe(message);
  });

  it('takes the royalty on the API as text or as the number CollectionVO answers', () => {
    const update = (royalty: unknown) =>
      collectionUpdateSchema.safeParse({ ...valid, id: 1, royalty });
    expect(update(5).data?.royalty).toBe('5');
    expect(update(2.5).data?.royalty).toBe('2.5');
    expect(update('2.5').data?.royalty).toBe('2.5');
    expect(update(0).data?.royalty).toBe('0');
    const message = (royalty: unknown) => update(royalty).error?.issues[0]?.message;
    expect(message(2.55)).toBe(E.royaltyFormat.message);
    expect(message(-1)).toBe(E.royaltyFormat.message);
    expect(message(10.5)).toBe(E.royaltyMax.message);
    expect(message('11')).toBe(E.royaltyMax.message);
    expect(message(undefined)).toBe(M.fieldRequired.message);
    expect(message(true)).toBe(M.fieldRequired.message);
  });

  it('converts royalty percent and chain rate exactly, and keys every message', () => {
    expect(royaltyPercentToRate('2.5')).toBe(250);
    expect(royaltyPercentToRate('10')).toBe(1000);
    expect(royaltyPercentToRate('0.1')).toBe(10);
    expect(royaltyRateToPercent(250)).toBe(2.5);
    for (const m of Object.values(E)) expect(collectionEditKeyOf(m.message)).toBe(m.key);
    for (const m of [...Object.values(E), ...Object.values(M)]) {
      expect(sharedValidationKeyOf(m.message)).toBe(m.key);
    }
    expect(
      sharedValidationKeyOf(`Invalid request parameters: body.x: ${M.numbersOnly.message}`),
    ).toBe(undefined);
  });
});
