import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Reader, type Response } from 'mmdb-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryCode, UNKNOWN_COUNTRY } from '../../contract/ipLookup.ts';
import { countryFromReader, DEFAULT_COUNTRY_DATABASE, IpCountryLookup, normalizeIp } from './ipLookup.ts';

describe('IpCountryLookup', () => {
  const lookup = new IpCountryLookup();

  it('resolves public IPv4 addresses to their country', async () => {
    expect(await lookup.lookup('8.8.8.8')).toBe('US');
    expect(await lookup.lookup('36.64.0.1')).toBe('ID');
    const cloudflare = await lookup.lookup('1.1.1.1');
    expect(countryCode.parse(cloudflare)).not.toBe(UNKNOWN_COUNTRY);
  });

  it('resolves IPv6 and IPv4-mapped IPv6 addresses', async () => {
    expect(await lookup.lookup('2400:9800::1')).toBe('ID');
    expect(await lookup.lookup('::ffff:36.64.0.1')).toBe('ID');
    expect(await lookup.lookup('::FFFF:8.8.8.8')).toBe('US');
  });

  it('answers WW for private, loopback, link-local and reserved addresses', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '100.64.0.1', '169.254.1.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fd12:3456::1', '2001:db8::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(await lookup.lookup(ip), ip).toBe(UNKNOWN_COUNTRY);
    }
  });

  it('answers WW for anything that is not an IP address', async () => {
    for (const ip of ['', 'garbage', '1.2.3', '999.1.1.1', '8.8.8.8.8', '8.8.8.8, 1.1.1.1', 'localhost', ':::1']) {
      expect(await lookup.lookup(ip), ip).toBe(UNKNOWN_COUNTRY);
    }
  });

  it('normalizes addresses before lookup', () => {
    expect(normalizeIp(' 8.8.8.8 ')).toEqual({ address: '8.8.8.8', family: 'ipv4' });
    expect(normalizeIp('::ffff:1.2.3.4')).toEqual({ address: '1.2.3.4', family: 'ipv4' });
    expect(normalizeIp('fe80::1%en0')).toEqual({ address: 'fe80::1', family: 'ipv6' });
    expect(normalizeIp('nope')).toBeUndefined();
  });

  it('only reports two-letter codes the database holds', async () => {
    const reader = new Reader<Response>(await readFile(DEFAULT_COUNTRY_DATABASE));
    expect(countryFromReader(reader, '36.64.0.1')).toBe('ID');
    const fake = { get: (ip: string) => (ip === '8.8.8.8' ? { country_code: 'ZZ' } : ip === '1.1.1.1' ? { country_code: 'ABC' } : null) } as unknown as Reader<Response>;
    expect(countryFromReader(fake, '8.8.8.8')).toBe(UNKNOWN_COUNTRY);
    expect(countryFromReader(fake, '1.1.1.1')).toBe(UNKNOWN_COUNTRY);
    expect(countryFromReader(fake, '9.9.9.9')).toBe(UNKNOWN_COUNTRY);
  });

  describe('when the database cannot be loaded', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'bingkai-geoip-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('answers WW, reports the failure once per attempt and retries after a pause', async () => {
      const errors: unknown[] = [];
      let now = 1_000_000;
      const path = join(dir, 'missing.mmdb');
      const broken = new IpCountryLookup({ databasePath: path, onLoadError: (error) => errors.push(error), now: () => now });
      expect(await Promise.all([broken.lookup('8.8.8.8'), broken.lookup('36.64.0.1')])).toEqual([UNKNOWN_COUNTRY, UNKNOWN_COUNTRY]);
      expect(errors).toHaveLength(1);
      expect(await broken.lookup('8.8.8.8')).toBe(UNKNOWN_COUNTRY);
      expect(errors).toHaveLength(1);

      await writeFile(path, await readFile(DEFAULT_COUNTRY_DATABASE));
      now += 61_000;
      expect(await broken.lookup('8.8.8.8')).toBe('US');
      expect(errors).toHaveLength(1);
    });

    it('answers WW when the file is not an MMDB database', async () => {
      const path = join(dir, 'corrupt.mmdb');
      await writeFile(path, 'not a database');
      const errors: unknown[] = [];
      const corrupt = new IpCountryLookup({ databasePath: path, onLoadError: (error) => errors.push(error) });
      expect(await corrupt.lookup('8.8.8.8')).toBe(UNKNOWN_COUNTRY);
      expect(errors).toHaveLength(1);
    });

    it('never opens the database for addresses that cannot have a country', async () => {
      const errors: unknown[] = [];
      const unused = new IpCountryLookup({ databasePath: join(dir, 'absent.mmdb'), onLoadError: (error) => errors.push(error) });
      expect(await unused.lookup('127.0.0.1')).toBe(UNKNOWN_COUNTRY);
      expect(await unused.lookup('garbage')).toBe(UNKNOWN_COUNTRY);
      expect(errors).toEqual([]);
    });
  });
});
