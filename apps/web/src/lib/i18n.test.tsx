import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, interpolate, translate, useTranslation } from './i18n';
import { storageKeys } from './storage-keys';

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['portal', 'staff-exports', 'staff-workshops']);
});

afterEach(async () => {
  await i18n.changeLanguage('fr-FR');
});

describe('interpolate', () => {
  it('puts the values in, unescaped, and leaves a placeholder without a value as written', () => {
    expect(interpolate('{{name}} <b> {{ other }} {{missing}}', { name: 'A & B', other: 2 }, 'fr-FR')).toBe(
      'A & B <b> 2 {{missing}}',
    );
  });

  it('writes nothing for a value given as null or undefined', () => {
    expect(interpolate('[{{a}}][{{b}}]', { a: null, b: undefined }, 'fr-FR')).toBe('[][]');
  });

  it('formats `{{x, number}}` in the language', () => {
    expect(interpolate('{{n, number}}', { n: 12345.5 }, 'fr-FR')).toBe(new Intl.NumberFormat('fr-FR').format(12345.5));
    expect(interpolate('{{n, number}}', { n: 12345.5 }, 'en-US')).toBe('12,345.5');
  });

  it('leaves a text without values as it is', () => {
    expect(interpolate('{{name}}', undefined, 'fr-FR')).toBe('{{name}}');
  });
});

describe('translate', () => {
  it('picks the plural form by Intl.PluralRules, and the _zero form for 0 where there is one', async () => {
    await i18n.changeLanguage('en-US');
    expect(translate('en-US', 'staff-exports', 'registrants.count', { count: 0 })).toBe('no one registered');
    expect(translate('fr-FR', 'staff-exports', 'registrants.count', { count: 0 })).toBe('aucun inscrit');
    expect(translate('fr-FR', 'staff-exports', 'registrants.count', { count: 1 })).toBe('1 inscrit');
    expect(translate('fr-FR', 'staff-exports', 'registrants.count', { count: 3 })).toBe('3 inscrits');
    expect(translate('fr-FR', 'staff-workshops', 'feedback.deleted', { count: 0, title: 'X' })).toBe(
      'Atelier « X » supprimé.',
    );
  });

  it('uses the language of the rules: French says 0 in the singular where no _zero form exists', () => {
    expect(translate('fr-FR', 'portal', 'offers.count', { count: 0 })).toBe('0 offre');
    expect(translate('fr-FR', 'portal', 'offers.count', { count: 2500 })).toBe(
      `${new Intl.NumberFormat('fr-FR').format(2500)} offres`,
    );
  });

  it('reads another namespace through its `ns:` prefix', () => {
    expect(translate('fr-FR', 'portal', 'common:titles.home')).toBe('Accueil');
  });

  it('gives the default value, interpolated, for a missing key, else the key without its namespace, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(translate('fr-FR', 'portal', 'nothing.here', { defaultValue: 'Défaut {{x}}', x: 1 })).toBe('Défaut 1');
    expect(warn).not.toHaveBeenCalled();
    expect(translate('fr-FR', 'portal', 'common:nothing.here')).toBe('nothing.here');
    expect(warn).toHaveBeenCalledWith('Missing translation fr-FR/common:nothing.here');
    warn.mockRestore();
  });

  it('never returns a group of texts as a text', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(translate('fr-FR', 'common', 'titles')).toBe('titles');
    expect(warn).toHaveBeenCalledWith('Missing translation fr-FR/common:titles');
    warn.mockRestore();
  });
});

describe('i18n', () => {
  it('says whether a key has a text, in common unless prefixed', () => {
    expect(i18n.exists('titles.home')).toBe(true);
    expect(i18n.exists('portal:offers.countCapped')).toBe(true);
    expect(i18n.exists('portal:offers.nope')).toBe(false);
    expect(i18n.exists('titles')).toBe(false);
  });

  it('switches language with every namespace loaded so far, sets the page language and saves the choice', async () => {
    await i18n.changeLanguage('en-US');
    expect(i18n.language).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(localStorage.getItem(storageKeys.lang)).toBe('en-US');
    expect(translate(i18n.language, 'staff-exports', 'registrants.count', { count: 2 })).toBe('2 registered');
  });

  it('ignores a language it does not have', async () => {
    await i18n.changeLanguage('de-DE');
    expect(i18n.language).toBe('fr-FR');
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

  it('hands a failed load to the error boundary rather than fetching again and again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Catch>
        <Suspense fallback="loading">
          <Missing />
        </Suspense>
      </Catch>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No translations fr-FR/nowhere');
    error.mockRestore();
  });
});

function Missing() {
  const { t } = useTranslation('nowhere');
  return <p>{t('title')}</p>;
}

class Catch extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message === null ? this.props.children : <p role="alert">{this.state.message}</p>;
  }
}
