import type { CfaSettingsResponse } from '@passerelle/contract/staff-settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { jsonResponse as json, stubApi } from '../../../test/api-stub';
import { renderRoutes } from '../../../test/render';
import { setUpScreenTests } from '../../../test/screen-tests';
import { Component as StaffSettingsPage } from './staff-settings-page';

const demo: CfaSettingsResponse = {
  values: {
    denomination: 'CFA fictif Passerelle (démonstration)',
    uai: '0755555F',
    siret: '35600000000048',
    street: '',
    postcode: '',
    city: '',
    representativeName: '',
    representativeTitle: '',
    contactEmail: 'alternance@passerelle.localhost',
    contactPhone: '01 23 45 67 89',
    contactHoursFr: 'du lundi au vendredi, 9 h – 17 h',
    contactHoursEn: 'Monday to Friday, 9 am – 5 pm',
  },
  source: 'demo',
  updatedAt: null,
  updatedBy: null,
  missingForContracts: [],
  demo: true,
  seal: {
    origin: 'generated',
    subject: 'CN=Passerelle CFA seal (self-signed)',
    issuer: 'CN=Passerelle CFA seal (self-signed)',
    validFrom: '2026-11-01T00:00:00.000Z',
    validTo: '2036-11-01T00:00:00.000Z',
  },
};

setUpScreenTests(['staff-settings']);
afterEach(() => i18n.changeLanguage('fr-FR'));

const renderPage = () =>
  renderRoutes([{ path: '/gestion/parametres', element: <StaffSettingsPage /> }], '/gestion/parametres');

/** The field labelled so (its required mark aside). */
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** Replaces a field's text as a person pasting it (typing each key would only slow the test). */
async function fill(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(value);
}

describe('StaffSettingsPage', () => {
  it('says the demo CFA is fictitious, and shows the seal read-only with how it is set', async () => {
    stubApi({ '/api/staff/settings/cfa': demo }, () => json(500, {}));
    renderPage();
    expect(await screen.findByText(/le CFA proposé ici \(« CFA fictif Passerelle \(démonstration\) »\) est fictif/)).toBeInTheDocument();
    expect(field('Dénomination')).toHaveValue('CFA fictif Passerelle (démonstration)');
    // Subject and issuer: a self-signed certificate names itself twice.
    expect(screen.getAllByText('CN=Passerelle CFA seal (self-signed)', { selector: 'dd' })).toHaveLength(2);
    expect(screen.getByText('01/11/2036')).toBeInTheDocument();
    expect(screen.getByText(/SIGNING_P12_PATH et SIGNING_P12_PASSWORD/)).toBeInTheDocument();
  });

  it('puts the checks’ messages next to their fields, sends nothing until they pass, then saves', { timeout: 20_000 }, async () => {
    const saved: CfaSettingsResponse = {
      ...demo,
      source: 'saved',
      updatedAt: '2026-11-29T10:00:00.000Z',
      updatedBy: 'Nadia Roux',
    };
    const calls = stubApi({ '/api/staff/settings/cfa': { ...demo, demo: false, source: 'environment', missingForContracts: ['uai'], values: { ...demo.values, uai: '' } } }, (call) => {
      if (calls.length === 1)
        return json(400, { code: 'VALIDATION_FAILED', message: 'x', errors: { street: ['text.forbidden_character'] } });
      return json(200, { ...saved, values: call.body });
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/À compléter : N° UAI\./)).toBeInTheDocument();
    await fill(user, 'N° UAI', '0750654E');
    await fill(user, 'N° SIRET', '73282932000075');
    await fill(user, 'Adresse e-mail', 'alternance@');
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’identité du CFA' }));
    await waitFor(() =>
      expect(field('N° UAI')).toHaveAccessibleDescription(
        'La lettre de ce numéro UAI ne correspond pas à ses 7 chiffres : vérifiez-le sur la fiche de l’établissement (annuaire de l’éducation nationale).',
      ),
    );
    expect(field('N° SIRET')).toHaveAccessibleDescription(
      'Ce SIRET n’est pas valide : vérifiez les 14 chiffres saisis (avis de situation Sirene).',
    );
    expect(field('Adresse e-mail')).toHaveAccessibleDescription(
      'Saisissez une adresse e-mail complète, par exemple nom@exemple.fr.',
    );
    expect(field('Numéro et voie')).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(field('Qualité')).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await fill(user, 'N° UAI', '0750654d');
    await fill(user, 'N° SIRET', '732 829 320 00074');
    await fill(user, 'Adresse e-mail', 'alternance@cfa-numerique.example');
    await fill(user, 'Numéro et voie', '12 rue des Écoles');
    await fill(user, 'Code postal', '75005');
    await fill(user, 'Commune', 'Paris');
    await fill(user, 'Nom et prénom', 'Claire Dubois');
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’identité du CFA' }));
    // The server's refusal lands under its field.
    await waitFor(() => expect(field('Numéro et voie')).toHaveAccessibleDescription(/caractère non autorisé/));
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’identité du CFA' }));
    expect(await screen.findByText('L’identité du CFA est enregistrée : les prochains contrats et e-mails l’utilisent.')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      path: '/api/staff/settings/cfa',
      body: { uai: '0750654D', siret: '73282932000074', street: '12 rue des Écoles', representativeTitle: '' },
    });
    expect(screen.getByText('Enregistrée le 29/11/2026 par Nadia Roux.')).toBeInTheDocument();
  });

  it('speaks English: labels and the UAI’s message', async () => {
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces(['common', 'staff-settings']);
    stubApi({ '/api/staff/settings/cfa': demo }, () => json(500, {}));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(/Demonstration: the CFA shown here/);
    await fill(user, 'UAI number', '0750654E');
    await user.click(screen.getByRole('button', { name: 'Save the CFA’s identity' }));
    await waitFor(() =>
      expect(field('UAI number')).toHaveAccessibleDescription(/^The letter of this UAI number does not match its 7 digits/),
    );
  });
});
