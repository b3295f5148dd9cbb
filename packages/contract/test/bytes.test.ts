import { describe, expect, it } from 'vitest';
import { formatBytes } from '../src/index.ts';

// Intl separates a number from its unit with a no-break space, narrow in French.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatBytes', () => {
  it("writes a size in the locale's units and separators", () => {
    const size = 3.4 * 1_048_576;
    expect(plain(formatBytes(size, 'en'))).toBe('3.4 MB');
    expect(plain(formatBytes(size, 'fr'))).toBe('3,4 Mo');
    expect(plain(formatBytes(size, 'es'))).toBe('3,4 MB');
    expect(plain(formatBytes(size, 'pt'))).toBe('3,4 MB');
    expect(plain(formatBytes(size, 'sw'))).toBe('MB 3.4');
  });

  it('counts in 1,024s, one decimal under 10 and none above', () => {
    expect(plain(formatBytes(30 * 1_048_576, 'fr'))).toBe('30 Mo');
    expect(plain(formatBytes(1536, 'en'))).toBe('1.5 kB');
    expect(plain(formatBytes(1024, 'fr'))).toBe('1,0 ko');
    expect(plain(formatBytes(12_345_678, 'en'))).toBe('12 MB');
    expect(plain(formatBytes(2.5 * 1024 ** 3, 'pt'))).toBe('2,5 GB');
  });

  it('writes a size under a kilobyte in bytes, by their whole name', () => {
    expect(plain(formatBytes(512, 'fr'))).toBe('512 octets');
    expect(plain(formatBytes(1, 'en'))).toBe('1 byte');
    expect(plain(formatBytes(0, 'en'))).toBe('0 bytes');
  });
});
