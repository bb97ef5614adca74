import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import fr from '../../../locales/fr-FR/sheets.json';
import { renderRoutes } from '../../../test/render';
import { sheetResponse } from '../../../test/sheet-response';
import { InformationSheet } from './information-sheet';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers every GET with `sheet` and every save with the same sheet. */
function mockSheet(sheet: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, sheet)),
  );
}


const people = {
  tuteur: { nom: 'Roussel', prenom: 'Henri', courriel: 'henri.roussel@example.test' },
  signataire: { nom: 'Lemoine', prenom: 'Agathe', courriel: 'agathe.lemoine@example.test', fonction: 'DRH' },
  gestionnaire: { nom: 'Perrin', prenom: 'Paul', courriel: 'paul.perrin@example.test' },
  responsableTaxe: { nom: 'Nguyen', prenom: 'Linh', courriel: 'linh.nguyen@example.test' },
};

const contactTitles = [fr.sections.tutor, fr.sections.signatory, fr.sections.manager, fr.sections.taxManager];

function renderSheet(kind: 'fra' | 'fre') {
  const path = kind === 'fra' ? '/admissible/fiche-renseignement/:id' : '/employeur/fiche-renseignement/:id';
  return renderRoutes([{ path, element: <InformationSheet kind={kind} done={null} /> }], path.replace(':id', '5'));
}

async function openStep(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name: new RegExp(name) }));
  return screen.findByRole('heading', { level: 2, name: new RegExp(name) });
}

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('fr-FR');
  await i18n.loadNamespaces(['common', 'sheets']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('information sheet, contacts step', () => {
  it('puts each of the company\'s contacts in a group named after them, so that each "Nom" says whose', async () => {
    mockSheet(sheetResponse({ data: { contacts: people } }));
    renderSheet('fre');
    await openStep(fr.info.steps.contacts);
    const contacts = within(screen.getByRole('group', { name: fr.sections.contacts }));
    const groups = contactTitles.map((title) => contacts.getByRole('group', { name: title }));
    const lastNames = groups.map((group) => within(group).getByLabelText(fr.fields.nom, { selector: 'input' }));
    expect(lastNames.map((input) => (input as HTMLInputElement).value)).toEqual([
      'Roussel',
      'Lemoine',
      'Perrin',
      'Nguyen',
    ]);
    expect(within(groups[1] ?? document.body).getByLabelText(fr.fields.fonction)).toHaveValue('DRH');
    // All four in the one group the journeys fill in order.
    expect(contacts.getAllByLabelText(fr.fields.courriel, { selector: 'input' })).toHaveLength(4);
  });

  it("shows the company's contacts to the applicant read-only, each under their own sub-heading", async () => {
    mockSheet(sheetResponse({ context: { contacts: people } }));
    renderSheet('fra');
    await openStep(fr.info.steps.contacts);
    const block = within(screen.getByRole('region', { name: fr.sections.contacts }));
    for (const title of contactTitles)
      expect(block.getByRole('heading', { level: 4, name: title })).toBeInTheDocument();
    const signatory = within(block.getByRole('region', { name: fr.sections.signatory }));
    expect(signatory.getByText(fr.fields.nom).nextElementSibling).toHaveTextContent('Lemoine');
    expect(signatory.queryByText('Perrin')).not.toBeInTheDocument();
  });
});

describe('information sheet, read-only values', () => {
  it('says "Non" for a box left unticked and "Oui" for a ticked one, and leaves an unanswered yes/no question blank', async () => {
    mockSheet(sheetResponse({ context: { apprenti: { nom: 'Smith', rqth: true }, contrat: { typeContrat: 'APP' } } }));
    renderSheet('fre');
    await screen.findByRole('heading', { level: 2, name: new RegExp(fr.info.steps.applicant) });
    const situation = within(screen.getByRole('region', { name: fr.sections.situation }));
    const valueOf = (label: string) => situation.getByText(label).nextElementSibling;
    expect(valueOf(fr.fields.rqth)).toHaveTextContent(fr.yes);
    expect(valueOf(fr.fields.sportifHautNiveau)).toHaveTextContent(fr.no);
    // A number nobody gave is not "no".
    expect(valueOf(fr.fields.dureeInscriptionFranceTravailMois)).toHaveTextContent('—');
    cleanup();

    mockSheet(sheetResponse({ context: { contrat: { typeContrat: 'APP' } } }));
    renderSheet('fra');
    await openStep(fr.info.steps.contract);
    const contract = within(screen.getByRole('region', { name: fr.sections.contract }));
    expect(contract.getByText(fr.fields.travailRisque).nextElementSibling).toHaveTextContent('—');
  });
});

describe('information sheet, send step', () => {
  it('names each "Revoir" button after its step, and opens that step', async () => {
    mockSheet(sheetResponse({}));
    renderSheet('fre');
    await openStep(fr.info.steps.send);
    const buttons = screen.getAllByRole('button', { name: new RegExp(`^${fr.info.review}`) });
    const names = buttons.map((button) => button.getAttribute('aria-label'));
    const steps = ['applicant', 'company', 'opco', 'contract', 'contacts', 'billing'] as const;
    expect(names).toEqual(steps.map((step) => fr.info.reviewStep.replace('{{title}}', fr.info.steps[step])));
    expect(new Set(names).size).toBe(buttons.length);
    // The visible text stays short.
    expect(buttons.every((button) => button.textContent === fr.info.review)).toBe(true);

    await userEvent.click(
      screen.getByRole('button', { name: fr.info.reviewStep.replace('{{title}}', fr.info.steps.contacts) }),
    );
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: fr.info.stepHeading
          .replace('{{index}}', '5')
          .replace('{{total}}', '7')
          .replace('{{title}}', fr.info.steps.contacts),
      }),
    ).toBeInTheDocument();
  });

  it('once sent, reads back every step as a summary, without asking to send or warning of the lock', async () => {
    mockSheet(sheetResponse({ status: 'submitted', submittedAt: '2026-11-20T09:30:00.000Z', readOnly: true, data: { apprenti: { nom: 'Martin' } } }));
    renderSheet('fra');
    const titles = ['applicant', 'company', 'opco', 'contract', 'contacts', 'billing'] as const;
    for (const [index, name] of titles.entries())
      expect(await screen.findByRole('heading', { level: 2, name: `${index + 1}. ${fr.info.steps[name]}` })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByText(fr.info.lockWarning)).toBeNull();
    expect(screen.queryByRole('button', { name: fr.info.send })).toBeNull();
  });
});

/** Pretends the window is `width` px wide for MUI's media queries (jsdom has none). */
function stubWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? 0) >= width,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

/** Whether the step names beside the numbers are on screen (not clipped to a visually hidden pixel). */
const namesShown = (tabs: HTMLElement) =>
  [...tabs.querySelectorAll('.MuiStepLabel-labelContainer')].map(
    (label) => getComputedStyle(label).position !== 'absolute',
  );

describe('information sheet on a phone', () => {
  it('shows the steps as one row of numbers, each tab still named after its step; with their names on a wide screen', async () => {
    stubWidth(375);
    mockSheet(sheetResponse({}));
    renderSheet('fre');
    const tabs = await screen.findByRole('tablist', { name: fr.info.stepsLabel });
    expect(tabs).toHaveAttribute('aria-orientation', 'horizontal');
    await waitFor(() => expect(namesShown(tabs)).toEqual(Array<boolean>(7).fill(false)));
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    const titles = Object.values(fr.info.steps);
    expect(names).toEqual(
      titles.map((title, index) => `${index + 1}${title}${index === 0 ? fr.info.readOnlyStep : ''}`),
    );
    cleanup();

    stubWidth(1280);
    renderSheet('fre');
    const wide = await screen.findByRole('tablist', { name: fr.info.stepsLabel });
    await waitFor(() => expect(namesShown(wide)).toEqual(Array<boolean>(7).fill(true)));
  });
});

describe('information sheet, OPCO step (issue 28)', () => {
  /** The sheet for every sheet read and save, the IDCC look-up's answer for GET /lookups/idcc/:code. */
  function mockSheetAndIdcc(sheet: Record<string, unknown>, idcc: { status: number; body: unknown }) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input instanceof Request ? input.url : input).includes('/lookups/idcc/') ? json(idcc.status, idcc.body) : json(200, sheet),
      ),
    );
  }

  it('fills the OPCO the IDCC gives and locks it, saying where it comes from', async () => {
    mockSheetAndIdcc(sheetResponse({ data: { employeur: { codeIdcc: '1486' } } }), {
      status: 200,
      body: { code: '1486', libelle: 'Bureaux d’études techniques', etat: 'VIGUEUR_ETEN', inForce: true, special: false, opco: 'OPCO_ATLAS' },
    });
    renderSheet('fre');
    await openStep(fr.info.steps.opco);
    const group = await screen.findByRole('group', { name: fr.sections.opco });
    await within(group).findByText(/IDCC 1486 \(Bureaux d’études techniques\)/);
    const select = within(group).getByRole('combobox', { name: new RegExp(`^${fr.fields.opco}`) });
    await waitFor(() => expect(select).toHaveValue('OPCO_ATLAS'));
    expect(select).toBeDisabled();
    expect(select).toHaveAccessibleDescription(fr.hints.opcoDerived);
  });

  it('lets the employer choose the OPCO when the table gives none for the IDCC', async () => {
    mockSheetAndIdcc(sheetResponse({ data: { employeur: { codeIdcc: '0054' } } }), {
      status: 200,
      body: { code: '0054', libelle: 'Métallurgie', etat: 'ABROGE', inForce: false, special: false, opco: null },
    });
    renderSheet('fre');
    await openStep(fr.info.steps.opco);
    const group = await screen.findByRole('group', { name: fr.sections.opco });
    await within(group).findByText(/ne donne pas d'OPCO pour l'IDCC 0054/);
    const select = within(group).getByRole('combobox', { name: new RegExp(`^${fr.fields.opco}`) });
    expect(select).toBeEnabled();
    expect(select).toHaveAccessibleDescription(fr.hints.opcoChoose);
  });
});
