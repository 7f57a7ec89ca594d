import { describe, expect, it } from 'vitest';
import { MB } from '@aiamarket/shared';
import { mockApi } from '../test/api';
import { acceptOf, checkImageFile, uploadImage } from './upload';
import { isLoading } from './loading';

describe('checkImageFile', () => {
  it('accepts JPG, PNG and GIF avatars up to 1 MB and banners up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif']) {
      expect(checkImageFile({ type, size: MB }, 'avatar')).toBeNull();
    }
    expect(checkImageFile({ type: 'image/png', size: 5 * MB }, 'banner')).toBeNull();
  });

  it("refuses another type with 'Uploading image should be JPG/PNG/GIF'", () => {
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 }, 'avatar')).toEqual({
      key: 'errors.imageType',
    });
    expect(checkImageFile({ type: '', size: 10 }, 'banner')).toEqual({ key: 'errors.imageType' });
  });

  it("refuses a larger file with 'Uploaded image should be less than {{size}}M'", () => {
    expect(checkImageFile({ type: 'image/png', size: MB + 1 }, 'avatar')).toEqual({
      key: 'errors.imageTooLarge',
      values: { size: 1 },
    });
    expect(checkImageFile({ type: 'image/gif', size: 5 * MB + 1 }, 'banner')).toEqual({
      key: 'errors.imageTooLarge',
      values: { size: 5 },
    });
    expect(checkImageFile({ type: 'image/png', size: 0 }, 'avatar')).toEqual({
      key: 'errors.fileEmpty',
    });
  });

  it('tells the file picker what to accept', () => {
    expect(acceptOf('avatar')).toBe('image/jpeg,image/png,image/gif');
  });
});

describe('uploadImage', () => {
  it('posts a multipart form, purpose first, with the loading overlay', async () => {
    let loadingDuring = false;
    const api = mockApi({
      'POST /v1/api/ipfs/upload': () => {
        loadingDuring = isLoading();
        return '/ipfs/bafyabc';
      },
    });
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    await expect(uploadImage(file, 'avatar')).resolves.toBe('/ipfs/bafyabc');
    const form = api[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['purpose', 'file']);
    expect(form.get('purpose')).toBe('avatar');
    expect(loadingDuring).toBe(true);
    expect(isLoading()).toBe(false);
  });
});
