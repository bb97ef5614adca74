import type { RuleCode } from '@passerelle/contract';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

/**
 * Characters no text of a request may hold, whatever the field: NUL (PostgreSQL stores it in neither text nor jsonb)
 * and a lone UTF-16 surrogate (no UTF-8 form: jsonb refuses it, text would keep a U+FFFD in its place). A JSON body
 * can carry both as escapes ("\u0000", "\ud800"), a query string NUL as %00.
 */
export const forbiddenCharacterCode = 'text.forbidden_character' satisfies RuleCode;

/** Paths reported for one request part at most: enough to show the person every field to fix, and a small answer. */
const maxReportedPaths = 20;

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one (UTF-16 code units). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const loneSurrogates = new RegExp(loneSurrogate.source, 'g');

export function hasForbiddenCharacter(text: string): boolean {
  return text.includes('\u0000') || loneSurrogate.test(text);
}

/** A key shown in a path, its forbidden characters replaced by U+FFFD so that the answer quotes none. */
const printable = (key: string) => key.replaceAll('\u0000', '\uFFFD').replace(loneSurrogates, '\uFFFD');

interface Visit {
  value: unknown;
  key: string | undefined;
  parent: Visit | undefined;
}

/** Deeper than any form: a path past this is cut, so that an absurdly nested body gets a short answer. */
const maxPathDepth = 16;

function pathOf(visit: Visit, last?: string): string[] {
  const reversed = last === undefined ? [] : [printable(last)];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) reversed.push(at.key);
  const path = reversed.reverse();
  return path.length > maxPathDepth ? [...path.slice(0, maxPathDepth), '…'] : path;
}

/**
 * The paths (keys from the root) of every string, value or key, holding a forbidden character, in document order,
 * at most `limit`. Walked with an explicit stack: a 1 MB body may nest far deeper than the call stack allows.
 */
export function forbiddenCharacterPaths(value: unknown, limit = maxReportedPaths): string[][] {
  const found: string[][] = [];
  const stack: Visit[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0 && found.length < limit) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      if (hasForbiddenCharacter(current)) found.push(pathOf(visit));
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index] as unknown, key: String(index), parent: visit });
      }
    } else if (typeof current === 'object' && current !== null) {
      const keys = Object.keys(current);
      const children: Visit[] = [];
      for (const key of keys) {
        if (hasForbiddenCharacter(key)) {
          if (found.length < limit) found.push(pathOf(visit, key));
        } else {
          children.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
        }
      }
      for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index] as Visit);
    }
  }
  return found;
}

/**
 * Wraps a validator compiler so that every validated part of every route (body, query string, params, headers) is
 * refused before its schema runs when one of its strings holds a forbidden character. The answer is the usual
 * validation failure (400 VALIDATION_FAILED), each offending field named with the `text.forbidden_character` rule code,
 * which the web app shows in the person's language.
 */
export function refusingForbiddenCharacters<T>(compiler: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (routeSchema) => {
    const validate = compiler(routeSchema);
    return (data: unknown) => {
      const paths = forbiddenCharacterPaths(data);
      if (paths.length === 0) return validate(data);
      const error: FastifySchemaValidationError[] = paths.map((path) => ({
        keyword: 'forbidden_character',
        instancePath: path.map((key) => `/${key}`).join(''),
        schemaPath: '#',
        message: forbiddenCharacterCode,
        params: { issue: { path } },
      }));
      return { error };
    };
  };
}
