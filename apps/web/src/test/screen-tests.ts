import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n';

/**
 * A back-office screen's test file: French with `common` and the screen's namespaces loaded once, and after each test
 * the screen unmounted and the stubbed `fetch` undone.
 */
export function setUpScreenTests(namespaces: readonly string[]): void {
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('fr-FR');
    await i18n.loadNamespaces(['common', ...namespaces]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
