import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../src/lib/storage-keys';
import { preloadScript } from './shell-texts-preload';

const files = {
  'fr-FR': ['/assets/common-fr.js', '/assets/auth-fr.js'],
  'en-US': ['/assets/common-en.js', '/assets/auth-en.js'],
};

/** Runs the script as index.html does and returns the module preloads it added. */
function preloadsAfterRun(): string[] {
  // As the browser runs index.html's inline script: in the page's global scope (the test's jsdom document and storage).
  runInThisContext(preloadScript(files));
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => link.getAttribute('href') ?? '',
  );
}

describe("index.html's preload of the shell texts", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    localStorage.clear();
  });

  it('fetches the French texts for a visitor who never chose a language', () => {
    expect(preloadsAfterRun()).toEqual(files['fr-FR']);
  });

  it('fetches only the saved language', () => {
    localStorage.setItem(storageKeys.lang, 'en-US');
    expect(preloadsAfterRun()).toEqual(files['en-US']);
  });

  it('falls back on French for a saved language the portal does not have', () => {
    localStorage.setItem(storageKeys.lang, 'de-DE');
    expect(preloadsAfterRun()).toEqual(files['fr-FR']);
  });
});
