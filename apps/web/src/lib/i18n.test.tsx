import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasChosenLanguage, i18n, initI18n } from './i18n';
import { storageKeys } from './storage-keys';

beforeAll(async () => {
  await initI18n();
});

afterEach(async () => {
  await i18n.changeLanguage('fr-FR');
});

describe('i18n', () => {
  it('starts in French without saving a choice, with the shell namespaces loaded and no other', () => {
    expect(i18n.language).toBe('fr-FR');
    expect(document.documentElement.lang).toBe('fr-FR');
    expect(hasChosenLanguage()).toBe(false);
    expect(i18n.hasResourceBundle('fr-FR', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('fr-FR', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('fr-FR', 'about')).toBe(false);
    // Only the current language: a French visitor fetches no English text.
    expect(i18n.hasResourceBundle('en-US', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('en-US', 'auth')).toBe(false);
  });

  it('loads a namespace when asked, in the current language', async () => {
    await i18n.loadNamespaces(['portal', 'staff-exports', 'staff-workshops']);
    expect(i18n.hasResourceBundle('fr-FR', 'portal')).toBe(true);
    expect(i18n.t('portal:offers.countCapped', { count: 2, total: '2' })).not.toBe('offers.countCapped');
  });

  it('picks the plural form by the language, and the _zero form for 0 where there is one', async () => {
    await i18n.loadNamespaces(['portal', 'staff-exports', 'staff-workshops']);
    const fr = i18n.getFixedT('fr-FR', 'staff-exports');
    expect(fr('registrants.count', { count: 0 })).toBe('aucun inscrit');
    expect(fr('registrants.count', { count: 1 })).toBe('1 inscrit');
    expect(fr('registrants.count', { count: 3 })).toBe('3 inscrits');
    await i18n.changeLanguage('en-US');
    expect(i18n.getFixedT('en-US', 'staff-exports')('registrants.count', { count: 0 })).toBe('no one registered');
    expect(i18n.getFixedT('fr-FR', 'staff-workshops')('feedback.deleted', { count: 0, title: 'X' })).toBe(
      'Atelier « X » supprimé.',
    );
  });

  it('uses the language of the rules: French says 0 in the singular where no _zero form exists', async () => {
    await i18n.loadNamespaces('portal');
    const fr = i18n.getFixedT('fr-FR', 'portal');
    expect(fr('offers.count', { count: 0 })).toBe('0 offre');
    expect(fr('offers.count', { count: 2500 })).toBe(`${new Intl.NumberFormat('fr-FR').format(2500)} offres`);
  });

  it('formats `{{x, number}}` in the page language, and leaves the values unescaped (React escapes)', async () => {
    await i18n.loadNamespaces('portal');
    expect(i18n.getFixedT('fr-FR', 'portal')('offers.count', { count: 12345 })).toBe(
      `${new Intl.NumberFormat('fr-FR').format(12345)} offres`,
    );
    await i18n.changeLanguage('en-US');
    expect(i18n.t('portal:offers.count', { count: 12345 })).toBe('12,345 offers');
    expect(i18n.t('staff-workshops:feedback.deleted', { count: 1, title: 'A & <B>' })).toContain('A & <B>');
  });

  it('reads another namespace through its `ns:` prefix, and says whether a key has a text', () => {
    expect(i18n.t('common:titles.home')).toBe('Accueil');
    expect(i18n.exists('titles.home')).toBe(true);
    expect(i18n.exists('portal:offers.nope')).toBe(false);
  });

  it('gives the default value for a missing key, else the key', () => {
    expect(i18n.t('nothing.here', { defaultValue: 'Défaut {{x}}', x: 1 })).toBe('Défaut 1');
    // @ts-expect-error: idem.
    expect(i18n.t('common:nothing.here')).toBe('nothing.here');
  });

  it('loads no English text for a French screen', async () => {
    await i18n.loadNamespaces(['errors']);
    expect(i18n.hasResourceBundle('fr-FR', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('en-US', 'errors')).toBe(false);
  });

  it('switches language with every namespace loaded so far, sets the page language and saves the choice', async () => {
    await i18n.loadNamespaces('staff-exports');
    await i18n.changeLanguage('en-US');
    expect(i18n.language).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem(storageKeys.lang)).toBe('en-US');
    expect(i18n.hasResourceBundle('en-US', 'staff-exports')).toBe(true);
    expect(i18n.t('staff-exports:registrants.count', { count: 2 })).toBe('2 registered');
  });

  it('goes to the fallback, English, for a language it does not have', async () => {
    await i18n.changeLanguage('de-DE');
    expect(i18n.resolvedLanguage).toBe('en-US');
  });

  it('starts in the saved language', async () => {
    localStorage.setItem(storageKeys.lang, 'en-US');
    await initI18n();
    expect(i18n.language).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
  });
});

function About() {
  const { t, i18n: instance } = useTranslation(['about', 'common']);
  return (
    <p lang={instance.language}>
      {t('title')} / {t('common:titles.about')}
    </p>
  );
}

describe('useTranslation', () => {
  it('suspends until its namespaces are loaded, then renders again when the language changes', async () => {
    render(
      <Suspense fallback="loading">
        <About />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('À propos de Passerelle / À propos')).toHaveAttribute('lang', 'fr-FR');
    await act(() => i18n.changeLanguage('en-US'));
    expect(await screen.findByText('About Passerelle / About')).toHaveAttribute('lang', 'en-US');
  });
});

// Last: it loads a fresh copy of the module, after which the one above is left alone.
describe('initI18n', () => {
  it('knows the language as soon as it starts, before the texts are here (the router reads it at once)', async () => {
    vi.resetModules();
    localStorage.setItem(storageKeys.lang, 'en-US');
    const fresh = await import('./i18n');
    const started = fresh.initI18n();
    expect(fresh.i18n.language).toBe('en-US');
    expect(fresh.feedLanguage(fresh.i18n.language)).toBe('en');
    await started;
  });
});
