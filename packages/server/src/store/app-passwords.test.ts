import { APP_PASSWORD_USAGE_INTERVAL_MS } from '@paydesk/domain';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/db.ts';
import { createAppPassword, verifyAppPassword } from './app-passwords.ts';
import { createUser } from './users.ts';

describeEachDatabase('application passwords', (use) => {
  const usage = async (uuid: string) =>
    use()
      .db.selectFrom('app_passwords')
      .select(['last_used_at', 'last_ip'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
  const setLastUse = (uuid: string, at: Date) =>
    use()
      .db.updateTable('app_passwords')
      .set({ last_used_at: at, last_ip: '192.0.2.1' })
      .where('uuid', '=', uuid)
      .execute();

  it('answers the user and the password name, and records the last use at most once a day', async () => {
    const user = await createUser(use().db, {
      login: 'keeper',
      email: 'keeper@example.test',
      role: 'administrator',
      password: 'keeper-secret',
      first_name: 'Kit',
      last_name: 'Keeper',
    });
    const { uuid, password } = await createAppPassword(use().db, 'keeper', 'Store sync');
    expect(await usage(uuid)).toEqual({ last_used_at: null, last_ip: null });

    // Spaces, as the password is shown, are ignored; the login or the e-mail names the user.
    const verified = await verifyAppPassword(use().db, 'keeper@example.test', password, '198.51.100.7');
    expect(verified).toEqual({ user, name: 'Store sync' });
    const first = await usage(uuid);
    expect(first.last_ip).toBe('198.51.100.7');
    expect(Date.now() - first.last_used_at!.getTime()).toBeLessThan(60_000);

    // Used again within the day: nothing is written.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await setLastUse(uuid, hourAgo);
    expect(await verifyAppPassword(use().db, 'keeper', password, '198.51.100.8')).toEqual(verified);
    expect(await usage(uuid)).toEqual({ last_used_at: hourAgo, last_ip: '192.0.2.1' });

    // A day after the last recorded use: recorded again.
    await setLastUse(uuid, new Date(Date.now() - APP_PASSWORD_USAGE_INTERVAL_MS - 1000));
    await verifyAppPassword(use().db, 'keeper', password, '198.51.100.9');
    const again = await usage(uuid);
    expect(again.last_ip).toBe('198.51.100.9');
    expect(Date.now() - again.last_used_at!.getTime()).toBeLessThan(60_000);
  });

  it('answers nothing for another login, a wrong password or a wrong length, and records nothing', async () => {
    await createUser(use().db, {
      login: 'other',
      email: 'other@example.test',
      role: 'administrator',
      password: 'other-secret',
    });
    const { uuid, password } = await createAppPassword(use().db, 'other', 'CLI');
    const plain = password.replace(/ /g, '');
    const wrong = `${plain.slice(0, 23)}${plain[23] === 'A' ? 'B' : 'A'}`;
    expect(await verifyAppPassword(use().db, 'keeper', password, '198.51.100.7')).toBeUndefined();
    expect(await verifyAppPassword(use().db, 'other', wrong, '198.51.100.7')).toBeUndefined();
    expect(await verifyAppPassword(use().db, 'other', plain.slice(1), '198.51.100.7')).toBeUndefined();
    expect(await usage(uuid)).toEqual({ last_used_at: null, last_ip: null });
  });
});
