import { describe, expect, it } from 'vitest';
import { readLinkToken, signAccessToken, signLinkToken, verifyAccessToken } from './tokens.ts';

const secret = 'a-secret-of-the-portal-long-enough-to-sign-with';
const rotated = 'the-secret-that-replaced-it-at-the-next-start';
const id = '0b1e8f3c-7d7a-4a55-9d3f-1c2b3a4d5e6f';
const other = '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c';
const now = Date.UTC(2026, 10, 27, 12);

/** Every token one character away from the given one, at each place: its text and its signature. */
const tampered = (token: string) =>
  [...token].map((character, at) => `${token.slice(0, at)}${character === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`);

describe('the signed tokens (access tokens and links)', () => {
  it('refuse a token changed anywhere, or signed with another key (a rotated secret, another purpose)', () => {
    const access = signAccessToken(id, secret, 900, now);
    expect(verifyAccessToken(access, secret, now)?.sub).toBe(id);
    for (const changed of tampered(access)) expect(verifyAccessToken(changed, secret, now)).toBeUndefined();
    expect(verifyAccessToken(`${access}.`, secret, now)).toBeUndefined();
    expect(verifyAccessToken(access, rotated, now)).toBeUndefined();
    expect(verifyAccessToken(signAccessToken(id, rotated, 900, now), rotated, now)?.sub).toBe(id);

    const link = signLinkToken('download', [id, other], 120, secret, now);
    expect(readLinkToken('download', link, secret, now)).toEqual({ ids: [id, other], expired: false });
    for (const changed of tampered(link)) expect(readLinkToken('download', changed, secret, now)).toBeUndefined();
    expect(readLinkToken('download', link, rotated, now)).toBeUndefined();
    expect(readLinkToken('unsubscribe', link, secret, now)).toBeUndefined();
  });

  it('expire: an access token is refused from its last second on, a link says it has expired', () => {
    const access = signAccessToken(id, secret, 900, now);
    expect(verifyAccessToken(access, secret, now + 899_000)?.sub).toBe(id);
    expect(verifyAccessToken(access, secret, now + 900_000)).toBeUndefined();

    const link = signLinkToken('download', [id, other], 120, secret, now);
    expect(readLinkToken('download', link, secret, now + 119_000)?.expired).toBe(false);
    expect(readLinkToken('download', link, secret, now + 120_000)).toEqual({ ids: [id, other], expired: true });
  });
});
