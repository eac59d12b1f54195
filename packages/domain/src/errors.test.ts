import { describe, expect, it } from 'vitest';
import { ERROR_AREAS } from './errors/registry.ts';
import { AppError, appError, ERRORS, invalidParams, isErrorCode } from './errors.ts';
import { fillTemplate } from './template.ts';

describe('the error registry', () => {
  it('gives every code a client or server status, a message, and advice', () => {
    for (const [code, spec] of Object.entries(ERRORS)) {
      expect(code, code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(spec.status >= 400 && spec.status <= 599, code).toBe(true);
      expect(spec.message.length, code).toBeGreaterThan(0);
      expect(spec.when.length, code).toBeGreaterThan(0);
      expect(spec.action.length, code).toBeGreaterThan(0);
    }
  });

  it('defines each code in one area only', () => {
    const codes = ERROR_AREAS.flatMap((area) => Object.keys(area.errors));
    expect(codes.length).toBe(new Set(codes).size);
    expect(codes.length).toBe(Object.keys(ERRORS).length);
  });

  it('raises an error with the registered status and message', () => {
    const error = appError('rest_forbidden');
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('rest_forbidden');
    expect(error.status).toBe(403);
    expect(error.message).toBe('Sorry, you are not allowed to do that.');
  });

  it('fills the message placeholders and carries the field reasons', () => {
    const error = invalidParams({ amount: 'Too small.', currency: 'Unknown.' });
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid parameter(s): amount, currency');
    expect(error.params).toEqual({ amount: 'Too small.', currency: 'Unknown.' });
  });

  it('formats positional and sequential placeholders as the messages write them', () => {
    expect(fillTemplate('%1$s then %2$s, %1$s again', 'a', 'b')).toBe('a then b, a again');
    expect(fillTemplate('%d of %s', 3, 'five')).toBe('3 of five');
    expect(fillTemplate('no placeholders', 'ignored')).toBe('no placeholders');
  });

  it('knows its codes and no others', () => {
    expect(isErrorCode('rest_no_route')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('wcpay_made_up')).toBe(false);
  });
});
