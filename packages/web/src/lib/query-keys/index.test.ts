import { expect, it } from 'vitest';
import * as keys from './index.ts';

it('gives every resource a root of its own, so invalidating one never reaches another', () => {
  const roots = Object.values(keys).map((factory) => {
    const key = 'all' in factory ? factory.all : Object.values(factory)[0]!();
    return key[0];
  });
  expect(new Set(roots).size).toBe(roots.length);
});

it('keys a selection of store options by its names in any order, under the options root', () => {
  const key = keys.optionsKeys.named(['wcpay_b', 'wcpay_a']);
  expect(key).toEqual(keys.optionsKeys.named(['wcpay_a', 'wcpay_b']));
  expect(key.slice(0, keys.optionsKeys.all.length)).toEqual([...keys.optionsKeys.all]);
  expect(key).not.toEqual(keys.optionsKeys.named(['wcpay_a']));
});

it('nests every key of a resource under its root', () => {
  const under = (root: readonly unknown[], key: readonly unknown[]) =>
    expect(key.slice(0, root.length)).toEqual([...root]);
  under(keys.transactionsKeys.all, keys.transactionsKeys.authorizations({ page: 1 }));
  under(keys.transactionsKeys.all, keys.transactionsKeys.authorizationsSummary());
  under(keys.paymentDetailKeys.all, keys.paymentDetailKeys.authorization('pi_1'));
  under(keys.disputesKeys.all, keys.disputesKeys.awaitingResponse());
  under(keys.payoutsKeys.all, keys.payoutsKeys.overview());
  under(keys.accountKeys.all, keys.accountKeys.current());
});
