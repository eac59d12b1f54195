import { describe, expect, it } from 'vitest';
import {
  BRANDING_LOGO_MAX_BYTES,
  checkUploadBytes,
  holdsActiveContent,
  UPLOAD_MARKUP_MESSAGE,
  UPLOAD_MAX_BYTES,
  UPLOAD_NAME_MESSAGE,
  UPLOAD_RULES,
  uploadNameError,
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

describe('polyglots and renamed files', () => {
  it('refuses markup or script anywhere in the bytes, in any letter case', () => {
    for (const hostile of ['<script>', '<SVG onload=x>', '<img src=x>', '<!DOCTYPE html>', 'JavaScript:x']) {
      const file = Uint8Array.from([...PNG, ...text(`IHDR${'\u0000'.repeat(64)}${hostile}`)]);
      expect(holdsActiveContent(file), hostile).toBe(true);
      expect(checkUploadBytes('dispute_evidence', file, 'a.png').error, hostile).toBe(UPLOAD_MARKUP_MESSAGE);
    }
    for (const action of ['/JavaScript ', '/JS (', '/Launch<<'])
      expect(holdsActiveContent(Uint8Array.from([...PDF, ...text(action)])), action).toBe(true);
  });

  it('takes what only looks like it: PDF names that go on, paths, and binary image data', () => {
    for (const harmless of [
      '/JSON ',
      '/JSLength 4',
      '/js/app ',
      'a <b> tag',
      '<<',
      '<a1 b2>',
      '<scripted>',
      // Embedded XMP metadata, as PDF writers and cameras store it.
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><?xml version="1.0"?><x:xmpmeta xmlns:x="adobe:ns:meta/">',
    ])
      expect(holdsActiveContent(Uint8Array.from([...PDF, ...text(harmless)])), harmless).toBe(false);
    // Image data is bytes, not text: 64 KiB of every byte value in turn holds no markup.
    const data = Uint8Array.from({ length: 65_536 }, (_, index) => (index * 131 + (index >> 8)) & 0xff);
    expect(holdsActiveContent(data)).toBe(false);
  });

  it('refuses a name that claims another type, or one a browser or computer would run', () => {
    expect(uploadNameError('receipt.pdf', 'image/jpeg')).toBe(UPLOAD_NAME_MESSAGE);
    expect(uploadNameError('scan.PNG', 'application/pdf')).toBe(UPLOAD_NAME_MESSAGE);
    for (const name of ['page.html', 'page.HTM', 'logo.svg', 'setup.exe', 'x.js', 'page.html.', 'page.html '])
      expect(uploadNameError(name, 'image/png'), name).toBe(UPLOAD_NAME_MESSAGE);
    for (const [name, type] of [
      ['photo.JPG', 'image/jpeg'],
      ['photo.jfif', 'image/jpeg'],
      ['receipt.pdf', 'application/pdf'],
      ['scan.bin', 'image/png'],
      ['receipt', 'application/pdf'],
      ['my.receipt.pdf', 'application/pdf'],
    ] as const)
      expect(uploadNameError(name, type), name).toBeNull();
  });
});
