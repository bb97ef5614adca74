import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type.ts';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('detectFileType', () => {
  it('recognises PDF, PNG and JPEG by their first bytes', () => {
    expect(detectFileType(new TextEncoder().encode('%PDF-1.7\n'))).toEqual({ mime: 'application/pdf', extension: '.pdf' });
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({ mime: 'image/png', extension: '.png' });
    expect(detectFileType(bytes(0xff, 0xd8, 0xff, 0xdb))).toEqual({ mime: 'image/jpeg', extension: '.jpg' });
  });

  it('answers null for anything else, including truncated signatures and empty files', () => {
    expect(detectFileType(new Uint8Array())).toBeNull();
    expect(detectFileType(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(detectFileType(new TextEncoder().encode(' %PDF-1.7'))).toBeNull();
    expect(detectFileType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectFileType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectFileType(new TextEncoder().encode('<html><script>'))).toBeNull();
  });
});
