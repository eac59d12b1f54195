import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text-guard.ts';

describe('findUnstorableText', () => {
  it('names the first value or key holding NUL or a lone surrogate, however deep', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, '')).toBe('a[1].c');
    expect(findUnstorableText({ a: '\uD800' }, '')).toBe('a');
    expect(findUnstorableText({ 'k\uDC00': 1 }, '')).toBe('k\uFFFD');
    expect(findUnstorableText({ a: '😀', b: ['fine'] }, '')).toBeUndefined();
  });

  it("leaves an uploaded file's bytes alone, and still checks the fields beside them", () => {
    const content = Buffer.alloc(1_000_000);
    expect(findUnstorableText({ file: { filename: 'a.csv', content } }, '')).toBeUndefined();
    expect(findUnstorableText({ file: { filename: 'a\u0000.csv', content } }, '')).toBe('file.filename');
  });
});
