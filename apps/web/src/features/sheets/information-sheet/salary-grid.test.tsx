import {
  buildApprenticeshipPeriods,
  shippedSmicTable,
  professionalisationGridTable,
  salaryGridTable,
  smicAt,
  type SalaryGridResponse,
} from '@passerelle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import en from '../../../locales/en-US/sheets.json';
import fr from '../../../locales/fr-FR/sheets.json';
import { renderRoutes } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { sheetResponse } from '../../../test/sheet-response';
import { InformationSheet } from './information-sheet';

/**
 * Issue 28, pay above the minimum: the employer's information sheet shows each period of the contract with its legal
 * minimum beside the agreed rate and amount, refuses less under the period's field (in French and English) and sends the
 * periods with the sheet. The salary grid answers as the API computes it (the contract's own rules, the seeded SMIC).
 */

/** The SMIC table as it stood before 2026 (11,88 EUR/h from 2024-11-01): the amounts below are computed on it. */
const smicBefore2026 = shippedSmicTable.filter((rate) => rate.validFrom < '2026-01-01');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** GET /api/sheets/salary-grid, computed by the contract's rules as smic.service.ts does. */
function salaryGrid(query: URLSearchParams): SalaryGridResponse {
  const date = query.get('date') ?? '';
  const smic = smicAt(smicBefore2026, date) ?? null;
  const dateNaissance = query.get('dateNaissance');
  const dateFinContrat = query.get('dateFinContrat');
  const periods =
    dateNaissance && dateFinContrat
      ? buildApprenticeshipPeriods({
          dateNaissance,
          dateDebutContrat: date,
          dateFinContrat,
          smicTable: smicBefore2026,
        })
      : [];
  return {
    smic,
    apprentissage: smic ? salaryGridTable(smic.monthly) : null,
    professionnalisation: smic ? professionalisationGridTable(smic.monthly) : null,
    periodes: periods.map(({ ordre, dateDebut, dateFin, age, taux, base, reference, montantMinimum }) => ({
      ordre,
      dateDebut,
      dateFin,
      age,
      taux,
      base,
      reference,
      montantMinimum,
    })),
  };
}

type Call = { method: string; path: string; body: unknown };

/**
 * The employer's sheet of a contract from 2026-09-01 to 2028-08-31, an apprentice born on 2006-03-15 (20 at the start,
 * 21 in March 2027), a salary at hiring of 900 € given at first contact. On the SMIC of 1 801,80 €: 1.1 at 43 %
 * (774,78 €), 1.2 from 2027-04-01 at 53 % (954,96 €), 2.1 at 61 % (1 099,10 €).
 */
function mockApi(): Call[] {
  const calls: Call[] = [];
  const sheet = (data: Record<string, unknown>) =>
    sheetResponse<'fre'>({
      data,
      context: { apprenti: { nom: 'Martin', prenom: 'Léo', dateNaissance: '2006-03-15' } },
    });
  const initial = {
    contrat: {
      typeContrat: 'APP',
      dateDebutContrat: '2026-09-01',
      dateFinContrat: '2028-08-31',
      salaireBrutMensuel: 900,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (url.pathname === '/api/sheets/salary-grid') return json(200, salaryGrid(url.searchParams));
      if (call.method === 'PUT') return json(200, sheet(call.body as Record<string, unknown>));
      if (call.method === 'GET') return json(200, sheet(initial));
      return json(204, null);
    }),
  );
  return calls;
}

type Texts = typeof fr;

async function openContractStep(t: Texts) {
  await userEvent.click(await screen.findByRole('tab', { name: new RegExp(t.info.steps.contract) }));
  return within(await screen.findByRole('region', { name: t.salary.pay.title }));
}
type Section = Awaited<ReturnType<typeof openContractStep>>;

/** The group of one period, named by its heading and its minimum. */
const periodGroup = (section: Section, t: Texts, ordre: string) =>
  within(
    section.getByRole('group', {
      name: new RegExp(
        `^${t.salary.pay.legend.replace('{{ordre}}', ordre.replace('.', '\\.')).replace(/\{\{\w+\}\}.*$/, '')}`,
      ),
    }),
  );

const lastPut = (calls: Call[]) =>
  calls.filter((call) => call.method === 'PUT').at(-1)?.body as
    { contrat?: { remunerationsAnnuelles?: unknown[]; salaireBrutMensuel?: number } } | undefined;

function renderSheet() {
  const path = '/employeur/fiche-renseignement/:id';
  return renderRoutes([{ path, element: <InformationSheet kind="fre" done={null} /> }], path.replace(':id', '5'));
}

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'sheets']);
});

beforeEach(() => localStorage.clear());

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('fr-FR');
});

describe('agreed pay of the information sheet (issue 28)', () => {
  it('shows the legal minimum beside each period, pays the minimum by default and 1.1 the salary at hiring', async () => {
    await i18n.changeLanguage('fr-FR');
    const calls = mockApi();
    renderSheet();
    const section = await openContractStep(fr);
    const first = periodGroup(section, fr, '1.1');
    expect(
      section.getByRole('heading', { level: 4, name: 'Période 1.2 : du 01/04/2027 au 31/08/2027' }),
    ).toBeInTheDocument();
    expect(section.getByText(/21 ans · minimum légal : 53 % du SMIC, soit 954,96/)).toBeInTheDocument();
    expect(section.getByText(/20 ans · minimum légal : 43 % du SMIC, soit 774,78/)).toBeInTheDocument();
    expect(section.getByText(/21 ans · minimum légal : 61 % du SMIC, soit 1\s099,10/u)).toBeInTheDocument();
    // 1.1 is the salary at hiring (900 €, 49,95 % of the SMIC); the others the minimum.
    expect(first.getByLabelText('Montant brut mensuel (€)')).toHaveValue(900);
    expect(first.getByLabelText('Taux (% du SMIC)')).toHaveValue(49.95);
    expect(periodGroup(section, fr, '1.2').getByLabelText('Taux (% du SMIC)')).toHaveValue(53);
    expect(periodGroup(section, fr, '1.2').getByLabelText('Montant brut mensuel (€)')).toHaveValue(954.96);

    // The periods go with the sheet's autosave, as FILING's remunerationsAnnuelles.
    await waitFor(() => expect(lastPut(calls)?.contrat?.remunerationsAnnuelles).toHaveLength(3), { timeout: 3000 });
    expect(lastPut(calls)?.contrat?.remunerationsAnnuelles).toEqual([
      { ordre: '1.1', dateDebut: '2026-09-01', dateFin: '2027-03-31', typeSalaire: 'SMIC', taux: 49.95, montant: 900 },
      { ordre: '1.2', dateDebut: '2027-04-01', dateFin: '2027-08-31', typeSalaire: 'SMIC', taux: 53 },
      { ordre: '2.1', dateDebut: '2027-09-01', dateFin: '2028-08-31', typeSalaire: 'SMIC', taux: 61 },
    ]);
  }, 20_000);

  it('refuses a rate below the minimum under its field, and keeps a higher one with its amount', async () => {
    await i18n.changeLanguage('fr-FR');
    mockApi();
    const user = userEvent.setup();
    renderSheet();
    const section = await openContractStep(fr);
    const rate = periodGroup(section, fr, '1.2').getByLabelText('Taux (% du SMIC)');
    await user.clear(rate);
    await user.type(rate, '50');
    await user.tab();
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(rate).toHaveAccessibleDescription(
      'Le taux de la période 1.2 ne peut pas être inférieur au minimum légal de 53 %.',
    );
    await user.clear(rate);
    await user.type(rate, '60');
    await waitFor(() => expect(rate).toHaveAttribute('aria-invalid', 'false'));
    expect(rate).not.toHaveAccessibleDescription();
    expect(periodGroup(section, fr, '1.2').getByLabelText('Montant brut mensuel (€)')).toHaveValue(1081.08);
  }, 20_000);

  it('refuses an amount below the minimum, derives the rate of a higher one, and sends what was agreed', async () => {
    await i18n.changeLanguage('fr-FR');
    const calls = mockApi();
    const user = userEvent.setup();
    renderSheet();
    const section = await openContractStep(fr);
    const amount = periodGroup(section, fr, '2.1').getByLabelText('Montant brut mensuel (€)');
    await user.clear(amount);
    await user.type(amount, '1099.09');
    await user.tab();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(
      /^Le montant de la période 2\.1 ne peut pas être inférieur au minimum légal de 1\s099,1 € brut par mois\.$/u,
    );
    await user.clear(amount);
    await user.type(amount, '1250');
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'false'));
    expect(periodGroup(section, fr, '2.1').getByLabelText('Taux (% du SMIC)')).toHaveValue(69.38);

    // 1.1 raised: the salary at hiring follows it.
    const firstRate = periodGroup(section, fr, '1.1').getByLabelText('Taux (% du SMIC)');
    await user.clear(firstRate);
    await user.type(firstRate, '55');
    expect(screen.getByLabelText(fr.fields.salaireBrutMensuel)).toHaveValue(990.99);
    await waitFor(
      () =>
        expect(lastPut(calls)?.contrat).toMatchObject({
          salaireBrutMensuel: 990.99,
          remunerationsAnnuelles: [
            { ordre: '1.1', taux: 55 },
            { ordre: '1.2', taux: 53 },
            { ordre: '2.1', taux: 69.38, montant: 1250 },
          ],
        }),
      { timeout: 3000 },
    );
    expect(lastPut(calls)?.contrat?.remunerationsAnnuelles?.[0]).not.toHaveProperty('montant');
  }, 20_000);

  it('refuses the send in the browser while a period pays less, the period named in the summary', async () => {
    await i18n.changeLanguage('fr-FR');
    const calls = mockApi();
    const user = userEvent.setup();
    renderSheet();
    const section = await openContractStep(fr);
    const rate = periodGroup(section, fr, '2.1').getByLabelText('Taux (% du SMIC)');
    await user.clear(rate);
    await user.type(rate, '40');
    await user.click(screen.getByRole('tab', { name: new RegExp(fr.info.steps.send) }));
    await user.click(await screen.findByRole('button', { name: fr.info.send }));
    const summary = (await screen.findByText(fr.summary.errorsTitle)).closest('[role="alert"]');
    expect(summary).toHaveTextContent(
      'Taux (% du SMIC), période 2.1 : Le taux de la période 2.1 ne peut pas être inférieur au minimum légal de 61 %.',
    );
    // No dry run went to the server.
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  }, 20_000);

  it('says it in English', async () => {
    await i18n.changeLanguage('en-US');
    mockApi();
    const user = userEvent.setup();
    renderSheet();
    const section = await openContractStep(en);
    expect(section.getByText(/Age 21 · legal minimum: 53% of the SMIC, i\.e\. €954\.96/)).toBeInTheDocument();
    const rate = periodGroup(section, en, '1.2').getByLabelText('Rate (% of the SMIC)');
    await user.clear(rate);
    await user.type(rate, '52');
    await user.tab();
    expect(rate).toHaveAccessibleDescription('The rate of period 1.2 cannot be below the legal minimum of 53%.');
    const amount = periodGroup(section, en, '1.2').getByLabelText('Gross monthly amount (€)');
    await user.clear(amount);
    await user.type(amount, '900');
    await user.tab();
    expect(amount).toHaveAccessibleDescription(
      'The amount of period 1.2 cannot be below the legal minimum of €954.96 gross a month.',
    );
  }, 20_000);
  it("shows the applicant the employer's agreed pay, read-only, on the contract step", async () => {
    await i18n.changeLanguage('fr-FR');
    const context = {
      contrat: {
        typeContrat: 'APP',
        remunerationsAnnuelles: [
          {
            ordre: '1.1',
            dateDebut: '2026-09-01',
            dateFin: '2027-03-31',
            typeSalaire: 'SMIC',
            taux: 49.95,
            montant: 900,
          },
          { ordre: '1.2', dateDebut: '2027-04-01', dateFin: '2027-08-31', typeSalaire: 'SMIC', taux: 60 },
        ],
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, sheetResponse<'fra'>({ context }))),
    );
    const path = '/admissible/fiche-renseignement/:id';
    renderRoutes([{ path, element: <InformationSheet kind="fra" done={null} /> }], path.replace(':id', '5'));
    const section = await openContractStep(fr);
    const valueOf = (label: string) => section.getByText(label).nextElementSibling;
    expect(valueOf('Période 1.1 : du 01/09/2026 au 31/03/2027')).toHaveTextContent(/^900,00\s€ \(49,95 % du SMIC\)$/u);
    expect(valueOf('Période 1.2 : du 01/04/2027 au 31/08/2027')).toHaveTextContent('60 % du SMIC');
    expect(section.queryByRole('spinbutton')).toBeNull();
  }, 20_000);
});
