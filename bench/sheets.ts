/**
 * Sheet endpoints (issue 4), each loaded with autocannon like the other cases of run.ts, on the demo data:
 * - the applicant's information sheet read by Hugo on his BNP Paribas dossier (status 7, his part to do): sheets,
 *   steps, the NIR decrypted, every rule and the salary grid evaluated on a draft saved first through the API;
 * - the autosave of that draft (PUT, a dozen fields), which answers the sheet as a GET does;
 * - the employer's cases as Marc Lambert (Capgemini) sees them on his home page.
 */
import type { EmployerDossier, SheetResponse, UserType } from '@passerelle/contract';
import pg from 'pg';
import { demoEmails } from '../apps/api/src/demo/emails.ts';
import { load, type BenchRow } from './load.ts';

/** A valid NIR (key 65) of a man born in May 2004 in Paris (75), from packages/contract/src/sheets.test.ts. */
const NIR = '104057512345665';

/**
 * Hugo's part as the autosave sends it while he types: identity, birth, NIR, contact, address, last class. It agrees
 * with the NIR (sex, year, month, département), so every NIR rule runs to its end. Each save replaces the draft: the
 * load sends this same body again and again, which leaves the sheet as the GET case reads it.
 */
const fraDraft = {
  apprenti: {
    nom: 'Durand',
    prenom: 'Hugo',
    sexe: 'M',
    dateNaissance: '2004-05-17',
    departementNaissance: '75',
    communeNaissance: 'Paris',
    nationalite: '1',
    nir: NIR,
    courriel: demoEmails.hugo,
    telephone: '06 23 45 67 89',
    adresse: { voie: '14 rue Oberkampf', codePostal: '75011', commune: 'Paris' },
    derniereClasse: '11',
  },
};

async function findIds(databaseUrl: string): Promise<{ hugoId: number; dossierId: number; marcId: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dossier = await client.query<{ userId: number; dossierId: number; statut: number }>(
      `select u.id as "userId", d.id as "dossierId", d.dossier_statut as statut
         from dossiers d join users u on u.id = d.admissible_user_id join companies c on c.id = d.company_id
        where u.email = $1 and c.name = 'BNP Paribas'`,
      [demoEmails.hugo],
    );
    const marc = await client.query<{ id: number }>('select id from users where email = $1', [demoEmails.marc]);
    const found = dossier.rows[0];
    const marcId = marc.rows[0]?.id;
    // Status 7 is the information sheet; another status would measure a read-only sheet or a refused save.
    if (!found || found.statut !== 7 || !marcId)
      throw new Error("demo data: no Hugo's BNP dossier at status 7 or no Marc");
    return { hugoId: found.userId, dossierId: found.dossierId, marcId };
  } finally {
    await client.end();
  }
}

/** Saves the draft once and checks that the answer carries the NIR with no NIR finding, as the load will send it. */
async function saveDraft(url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(fraDraft),
  });
  if (response.status !== 200) throw new Error(`fra draft save answered ${response.status}`);
  const sheet = (await response.json()) as SheetResponse<'fra'>;
  const nirFindings = Object.keys(sheet.warnings).filter((path) => path.startsWith('apprenti.nir'));
  if (sheet.data.apprenti?.nir !== NIR || nirFindings.length > 0 || sheet.readOnly) {
    throw new Error('fra draft: the NIR was not kept, is questioned, or the sheet is read-only');
  }
}

async function countDossiers(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`employer dossiers answered ${response.status}`);
  return ((await response.json()) as EmployerDossier[]).length;
}

export async function benchSheets(ctx: {
  baseUrl: string;
  databaseUrl: string;
  signToken: (userId: number, userType: UserType) => Promise<string>;
}): Promise<BenchRow[]> {
  const { hugoId, dossierId, marcId } = await findIds(ctx.databaseUrl);
  const applicant = { authorization: `Bearer ${await ctx.signToken(hugoId, 'admissible')}` };
  const employer = { authorization: `Bearer ${await ctx.signToken(marcId, 'company')}` };
  const sheetUrl = `${ctx.baseUrl}/api/admissibles/fiche-renseignement/${dossierId}`;
  const dossiersUrl = `${ctx.baseUrl}/api/employeurs/dossiers`;

  await saveDraft(sheetUrl, applicant);
  const dossierCount = await countDossiers(dossiersUrl, employer);
  if (dossierCount < 2) throw new Error(`Marc sees ${dossierCount} dossier(s); the case needs several`);
  const fieldCount = Object.keys(fraDraft.apprenti).length;
  return [
    await load('information sheet, GET (applicant, NIR)', sheetUrl, applicant),
    await load(`information sheet, PUT draft (${fieldCount} fields)`, sheetUrl, applicant, {
      method: 'PUT',
      json: fraDraft,
    }),
    await load(`employer dossiers, GET (${dossierCount} dossiers)`, dossiersUrl, employer),
  ];
}
