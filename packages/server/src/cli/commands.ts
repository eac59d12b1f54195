import {
  appError,
  isRole,
  isStoreSettingKey,
  ROLES,
  STORE_SETTING_KEYS,
  ZStoreSettings,
} from '@paydesk/domain';
import type { DatabaseHandle } from '../db/database.ts';
import { createAppPassword } from '../store/app-passwords.ts';
import { setOptions } from '../store/options.ts';
import {
  createUser,
  findUserByLogin,
  generatePassword,
  hashPassword,
  MIN_PASSWORD_LENGTH,
} from '../store/users.ts';
import { required, UsageError } from './args.ts';

export interface CliContext {
  database: DatabaseHandle;
  flags: Record<string, string>;
  out: (line: string) => void;
}

export interface Command {
  usage: string;
  description: string;
  run(ctx: CliContext): Promise<number>;
}

export const foundationCommands: Record<string, Command> = {
  'user:create': {
    usage:
      'user:create --login NAME --email ADDRESS --role administrator|shop_manager|customer [--password P] [--first-name F]',
    description: 'Creates a user; prints a generated password when none is given.',
    async run({ database, flags, out }) {
      const role = required(flags, 'role');
      if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      const password = flags.password ?? generatePassword();
      const user = await createUser(database.db, {
        login: required(flags, 'login'),
        email: required(flags, 'email'),
        role,
        password,
        ...(flags['first-name'] ? { first_name: flags['first-name'] } : {}),
        ...(flags['last-name'] ? { last_name: flags['last-name'] } : {}),
      });
      out(`Created user ${user.login} (id ${user.id}, ${user.role}).`);
      if (!flags.password) out(`Password: ${password}`);
      return 0;
    },
  },
  'user:password': {
    usage: 'user:password --login NAME [--password P]',
    description: "Sets a user's password; prints a generated one when none is given.",
    async run({ database, flags, out }) {
      const login = required(flags, 'login');
      const user = await findUserByLogin(database.db, login);
      if (!user) throw appError('unknown_user', { args: [login] });
      const password = flags.password ?? generatePassword();
      if (password.length < MIN_PASSWORD_LENGTH) {
        throw new UsageError(`A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
      }
      await database.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', user.id)
        .execute();
      // A new password ends every session that the old one opened.
      await database.db
        .updateTable('sessions')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', user.id)
        .execute();
      out(`Password changed for ${login}.`);
      if (!flags.password) out(`Password: ${password}`);
      return 0;
    },
  },
  'app-password:create': {
    usage: 'app-password:create --login NAME [--name LABEL]',
    description: 'Creates an application password for HTTP Basic; prints it once, alone on the last line.',
    async run({ database, flags, out }) {
      const name = flags.name ?? 'cli';
      const created = await createAppPassword(database.db, required(flags, 'login'), name);
      out(
        `Created application password "${name}" (${created.uuid}) for ${created.user.login}. It is shown once:`,
      );
      out(created.password);
      return 0;
    },
  },
  'store:set': {
    usage: `store:set --key ${STORE_SETTING_KEYS.join('|')} --value VALUE`,
    description: 'Sets one store setting.',
    async run({ database, flags, out }) {
      const key = required(flags, 'key');
      const value = required(flags, 'value');
      if (!isStoreSettingKey(key))
        throw new UsageError(`--key must be one of ${STORE_SETTING_KEYS.join(', ')}`);
      const parsed = ZStoreSettings.shape[key].safeParse(value);
      if (!parsed.success)
        throw new UsageError(`Invalid value for ${key}: ${parsed.error.issues[0]?.message}`);
      await setOptions(database.db, { [key]: parsed.data });
      out(`Set ${key} to ${JSON.stringify(parsed.data)}.`);
      return 0;
    },
  },
};
