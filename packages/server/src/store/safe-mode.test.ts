import { CONNECTED_HOME_OPTION } from '@paydesk/domain/overview/safe-mode';
import { expect, it } from 'vitest';
import { readAccountSnapshot } from '../engine/accounts.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { connectSandboxAccount } from '../testing/engine.ts';
import { getOption, setOptions } from './options.ts';
import { buildWcpaySettings } from './page-settings.ts';

/** Safe Mode in the settings object: the store's address against the one it was connected from. */

describeEachDatabase('Safe Mode', (use) => {
  const settings = () => buildWcpaySettings(use().db, 'nonce', readAccountSnapshot);

  it('records the address at connection and compares the current one with it', async () => {
    await setOptions(use().db, { home: 'https://shop.example.test' });
    expect((await settings()).isSafeModeEnabled).toBe(false);

    await connectSandboxAccount(use());
    expect(await getOption(use().db, CONNECTED_HOME_OPTION)).toBe('https://shop.example.test');
    expect((await settings()).isSafeModeEnabled).toBe(false);

    // The same site over HTTPS with www. and a trailing slash is not a move.
    await setOptions(use().db, { home: 'https://www.shop.example.test/' });
    expect((await settings()).isSafeModeEnabled).toBe(false);

    await setOptions(use().db, { home: 'https://staging.shop.example.test' });
    expect((await settings()).isSafeModeEnabled).toBe(true);

    await setOptions(use().db, { home: 'https://shop.example.test' });
    expect((await settings()).isSafeModeEnabled).toBe(false);
  });

  it('is off while the store has no account, whatever was recorded', async () => {
    await use().db.deleteFrom('accounts').execute();
    await setOptions(use().db, { home: 'https://elsewhere.example.test' });
    expect((await settings()).isSafeModeEnabled).toBe(false);
  });
});
