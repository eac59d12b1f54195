import { describe, expect, it } from 'vitest';
import { isSafeMode, siteIdentity } from './safe-mode.ts';

describe('siteIdentity', () => {
  it.each([
    ['https://shop.example.com/', 'shop.example.com'],
    ['http://WWW.Shop.Example.com', 'shop.example.com'],
    ['https://shop.example.com:443/store/', 'shop.example.com/store'],
    ['http://localhost:8080', 'localhost:8080'],
    ['https://shop.example.com/?p=1#top', 'shop.example.com'],
  ])('%s is %s', (url, identity) => {
    expect(siteIdentity(url)).toBe(identity);
  });
  it('is undefined for what is not an http(s) address', () => {
    expect(siteIdentity('ftp://shop.example.com')).toBeUndefined();
    expect(siteIdentity('shop.example.com')).toBeUndefined();
    expect(siteIdentity('')).toBeUndefined();
  });
});

describe('isSafeMode', () => {
  it('is on when the store answers at another site', () => {
    expect(isSafeMode('https://staging.example.com', 'https://shop.example.com')).toBe(true);
    expect(isSafeMode('https://shop.example.com/new', 'https://shop.example.com')).toBe(true);
    expect(isSafeMode('http://localhost:8081', 'http://localhost:8080')).toBe(true);
  });
  it('is off for the same site, written differently', () => {
    expect(isSafeMode('https://shop.example.com/', 'http://www.shop.example.com')).toBe(false);
    expect(isSafeMode('https://shop.example.com:443', 'https://shop.example.com')).toBe(false);
  });
  it('is off without a recorded address, or with one that cannot be read', () => {
    expect(isSafeMode('https://shop.example.com', undefined)).toBe(false);
    expect(isSafeMode('https://shop.example.com', '')).toBe(false);
    expect(isSafeMode('https://shop.example.com', 42)).toBe(false);
    expect(isSafeMode('https://shop.example.com', 'not a url')).toBe(false);
  });
});
