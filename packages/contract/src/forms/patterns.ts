/* eslint-disable no-useless-escape -- zod's patterns, character for character */
/**
 * zod's own patterns (zod 4.6, `z.regexes`) that rules written without zod need: forms/format.test.ts checks that they
 * are still zod's.
 */
export const email =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
