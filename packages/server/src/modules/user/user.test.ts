import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { zeroAddress } from 'viem';
import { activities, holdings } from '../../db/schema.js';
import { useTestApp } from '../../../test/support/app.js';
import type { TestContext } from '../../../test/support/context.js';
import { signIn } from '../../../test/support/sign-in.js';

let t: TestContext;
let app: FastifyInstance;
useTestApp({ rateLimit: { authPerMinute: 10_000, uploadPerMinute: 10_000 } }, (ready) => {
  ({ t, app } = ready);
});

const newAccount = () => privateKeyToAccount(generatePrivateKey());

const profile = (address: string, token?: string) =>
  app.inject({
    method: 'GET',
    url: `/v1/api/user/address/${address}`,
    headers: token ? { token } : {},
  });

const update = (payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/api/user/update',
    payload: payload as object,
    headers: token ? { token } : {},
  });

describe('GET /v1/api/user/address/{address}', () => {
  it('answers null data for an address that never signed in', async () => {
    const res = await profile(newAccount().address);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'success', data: null });
  });

  describe('an address that never signed in but has on-chain history is known', () => {
    const contractAddr = '0x00000000000000000000000000000000000c0ffe';
    let n = 0;
    const activity = (method: number, fromAddr: string, toAddr: string | null) => {
      n += 1;
      return {
        chainId: t.ctx.config.chainId,
        blockNumber: n,
        txHash: `0x${n.toString(16).padStart(64, '0')}`,
        logIndex: 0,
        subIndex: 0,
        method,
        contractAddr,
        tokenId: '1',
        amount: '1',
        fromAddr,
        toAddr,
        blockTime: new Date(),
      };
    };
    const chainOnly = (address: string) => ({
      id: null,
      userAddr: address.toLowerCase(),
      name: null,
      username: null,
      email: null,
      bio: null,
      imageUrl: null,
      headUrl: null,
      bannerUrl: null,
      createDate: null,
    });

    it('a holder (an owner shown on an item page)', async () => {
      const holder = newAccount().address;
      await t.ctx.database.db.insert(holdings).values({
        chainId: t.ctx.config.chainId,
        contractAddr,
        tokenId: '1',
        ownerAddr: holder.toLowerCase(),
        amount: '3',
      });
      const res = await profile(holder);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, message: 'success', data: chainOnly(holder) });
    });

    it('a minter, a seller and a buyer who hold nothing now', async () => {
      const minter = newAccount().address.toLowerCase();
      const seller = newAccount().address.toLowerCase();
      const buyer = newAccount().address.toLowerCase();
      await t.ctx.database.db
        .insert(activities)
        .values([activity(8, zeroAddress, minter), activity(2, seller, buyer)]);
      for (const address of [minter, seller, buyer]) {
        expect((await profile(address)).json().data).toEqual(chainOnly(address));
      }
    });

    it('history on another chain or of the zero address does not count', async () => {
      const elsewhere = newAccount().address.toLowerCase();
      await t.ctx.database.db
        .insert(activities)
        .values({ ...activity(3, elsewhere, elsewhere), chainId: t.ctx.config.chainId + 1 });
      expect((await profile(elsewhere)).json().data).toBeNull();
      expect((await profile(zeroAddress)).json().data).toBeNull();
    });
  });

  it('refuses a malformed address with 400', async () => {
    const res = await profile('0x1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10001);
  });

  it('finds a signed-in user by any letter case of the address', async () => {
    const account = newAccount();
    await signIn(app, account);
    for (const a of [account.address, account.address.toLowerCase()]) {
      const data = (await profile(a)).json().data;
      expect(data).toMatchObject({
        userAddr: account.address.toLowerCase(),
        username: null,
        email: null,
        imageUrl: null,
        bannerUrl: null,
      });
    }
  });
});

describe('optional sign-in on GET /v1/api/user/address/{address}', () => {
  it('answers 10003 for a sent but unknown token and 1008 for an ended one; no token is a visitor', async () => {
    const account = newAccount();
    const token = await signIn(app, account);
    const anonymous = await profile(account.address);
    expect(anonymous.json().code).toBe(0);
    const unknown = await profile(account.address, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe(10003);
    const malformed = await profile(account.address, 'not a token!');
    expect(malformed.json().code).toBe(10003);
    await app.inject({ method: 'GET', url: '/v1/api/user/loginOut', headers: { token } });
    expect((await profile(account.address, token)).json().code).toBe(1008);
  });
});

describe('POST /v1/api/user/update', () => {
  it('edits the own profile; the email is shown to its owner only', async () => {
    const account = newAccount();
    const token = await signIn(app, account);
    const res = await update(
      {
        username: '  Alice  ',
        email: 'alice@example.com',
        bio: 'Collector of rare swords',
        avatar: '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
        banner: 'https://cdn.example/banner.png',
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      username: 'Alice',
      name: 'Alice',
      email: 'alice@example.com',
      bio: 'Collector of rare swords',
      imageUrl: '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
      headUrl: '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
      bannerUrl: 'https://cdn.example/banner.png',
    });
    expect((await profile(account.address)).json().data.email).toBeNull();
    const stranger = await signIn(app, newAccount());
    expect((await profile(account.address, stranger)).json().data.email).toBeNull();
    expect((await profile(account.address, token)).json().data.email).toBe('alice@example.com');
  });

  it('keeps fields that are not sent and clears an image with an empty string', async () => {
    const account = newAccount();
    const token = await signIn(app, account);
    await update(
      { username: 'bob', email: 'bob@example.com', avatar: 'https://x.example/a.png' },
      token,
    );
    const res = await update({ avatar: '' }, token);
    expect(res.json().data).toMatchObject({
      username: 'bob',
      email: 'bob@example.com',
      imageUrl: null,
    });
  });

  it.each([
    // The spec's rules answer their own message alone (the web app translates it by its text).
    [{ username: '' }, 'This field must be filled'],
    [{ username: '   ' }, 'This field must be filled'],
    [{ email: '' }, 'This field must be filled'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ username: 'x'.repeat(33) }, 'This field is too long'],
    [{ bio: 'x'.repeat(501) }, 'This field is too long'],
    [{ avatar: 'javascript:alert(1)' }, 'The image link is not valid'],
    [{ banner: '/ipfs/../../etc/passwd' }, 'The image link is not valid'],
    [{ username: 'a\u0000b' }, 'Can not use special characters'],
    [{ username: 'a\nb', email: 'x@example.com' }, 'Can not use special characters'],
    [{ bio: 'a\u0000b' }, 'Can not use special characters'],
    [{ bio: 'lone \ud800 surrogate' }, 'Can not use special characters'],
    // Spec: the settings save needs username and email both filled.
    [{ username: 'dave' }, 'This field must be filled'],
    [{ email: 'dave@example.com', bio: 'hi' }, 'This field must be filled'],
    // Not a rule of the spec: the generic message names the field.
    [{ isAdmin: true }, 'Invalid request parameters: body: Unrecognized key: "isAdmin"'],
  ])('refuses %j with a clear 400', async (payload, message) => {
    const account = newAccount();
    const token = await signIn(app, account);
    await update({ username: 'carol', email: 'carol@example.com' }, token);
    const res = await update(payload, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10001);
    expect(res.json().message).toBe(message);
    // Nothing changed.
    expect((await profile(account.address, token)).json().data).toMatchObject({
      username: 'carol',
      email: 'carol@example.com',
    });
  });

  it('keeps line breaks in the bio', async () => {
    const token = await signIn(app, newAccount());
    const res = await update({ bio: 'first line\nsecond\tline' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bio).toBe('first line\nsecond\tline');
  });

  it('edits only the own profile', async () => {
    const account = newAccount();
    const token = await signIn(app, account);
    const victim = newAccount();
    await signIn(app, victim);
    const res = await update(
      { userAddr: victim.address, username: 'mallory', email: 'm@example.com' },
      token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(10005);
    expect((await profile(victim.address)).json().data.username).toBeNull();
    const own = await update(
      { userAddr: account.address.toLowerCase(), username: 'me', email: 'me@example.com' },
      token,
    );
    expect(own.json().data.username).toBe('me');
  });

  it('needs a session: 10002 without a token, 1008 after logout', async () => {
    const form = { username: 'x', email: 'x@example.com' };
    expect((await update(form)).json().code).toBe(10002);
    const token = await signIn(app, newAccount());
    await app.inject({ method: 'GET', url: '/v1/api/user/loginOut', headers: { token } });
    const res = await update(form, token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(1008);
  });
});
