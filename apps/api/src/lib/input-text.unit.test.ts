import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forbiddenCharacterPaths, hasForbiddenCharacter } from './input-text.ts';

/** Text with no NUL and no lone surrogate: printable graphemes, emoji (surrogate pairs) included. */
const clean = fc.string({ unit: 'grapheme', maxLength: 12 });
const forbidden = fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff');
const key = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 });

describe('hasForbiddenCharacter', () => {
  it('finds NUL and lone surrogates anywhere in a text, and nothing else', () => {
    fc.assert(
      fc.property(clean, forbidden, clean, (before, bad, after) => {
        expect(hasForbiddenCharacter(before + after)).toBe(false);
        // A high surrogate followed by a low one would be a pair: never build one by the join.
        fc.pre(!(/[\ud800-\udbff]$/.test(before + bad) && /^[\udc00-\udfff]/.test(bad + after)) || bad === '\u0000');
        expect(hasForbiddenCharacter(before + bad + after)).toBe(true);
      }),
    );
  });

  it('accepts well-formed pairs and refuses halves of them', () => {
    expect(hasForbiddenCharacter('🎓 é 😀')).toBe(false);
    expect(hasForbiddenCharacter('\ud83c')).toBe(true);
    expect(hasForbiddenCharacter('\udf93x')).toBe(true);
    expect(hasForbiddenCharacter('\udf93\ud83c')).toBe(true);
  });
});

describe('forbiddenCharacterPaths', () => {
  const cleanJson = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, clean, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 3 }),
    object: fc.dictionary(clean, tie('value'), { maxKeys: 3 }),
  })).value;

  it('finds nothing in values of clean text', () => {
    fc.assert(
      fc.property(cleanJson, (value) => {
        expect(forbiddenCharacterPaths(value)).toEqual([]);
      }),
    );
  });

  it('names the path of a value, or of a key, holding one', () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 5 }), clean, forbidden, cleanJson, (path, text, bad, sibling) => {
        fc.pre(new Set(path).size === path.length);
        const asValue = path.reduceRight<unknown>((inner, name) => ({ other: sibling, [name]: inner }), text + bad);
        expect(forbiddenCharacterPaths(asValue)).toContainEqual(path);
        const asKey = path.reduceRight<unknown>((inner, name) => ({ [name]: inner }), { [`k${bad}`]: 1 });
        expect(forbiddenCharacterPaths(asKey)).toEqual([[...path, 'k\uFFFD']]);
      }),
    );
  });

  it('walks arrays by index, reports in document order, and stops at the limit', () => {
    expect(forbiddenCharacterPaths({ a: ['ok', 'x\u0000'], b: { c: '\ud800' } })).toEqual([['a', '1'], ['b', 'c']]);
    expect(forbiddenCharacterPaths('\u0000')).toEqual([[]]);
    expect(forbiddenCharacterPaths(Array.from({ length: 50 }, () => '\u0000'), 20)).toHaveLength(20);
  });

  it('walks a value nested far deeper than the call stack', () => {
    let deep: unknown = 'a\u0000';
    for (let depth = 0; depth < 200_000; depth += 1) deep = [deep];
    // Named by its first keys only.
    expect(forbiddenCharacterPaths(deep)).toEqual([[...Array.from({ length: 16 }, () => '0'), '…']]);
  });
});
