import { describe, expect, it } from 'vitest';
import { READER_DEVICE_TYPES } from '../contracts/card-readers.ts';
import { CONNECTED_READERS_LIMIT, readerActiveLabel, readerDeviceLabel } from './readers.ts';

describe('connected readers', () => {
  it('asks for 10 readers', () => {
    expect(CONNECTED_READERS_LIMIT).toBe(10);
  });

  it('names every reader model the engine registers, and shows an unknown one as its code', () => {
    expect(READER_DEVICE_TYPES.map(readerDeviceLabel)).toEqual([
      'BBPOS WisePOS E',
      'Stripe Reader M2',
      'Tap to Pay',
    ]);
    expect(readerDeviceLabel('verifone_p400')).toBe('verifone_p400');
    expect(readerDeviceLabel('constructor')).toBe('constructor');
  });

  it('labels active and inactive readers', () => {
    expect(readerActiveLabel(true)).toBe('Active');
    expect(readerActiveLabel(false)).toBe('Inactive');
  });
});
