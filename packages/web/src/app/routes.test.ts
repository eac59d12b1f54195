import { DISPUTE_CHALLENGE_PATH } from '@paydesk/domain/disputes/paths';
import { expect, it } from 'vitest';
import { findRoute } from './routes.ts';

it('registers the dispute challenge page at the path its links use', () => {
  expect(findRoute(DISPUTE_CHALLENGE_PATH)?.path).toBe(DISPUTE_CHALLENGE_PATH);
});
