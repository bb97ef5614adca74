import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('writes one text whatever the order of the keys, at every depth, without white space', () => {
    const a = { b: 1, a: { y: [3, { d: true, c: null }], x: 'é' } };
    const b = { a: { x: 'é', y: [3, { c: null, d: true }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"x":"é","y":[3,{"c":null,"d":true}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('sorts keys by UTF-16 code units (RFC 8785) and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, B: 2, é: 3, a: undefined, '10': 4, '9': 5 })).toBe('{"10":4,"9":5,"B":2,"b":1,"é":3}');
  });

  it('survives a JSON round trip unchanged (what jsonb gives back)', () => {
    const value = { n: 0.1, big: 9007199254740991, neg: -3, s: 'a"b\\c\n', list: [] as unknown[], o: {} };
    expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
  });

  it('refuses what jsonb would not give back as it was hashed', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ a: Infinity })).toThrow(TypeError);
    expect(() => canonicalJson({ a: 2 ** 60 })).toThrow(TypeError);
    expect(() => canonicalJson({ a: 'x\u0000y' })).toThrow(TypeError);
    expect(() => canonicalJson({ a: new Date() })).toThrow(TypeError);
    expect(() => canonicalJson({ a: () => 1 })).toThrow(TypeError);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });

  it('hashes with SHA-256, hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
