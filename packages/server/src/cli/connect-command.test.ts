import { expect, it } from 'vitest';
import {
  CONNECT_INCENTIVE_OPTION,
  getConnectOptions,
  ONBOARDING_DISABLED_OPTION,
} from '../store/connect-options.ts';
import { getOption } from '../store/options.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { UsageError } from './args.ts';
import { connectCommands } from './connect-command.ts';
import { COMMANDS } from './main.ts';

/** `connect:set` and `connect:clear` on a real database: what they change, and what they refuse. */

describeEachDatabase('connect:set and connect:clear', (use) => {
  const lines: string[] = [];
  const run = (name: 'connect:set' | 'connect:clear', flags: Record<string, string>) =>
    connectCommands[name]!.run({ database: use(), flags, out: (line) => lines.push(line) });
  const state = () => getConnectOptions(use().db);
  const promotion = {
    'incentive-id': 'spring-2026',
    'incentive-description': 'Half fees for 60 days',
    'incentive-tc-url': 'https://example.test/terms?promo=spring',
  };

  it('is listed among the commands', () => {
    expect(COMMANDS['connect:set']).toBe(connectCommands['connect:set']);
    expect(COMMANDS['connect:clear']).toBe(connectCommands['connect:clear']);
  });

  it('pauses new account creation and sets the promotion', async () => {
    expect(await run('connect:set', { 'onboarding-disabled': 'true', ...promotion })).toBe(0);
    expect(await state()).toEqual({
      onBoardingDisabled: true,
      connectIncentive: {
        id: 'spring-2026',
        description: 'Half fees for 60 days',
        tc_url: 'https://example.test/terms?promo=spring',
      },
    });
    expect(lines.slice(-2)).toEqual([
      'New account creation: paused.',
      'Promotion spring-2026: "Half fees for 60 days" (terms https://example.test/terms?promo=spring).',
    ]);
    expect(await run('connect:set', { 'onboarding-disabled': 'false' })).toBe(0);
    expect((await state()).onBoardingDisabled).toBe(false);
    expect((await state()).connectIncentive?.id).toBe('spring-2026');
  });

  it('refuses bad flags and changes nothing', async () => {
    const before = await state();
    const refused: Record<string, string>[] = [
      {},
      { 'onboarding-disabled': 'yes' },
      { 'onboarding-disabled': 'true', 'incentive-id': 'only-an-id' },
      { ...promotion, 'incentive-id': 'bad id' },
      { ...promotion, 'incentive-description': '   ' },
      { ...promotion, 'incentive-description': 'x'.repeat(201) },
      { ...promotion, 'incentive-tc-url': 'javascript:alert(1)' },
      { ...promotion, 'onboarding-disabled': 'true', 'incentive-tc-url': 'ftp://example.test' },
      { 'onboarding-disabled': 'true', color: 'red' },
    ];
    for (const flags of refused) {
      await expect(run('connect:set', flags), JSON.stringify(flags)).rejects.toBeInstanceOf(UsageError);
    }
    await expect(run('connect:clear', {})).rejects.toBeInstanceOf(UsageError);
    await expect(run('connect:clear', { incentive: 'now' })).rejects.toBeInstanceOf(UsageError);
    await expect(run('connect:clear', { everything: 'true' })).rejects.toBeInstanceOf(UsageError);
    expect(await state()).toEqual(before);
  });

  it('clears each switch on its own', async () => {
    await run('connect:set', { 'onboarding-disabled': 'true' });
    expect(await run('connect:clear', { incentive: 'true' })).toBe(0);
    expect(await getOption(use().db, CONNECT_INCENTIVE_OPTION)).toBeUndefined();
    expect(await state()).toEqual({ onBoardingDisabled: true, connectIncentive: null });
    expect(lines.at(-1)).toBe('Promotion: none.');
    expect(await run('connect:clear', { 'onboarding-disabled': 'true' })).toBe(0);
    expect(await getOption(use().db, ONBOARDING_DISABLED_OPTION)).toBe(false);
    expect(lines.at(-2)).toBe('New account creation: open.');
  });
});
