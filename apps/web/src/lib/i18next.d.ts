import type { Resources } from '../locales/resources';

/** t() keys typed from the French files: an unknown key, or one in a namespace not asked for, fails tsc. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
