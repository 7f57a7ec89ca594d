import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type SeenCall } from '../../test/api';
import { renderApp } from '../../test/render';
import { saveSession, type UserProfile } from '../../lib/session';

const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

const PROFILE: UserProfile = {
  id: 1,
  userAddr: OWNER,
  name: 'ada',
  username: 'ada',
  email: '',
  bio: 'hello',
  imageUrl: null,
  headUrl: null,
  bannerUrl: null,
  createDate: '2026-01-01T00:00:00.000Z',
};

function signInAs(address: string) {
  saveSession({ token: 'tok', address, wallet: 'io.metamask', walletName: 'MetaMask' });
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('/user-settings/{walletAddress}', () => {
  it('asks a visitor to sign in', async () => {
    renderApp(`/user-settings/${OWNER}`);
    const notice = await screen.findByTestId('settings-signin');
    expect(notice.textContent).toContain('Sign in to edit this profile');
    expect(notice.textContent).toContain('0x7099****79c8');
    fireEvent.click(within(notice).getByTestId('settings-connect'));
    // The connect dialog is a lazily loaded chunk: slow on a busy machine.
    expect(
      await screen.findByRole('dialog', { name: 'Connect wallet' }, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it('shows a read-only notice to another signed-in account', async () => {
    signInAs(OTHER);
    mockApi({ 'GET /v1/api/user/current': { ...PROFILE, userAddr: OTHER } });
    renderApp(`/user-settings/${OWNER}`);
    const notice = await screen.findByTestId('settings-readonly');
    expect(notice.textContent).toContain('Only the owner of 0x7099****79c8');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe(`/user-settings/${OTHER}`);
    expect(screen.queryByTestId('settings-form')).toBeNull();
  });

  it('sends a malformed address to /404', async () => {
    const { router } = renderApp('/user-settings/not-an-address');
    await screen.findByTestId('not-found');
    expect(router.state.location.pathname).toBe('/404');
  });

  it('lets the owner edit: required fields, save only with username and email', async () => {
    signInAs(OWNER);
    const api = mockApi({
      'GET /v1/api/user/current': PROFILE,
      'POST /v1/api/user/update': (call: SeenCall) => ({
        ...PROFILE,
        ...(call.body as object),
        imageUrl: (call.body as { avatar: string }).avatar || null,
      }),
    });
    // Mixed case in the URL is the same account.
    renderApp(`/user-settings/${OWNER.toUpperCase().replace('0X', '0x')}`);
    await screen.findByTestId('settings-form');
    expect(input('settings-username').value).toBe('ada');
    expect(input('settings-bio').value).toBe('hello');
    const save = screen.getByTestId('settings-save') as HTMLButtonElement;
    // Email is empty: save is disabled.
    expect(save.disabled).toBe(true);

    fireEvent.change(input('settings-username'), { target: { value: '' } });
    fireEvent.blur(input('settings-username'));
    expect((await screen.findByTestId('settings-username-error')).textContent).toBe(
      'This field must be filled',
    );
    fireEvent.change(input('settings-username'), { target: { value: 'Ada' } });
    fireEvent.change(input('settings-email'), { target: { value: 'not-an-email' } });
    fireEvent.blur(input('settings-email'));
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect((await screen.findByTestId('settings-email-error')).textContent).toBe(
      'Please enter a valid email address',
    );
    expect(api.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(input('settings-email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(save);
    expect(await screen.findByText('Information updated')).toBeTruthy();
    const update = api.find((c) => c.path === '/v1/api/user/update')!;
    expect(update.body).toEqual({
      username: 'Ada',
      email: 'ada@example.com',
      bio: 'hello',
      avatar: '',
      banner: '',
    });
    expect(update.headers.get('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ username: 'Ada' });
  });

  it('checks an image before uploading it, then previews the uploaded one', async () => {
    signInAs(OWNER);
    const api = mockApi({
      'GET /v1/api/user/current': { ...PROFILE, email: 'ada@example.com' },
      'POST /v1/api/ipfs/upload':
        '/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
    });
    renderApp(`/user-settings/${OWNER}`);
    await screen.findByTestId('settings-form');
    const file = input('settings-avatar-input');

    fireEvent.change(file, {
      target: { files: [new File(['x'], 'a.svg', { type: 'image/svg+xml' })] },
    });
    expect(
      (await within(screen.getByTestId('settings-avatar')).findByRole('alert')).textContent,
    ).toBe('Uploading image should be JPG/PNG/GIF');

    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(file, { target: { files: [big] } });
    await waitFor(() =>
      expect(within(screen.getByTestId('settings-avatar')).getByRole('alert').textContent).toBe(
        'Uploaded image should be less than 1M',
      ),
    );
    expect(api.some((c) => c.path === '/v1/api/ipfs/upload')).toBe(false);

    fireEvent.change(file, {
      target: { files: [new File([new Uint8Array([1])], 'a.png', { type: 'image/png' })] },
    });
    await waitFor(() =>
      expect(
        screen.getByTestId('settings-avatar').querySelector('img')?.getAttribute('src'),
      ).toMatch(/^\/ipfs\/bafy/),
    );
  });
});
