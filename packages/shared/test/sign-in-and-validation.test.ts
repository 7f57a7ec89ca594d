import { describe, expect, it } from 'vitest';
import { parseSiweMessage } from 'viem/siwe';
import { buildSignInMessage, signInDomain, termsUrl } from '../src/sign-in.js';
import { profileSettingsSchema, profileUpdateSchema } from '../src/validation/profile.js';
import { VALIDATION_MESSAGES, validationKeyOf } from '../src/validation/messages.js';
import { uploadRules, UPLOAD_PURPOSES } from '../src/upload.js';
import { ERRORS, formatErrorMessage } from '../src/errors.js';

describe('sign-in message', () => {
  const fields = {
    publicUrl: 'https://market.example',
    chainId: 1319,
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const,
    nonce: '0123456789abcdef0123456789abcdef',
    issuedAt: new Date('2026-01-01T00:00:00.000Z'),
    expirationTime: new Date('2026-01-01T00:05:00.000Z'),
  };

  it('is an EIP-4361 message naming the domain, terms link, chain, nonce and expiry', () => {
    const message = buildSignInMessage(fields);
    expect(message.split('\n')[0]).toBe(
      'market.example wants you to sign in with your Ethereum account:',
    );
    expect(parseSiweMessage(message)).toMatchObject({
      domain: 'market.example',
      address: fields.address,
      uri: 'https://market.example',
      chainId: 1319,
      nonce: fields.nonce,
      issuedAt: fields.issuedAt,
      expirationTime: fields.expirationTime,
    });
    expect(message).toContain('https://market.example/privacy');
    expect(buildSignInMessage(fields)).toBe(message);
  });

  it('takes host and port as the domain and the origin for links', () => {
    expect(signInDomain('http://localhost:8080')).toBe('localhost:8080');
    expect(termsUrl('https://market.example/')).toBe('https://market.example/privacy');
  });
});

describe('profile validation', () => {
  it('requires username and email on the settings form with the spec message', () => {
    const result = profileSettingsSchema.safeParse({ username: '', email: '' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual([
      VALIDATION_MESSAGES.fieldRequired.message,
      VALIDATION_MESSAGES.fieldRequired.message,
    ]);
    expect(validationKeyOf(messages[0]!)).toBe('validation.fieldRequired');
  });

  it('checks the email and trims the username', () => {
    expect(
      profileSettingsSchema.safeParse({ username: 'a', email: 'nope' }).error?.issues[0]?.message,
    ).toBe('Please enter a valid email address');
    expect(profileSettingsSchema.parse({ username: ' a ', email: 'a@b.co' }).username).toBe('a');
  });

  it('accepts uploads and http(s) images, refuses other schemes', () => {
    const ok = (avatar: string) => profileUpdateSchema.safeParse({ avatar }).success;
    expect(ok('/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy')).toBe(true);
    expect(ok('https://cdn.example/a.png')).toBe(true);
    expect(ok('')).toBe(true);
    expect(ok('javascript:alert(1)')).toBe(false);
    expect(ok('/ipfs/../../etc/passwd')).toBe(false);
    expect(ok('https://user:pw@cdn.example/a.png')).toBe(false);
  });

  it('lets an update send only some fields but not unknown ones', () => {
    expect(profileUpdateSchema.safeParse({ bio: 'hi' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ username: '' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ role: 'admin' }).success).toBe(false);
  });

  it('saves a username or an email only with the other one (spec: both filled)', () => {
    const issue = (v: unknown) => profileUpdateSchema.safeParse(v).error?.issues[0];
    expect(issue({ username: 'alice' })).toMatchObject({
      path: ['email'],
      message: 'This field must be filled',
    });
    expect(issue({ email: 'a@b.co', bio: 'x' })).toMatchObject({
      path: ['username'],
      message: 'This field must be filled',
    });
    expect(profileUpdateSchema.safeParse({ username: 'alice', email: 'a@b.co' }).success).toBe(
      true,
    );
  });

  it('refuses control characters and lone surrogates; the bio may have line breaks', () => {
    const bio = (b: string) => profileUpdateSchema.safeParse({ bio: b }).success;
    expect(bio('line one\nline two\ttab')).toBe(true);
    expect(bio('a\u0000b')).toBe(false);
    expect(bio('a\u001bb')).toBe(false);
    expect(bio('a\ud800b')).toBe(false);
    expect(bio('\udc00')).toBe(false);
    expect(bio('emoji \ud83d\ude00')).toBe(true);
    const name = (u: string) =>
      profileUpdateSchema.safeParse({ username: u, email: 'a@b.co' }).error?.issues[0]?.message;
    expect(name('a\nb')).toBe('Can not use special characters');
    expect(name('a\u2028b')).toBe('Can not use special characters');
    expect(name('a\ud800')).toBe('Can not use special characters');
    expect(name('Zoë 🐉')).toBeUndefined();
  });
});

describe('upload rules', () => {
  it('follow the spec limits and types', () => {
    const rules = uploadRules();
    expect(UPLOAD_PURPOSES.map((p) => rules[p].maxMb)).toEqual([5, 1, 5, 1, 3, 10]);
    expect(rules.avatar.kinds).toEqual(['jpeg', 'png', 'gif']);
    expect(rules.collectionProfile.kinds).toEqual(['jpeg', 'png', 'svg']);
    expect(uploadRules(8).default.maxMb).toBe(8);
  });

  it('fills the size into the catalogue message', () => {
    expect(formatErrorMessage(ERRORS.imageTooLarge.message, { size: 3 })).toBe(
      'Uploaded image should be less than 3M',
    );
  });
});
