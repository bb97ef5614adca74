import type { SheetKind, SheetResponse } from '@passerelle/contract';
import { cleanup, screen, waitFor, within, type queries } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import en from '../../../locales/en-US/sheets.json';
import fr from '../../../locales/fr-FR/sheets.json';
import { renderRoutes } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { sheetResponse } from '../../../test/sheet-response';
import { Component as ApplicantFirstContactPage } from '../applicant-first-contact-page';
import { Component as EmployerFirstContactPage } from '../employer-first-contact-page';
import { InformationSheet } from '../information-sheet/information-sheet';
import { Component as MissionsPage } from '../missions-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const pages: Record<SheetKind, { path: string; api: string; element: ReactNode }> = {
  f1ca: { path: '/admissible/fiche-premier-contact/:id', api: '/api/admissibles/fiche-premier-contact/4', element: <ApplicantFirstContactPage /> },
  f1ce: { path: '/employeur/fiche-premier-contact/:id', api: '/api/employeurs/fiche-premier-contact/4', element: <EmployerFirstContactPage /> },
  missions: { path: '/employeur/modification-missions/:id', api: '/api/employeurs/modification-missions/4', element: <MissionsPage /> },
  fra: { path: '/admissible/fiche-renseignement/:id', api: '/api/admissibles/fiche-renseignement/4', element: <InformationSheet kind="fra" done={null} /> },
  fre: { path: '/employeur/fiche-renseignement/:id', api: '/api/employeurs/fiche-renseignement/4', element: <InformationSheet kind="fre" done={null} /> },
};

function render(kind: SheetKind, sheet: SheetResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (requestUrl(input) === pages[kind].api ? json(200, sheet) : json(404, { code: 'NOT_FOUND', message: 'Not found' }))),
  );
  const page = pages[kind];
  return renderRoutes([{ path: page.path, element: page.element }], page.path.replace(':id', '4'));
}

const sent = (data: Record<string, unknown>, context: Record<string, unknown>, userType: 'admissible' | 'company' = 'admissible') =>
  sheetResponse({
    data,
    context,
    status: 'submitted',
    submittedAt: '2026-11-20T09:30:00.000Z',
    submittedBy: userType === 'admissible' ? { prenom: 'Camille', nom: 'Martin', userType } : { prenom: 'Marc', nom: 'Lambert', userType },
    readOnly: true,
  });

/** The value beside a label of the read-back list (`dt` then `dd`). */
const valueOf = (scope: ReturnType<typeof within<typeof queries>>, label: string): Element | null => scope.getByText(label, { selector: 'dt' }).nextElementSibling;

/** A section of the read-back once its values (or its "nothing filled in") are drawn, which may be a tick after its title. */
async function filledRegion(name: string) {
  const region = await screen.findByRole('region', { name });
  await waitFor(() => expect(region.querySelector('dt, p')).not.toBeNull());
  return within(region);
}

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces(['common', 'sheets']);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr-FR');
});

describe('a sent sheet reads back as a summary, not a disabled form', () => {
  it('applicant first contact: grouped as the form, says who sent it and when, and whose name and e-mail each is', async () => {
    await i18n.changeLanguage('fr-FR');
    const data = {
      apprenti: { nom: 'Martin', prenom: 'Camille', courriel: 'camille@example.test', dateNaissance: '2004-05-10' },
      employeur: { denomination: 'Data Conseil', siret: '73282932000074' },
      contacts: { contactEntreprise: { nom: 'Durand', prenom: 'Claire', courriel: 'claire@data-conseil.test' } },
      contrat: { intitulePoste: 'Data engineer' },
    };
    render('f1ca', sent(data, {}));
    expect(await screen.findByText(/^Fiche envoyée le 20\/11\/2026 \d\d:30 par Camille Martin \(l'alternant\)$/)).toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    const identity = await filledRegion(fr.sections.identity);
    expect(valueOf(identity, `${fr.fields.nom} (${fr.people.apprentice})`)).toHaveTextContent('Martin');
    expect(valueOf(identity, fr.fields.dateNaissance)).toHaveTextContent('10/05/2004');
    // Fields nobody filled in are left out; a section with nothing says so.
    expect(identity.queryByText(fr.fields.nir, { selector: 'dt' })).toBeNull();
    expect(within(screen.getByRole('region', { name: fr.sections.previousContract })).getByText(fr.readOnly.sectionEmpty)).toBeInTheDocument();
    const contact = within(screen.getByRole('region', { name: fr.sections.contact }));
    expect(valueOf(contact, `${fr.fields.nom} (${fr.people.companyContact})`)).toHaveTextContent('Durand');
    expect(valueOf(contact, `${fr.fields.courriel} (${fr.people.companyContact})`)).toHaveTextContent('claire@data-conseil.test');
    // No label says "Nom" alone: each says whose.
    expect(screen.queryByText(fr.fields.nom, { selector: 'dt' })).toBeNull();
  });

  it("employer first contact: its own answers and the apprentice's name, in English", async () => {
    await i18n.changeLanguage('en-US');
    const data = { employeur: { denomination: 'Capgemini', siret: '33070310000108' }, contrat: { salaireBrutMensuel: 1450 }, maitre1: { nom: 'Lambert' } };
    render('f1ce', sent(data, { apprenti: { nom: 'Bernard', prenom: 'Lucas' } }, 'company'));
    expect(await screen.findByText(/^Sheet sent on 20\/11\/2026 \d\d:30 by Marc Lambert \(the company\)$/)).toBeInTheDocument();
    const applicant = await filledRegion(en.sections.applicant);
    expect(valueOf(applicant, en.fields.nom)).toHaveTextContent('Bernard');
    const company = within(screen.getByRole('region', { name: en.sections.company }));
    expect(valueOf(company, en.fields.denomination)).toHaveTextContent('Capgemini');
    expect(valueOf(within(screen.getByRole('region', { name: en.sections.master })), en.fields.nom)).toHaveTextContent('Lambert');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });

  it('missions: the text as written, line breaks kept', async () => {
    render('missions', sent({ missions: { description: 'Analyse\nReporting' } }, {}, 'company'));
    const missions = await filledRegion(fr.sections.missions);
    expect(valueOf(missions, fr.fields.missionsDescription)?.textContent).toBe('Analyse\nReporting');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });

  it.each(['fra', 'fre'] as const)('information sheet (%s): every step under its title, both parts', async (kind) => {
    const applicant = { apprenti: { nom: 'Martin', prenom: 'Camille' }, consentements: { rgpd: true } };
    const company = { employeur: { denomination: 'BNP Paribas', siret: '66204290000107' }, contrat: { typeContrat: 'APP', salaireBrutMensuel: 1450 }, opco: { nom: 'OPCO_ATLAS' } };
    render(kind, sent(kind === 'fra' ? applicant : company, kind === 'fra' ? company : { apprenti: applicant.apprenti }, kind === 'fra' ? 'admissible' : 'company'));
    expect(await screen.findByRole('heading', { level: 2, name: `2. ${fr.info.steps.company}` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: `6. ${fr.info.steps.billing}` })).toBeInTheDocument();
    expect(valueOf(within(screen.getByRole('region', { name: fr.sections.company })), fr.fields.denomination)).toHaveTextContent('BNP Paribas');
    expect(valueOf(await filledRegion(fr.sections.identity), `${fr.fields.nom} (${fr.people.apprentice})`)).toHaveTextContent('Martin');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('button', { name: fr.info.send })).toBeNull();
    // The other party has not sent its part (no step says so): its steps say that what shows is a draft.
    expect(screen.getAllByText(fr.info.otherPartPending[kind])).toHaveLength(kind === 'fra' ? 5 : 1);
  });
});

describe('why a sheet stands still', () => {
  const closed = (note: SheetResponse['statusNote']) => sheetResponse({ readOnly: true, statusNote: note, data: { apprenti: { nom: 'Martin' } } });

  it('an archived case says so, with the reason staff gave, not "cannot be changed at this stage"', async () => {
    render('f1ca', closed({ kind: 'archived', reason: 'Sans réponse de l’employeur', at: '2026-09-01T08:00:00.000Z' }));
    expect(await screen.findByText(`${fr.readOnly.note.archived} le 01/09/2026`)).toBeInTheDocument();
    expect(screen.getByText(fr.readOnly.note.reason.replace('{{reason}}', 'Sans réponse de l’employeur'))).toBeInTheDocument();
    expect(screen.queryByText(fr.readOnly.closed)).toBeNull();
  });

  it('a refused case gives its reason, in English', async () => {
    await i18n.changeLanguage('en-US');
    render('f1ce', closed({ kind: 'refused', reason: 'Position unrelated to the training', at: null }));
    expect(await screen.findByText(en.readOnly.note.refused)).toBeInTheDocument();
    expect(screen.getByText(en.readOnly.note.reason.replace('{{reason}}', 'Position unrelated to the training'))).toBeInTheDocument();
  });

  it('a sheet returned for corrections stays a form, with the reason above it', async () => {
    render('f1ca', sheetResponse({ statusNote: { kind: 'returned', reason: 'Date de début à corriger', at: null }, data: { apprenti: { nom: 'Martin' } } }));
    expect(await screen.findByText(fr.readOnly.note.returned)).toBeInTheDocument();
    expect(screen.getByText(fr.readOnly.note.reason.replace('{{reason}}', 'Date de début à corriger'))).toBeInTheDocument();
    expect(await screen.findAllByRole('textbox')).not.toHaveLength(0);
  });
});
