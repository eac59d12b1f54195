import { describe, expect, it } from 'vitest';
import {
  BRANDING_LOGO_MAX_BYTES,
  checkUploadBytes,
  UPLOAD_MAX_BYTES,
  UPLOAD_RULES,
  uploadSizeError,
  uploadTypeOfBytes,
} from './upload-purposes.ts';

const bytes = (head: number[], size = head.length) => {
  const out = new Uint8Array(size);
  out.set(head);
  return out;
};
const text = (value: string) => Uint8Array.from([...value].map((c) => c.charCodeAt(0)));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const PDF = [...'%PDF-1.7'].map((c) => c.charCodeAt(0));

describe('upload rules by purpose', () => {
  it('tells the type by the first bytes only', () => {
    expect(uploadTypeOfBytes(bytes(PNG))).toBe('image/png');
    expect(uploadTypeOfBytes(bytes(JPEG))).toBe('image/jpeg');
    expect(uploadTypeOfBytes(bytes(PDF))).toBe('application/pdf');
    expect(uploadTypeOfBytes(text('a text file named logo.png'))).toBeNull();
    expect(uploadTypeOfBytes(bytes(PNG.slice(0, 7)))).toBeNull();
  });

  it('takes a logo of PNG or JPEG up to 1,048,576 bytes, nothing else', () => {
    expect(checkUploadBytes('business_logo', bytes(PNG, BRANDING_LOGO_MAX_BYTES))).toEqual({
      type: 'image/png',
      error: null,
    });
    expect(checkUploadBytes('business_logo', bytes(PNG, BRANDING_LOGO_MAX_BYTES + 1)).error).toBe(
      UPLOAD_RULES.business_logo.size_message,
    );
    expect(checkUploadBytes('business_logo', bytes(JPEG, 100)).type).toBe('image/jpeg');
    expect(checkUploadBytes('business_logo', bytes(PDF, 100)).error).toBe(
      UPLOAD_RULES.business_logo.type_message,
    );
  });

  it('keeps evidence at PDF, PNG or JPEG up to 4,500,000 bytes', () => {
    expect(checkUploadBytes('dispute_evidence', bytes(PDF, 100)).type).toBe('application/pdf');
    expect(uploadSizeError('dispute_evidence', 4_500_000)).toBeNull();
    expect(uploadSizeError('dispute_evidence', 4_500_001)).toBe(UPLOAD_RULES.dispute_evidence.size_message);
    expect(checkUploadBytes('dispute_evidence', text('plain')).error).toBe(
      UPLOAD_RULES.dispute_evidence.type_message,
    );
  });

  it('lets the upload route take the largest file of any purpose', () => {
    expect(UPLOAD_MAX_BYTES).toBe(4_500_000);
  });
});
