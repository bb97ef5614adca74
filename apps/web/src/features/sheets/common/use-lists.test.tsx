import { i18n, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render';
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US/sheets.json';
import fr from '../../../locales/fr-FR/sheets.json';
import { SheetFormContext } from './fields';
import { SpecBlock, type FieldSpec } from './spec-fields';
import type { SheetValues } from './use-sheet';

const specs: FieldSpec[] = [
  { path: 'apprenti.nationalite', label: 'nationalite', type: 'select', options: 'nationalites' },
  {
    path: 'apprenti.departementNaissance',
    label: 'departementNaissance',
    type: 'select',
    options: 'departementsNaissance',
    withCode: true,
  },
  { path: 'contrat.typeContrat', label: 'typeContrat', type: 'select', options: 'typesContrat' },
];

const answers = { apprenti: { nationalite: '3', departementNaissance: '99' }, contrat: { typeContrat: 'APP' } };

/** The applicant's block as the employer sees it (read-only) beside the same block being filled in. */
function Sheet() {
  const form = useForm<SheetValues>({ defaultValues: answers });
  const [labels] = useState(() => new Map<string, string>());
  return (
    <SheetFormContext.Provider value={{ control: form.control, readOnly: false, warnings: {}, labels }}>
      <SpecBlock title="editable" specs={specs} editable source={answers} />
      <SpecBlock title="read-only" specs={specs} editable={false} source={answers} />
    </SheetFormContext.Provider>
  );
}

/** Awaited, so that React retries the render the lists suspended once they arrive. */
const renderSheet = () =>
  act(async () => {
    renderRoutes([{ path: '/', element: <Sheet /> }]);
  });

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const selectedText = (select: HTMLElement) =>
  within(select).getByRole<HTMLOptionElement>('option', { selected: true }).textContent;
const readOnlyBlock = () => within(screen.getByRole('region', { name: 'read-only' }));

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'sheets']);
});

afterAll(() => i18n.changeLanguage('fr-FR'));

describe('reference lists in the page language', () => {
  it('shows the CERFA French labels in French', async () => {
    await i18n.changeLanguage('fr-FR');
    await renderSheet();
    const nationality = await screen.findByRole('combobox', { name: fr.fields.nationalite });
    expect(optionTexts(nationality)).toEqual([
      fr.choose,
      'Française',
      'Union Européenne',
      'Etranger hors Union Européenne',
    ]);
    expect(selectedText(nationality)).toBe('Etranger hors Union Européenne');
    expect(selectedText(screen.getByRole('combobox', { name: fr.fields.departementNaissance }))).toBe(
      '99 - Né(e) à l’étranger',
    );
    expect(readOnlyBlock().getByText("Contrat d'apprentissage")).toBeInTheDocument();
  });

  it('shows the English labels in English, the codes unchanged', async () => {
    await i18n.changeLanguage('en-US');
    await renderSheet();
    const nationality = await screen.findByRole('combobox', { name: en.fields.nationalite });
    expect(optionTexts(nationality)).toEqual([en.choose, 'French', 'EU national', 'Non-EU national']);
    expect(
      within(nationality)
        .getAllByRole<HTMLOptionElement>('option')
        .map((option) => option.value),
    ).toEqual(['', '1', '2', '3']);
    const birthplace = screen.getByRole('combobox', { name: en.fields.departementNaissance });
    expect(selectedText(birthplace)).toBe('99 - Born abroad');
    expect(within(birthplace).getByRole('option', { name: '2B - Haute-Corse' })).toBeInTheDocument();
    expect(readOnlyBlock().getByText('Non-EU national')).toBeInTheDocument();
    expect(readOnlyBlock().getByText('Apprenticeship contract (APP)')).toBeInTheDocument();
  });

  it('switches the labels when the person changes language, keeping the answers', async () => {
    await i18n.changeLanguage('fr-FR');
    await renderSheet();
    expect(selectedText(await screen.findByRole('combobox', { name: fr.fields.typeContrat }))).toBe(
      "Contrat d'apprentissage",
    );
    await act(() => i18n.changeLanguage('en-US'));
    const contractType = await screen.findByRole('combobox', { name: en.fields.typeContrat });
    expect(selectedText(contractType)).toBe('Apprenticeship contract (APP)');
    expect(contractType).toHaveValue('APP');
  });
});
