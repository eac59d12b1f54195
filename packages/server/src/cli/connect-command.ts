import {
  clearConnectIncentive,
  getConnectOptions,
  setConnectIncentive,
  setOnboardingDisabled,
  ZConnectIncentive,
} from '../store/connect-options.ts';
import { UsageError } from './args.ts';
import type { CliContext, Command } from './commands.ts';

/**
 * The Connect page's operator switches (docs/configuration.md "Connect page"): pausing new
 * account creation, and the promotion offered before a store connects.
 */

const SET_FLAGS = ['onboarding-disabled', 'incentive-id', 'incentive-description', 'incentive-tc-url'];
const INCENTIVE_FLAGS = ['incentive-id', 'incentive-description', 'incentive-tc-url'] as const;
const CLEAR_FLAGS = ['onboarding-disabled', 'incentive'];

function refuseUnknown(flags: Record<string, string>, known: readonly string[]): void {
  const unknown = Object.keys(flags).filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new UsageError(`Unknown flag(s): ${unknown.map((f) => `--${f}`).join(', ')}`);
  if (Object.keys(flags).length === 0)
    throw new UsageError(`Give at least one of ${known.map((f) => `--${f}`).join(', ')}`);
}

async function printState({ database, out }: CliContext): Promise<void> {
  const state = await getConnectOptions(database.db);
  out(`New account creation: ${state.onBoardingDisabled ? 'paused' : 'open'}.`);
  out(
    state.connectIncentive
      ? `Promotion ${state.connectIncentive.id}: "${state.connectIncentive.description}" (terms ${state.connectIncentive.tc_url}).`
      : 'Promotion: none.',
  );
}

export const connectCommands: Record<string, Command> = {
  'connect:set': {
    usage:
      'connect:set [--onboarding-disabled true|false] [--incentive-id ID --incentive-description TEXT --incentive-tc-url URL]',
    description:
      'Pauses or resumes new account creation on the Connect page, and sets the promotion it offers before a store connects.',
    async run(ctx) {
      const { database, flags } = ctx;
      refuseUnknown(flags, SET_FLAGS);
      const disabledText = flags['onboarding-disabled'];
      if (disabledText !== undefined && disabledText !== 'true' && disabledText !== 'false')
        throw new UsageError('--onboarding-disabled must be true or false');
      const given = INCENTIVE_FLAGS.filter((name) => flags[name] !== undefined);
      let incentive: ReturnType<typeof ZConnectIncentive.parse> | undefined;
      if (given.length > 0) {
        if (given.length !== INCENTIVE_FLAGS.length)
          throw new UsageError(`A promotion needs all of ${INCENTIVE_FLAGS.map((f) => `--${f}`).join(', ')}`);
        const parsed = ZConnectIncentive.safeParse({
          id: flags['incentive-id'],
          description: flags['incentive-description'],
          tc_url: flags['incentive-tc-url'],
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = {
            id: 'incentive-id',
            description: 'incentive-description',
            tc_url: 'incentive-tc-url',
          }[String(issue?.path[0]) as 'id' | 'description' | 'tc_url'];
          throw new UsageError(`Invalid --${field ?? 'incentive'}: ${issue?.message}`);
        }
        incentive = parsed.data;
      }
      // Both checked before either is written, so a refused command changes nothing.
      if (disabledText !== undefined) await setOnboardingDisabled(database.db, disabledText === 'true');
      if (incentive) await setConnectIncentive(database.db, incentive);
      await printState(ctx);
      return 0;
    },
  },
  'connect:clear': {
    usage: 'connect:clear [--onboarding-disabled] [--incentive]',
    description: 'Resumes new account creation and/or withdraws the promotion on the Connect page.',
    async run(ctx) {
      const { database, flags } = ctx;
      refuseUnknown(flags, CLEAR_FLAGS);
      for (const name of CLEAR_FLAGS)
        if (flags[name] !== undefined && flags[name] !== 'true')
          throw new UsageError(`--${name} takes no value`);
      if (flags['onboarding-disabled']) await setOnboardingDisabled(database.db, false);
      if (flags.incentive) await clearConnectIncentive(database.db);
      await printState(ctx);
      return 0;
    },
  },
};
