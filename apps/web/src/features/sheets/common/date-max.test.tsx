import { todayIso } from '@passerelle/contract/rules/dates';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import fr from '../../../locales/fr-FR/sheets.json';
import { renderRoutes } from '../../../test/render';
import { sheetResponse } from '../../../test/sheet-response';
import { InformationSheet } from '../information-sheet/information-sheet';

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['common', 'sheets']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('date inputs with a maximum (SPEC 5)', () => {
  it('offers no birth date after today', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(sheetResponse({})), { status: 200, headers: { 'Content-Type': 'application/json' } })));
    const path = '/admissible/fiche-renseignement/:id';
    renderRoutes([{ path, element: <InformationSheet kind="fra" done={null} /> }], '/admissible/fiche-renseignement/5');
    const birthDate = await screen.findByLabelText(fr.fields.dateNaissance, { selector: 'input' });
    expect(birthDate).toHaveAttribute('type', 'date');
    expect(birthDate).toHaveAttribute('max', todayIso());
  });
});
