import { and, eq, gt, inArray, isNotNull, max, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { defaultSchoolRules } from '@passerelle/contract';
import type { Config } from '../config.ts';
import type { FileScanner } from '../lib/antivirus.ts';
import { loadDataKeys } from '../db/secrets.ts';
import { createDbStorage, type Storage } from '../db/storage.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { createUploadGuard } from '../db/upload-guard.ts';
import { saveFile } from '../modules/files/files.service.ts';
import { prepareDrawing } from '../modules/documents/documents.service.ts';
import { createSealCertificateStore, generateSelfSigned, type GeneratedSeal } from '../modules/signing/seal-certificate.ts';
import { prepareSealing } from '../modules/signing/signing.service.ts';
import { demoCfa } from '../modules/settings/settings.service.ts';
import { cfaIdentityOf, type FlowDeps } from '../modules/signature-flow/signature-flow.service.ts';
import { rebuildPipelineColumns } from '../modules/dossiers/dossiers.service.ts';
import type { SheetsDeps } from '../modules/sheets/sheets.service.ts';
import { fillWorkshop, listWorkshopsForApplicant } from '../modules/workshops/workshops.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { databaseErrorFields, isDatabaseUnavailable } from '../lib/database-errors.ts';
import {
  admissibles,
  appSettings,
  auditLog,
  cmsSections,
  companies,
  companyUsers,
  dossiers,
  files,
  formations,
  forumInvitations,
  fundingValidations,
  loginTokens,
  mailOutbox,
  partners,
  publicFiles,
  schools,
  sheets,
  trackingEntries,
  users,
} from '../db/schema/index.ts';
import { demoAccount, demoAccounts } from './accounts.ts';
import { demoEmails, type DemoKey } from './emails.ts';
import { demoCmsSections, demoForum, demoPartners, initialsLogo } from './content.ts';
import {
  renderBacAttestationPdf,
  renderContractPdf,
  renderCvecPdf,
  renderCvPdf,
  publicDocuments,
} from './documents.ts';
import {
  demoApplicants,
  demoCompanies,
  demoDossiers,
  demoFormations,
  demoSchools,
  demoTracking,
  luhnSiret,
  type CompanyKey,
  type DemoApplicant,
  type DemoFormation,
  type FormationKey,
  type SchoolCode,
} from './dossiers.ts';
import { driveDossier } from './journeys.ts';
import { seedOffers } from './offers.ts';
import { companyDetails, nirOf, type SheetCompany, type SheetContract, type SheetPerson } from './sheet-data.ts';
import { seedWorkshops } from './workshops.ts';

/** Row in app_settings that marks the demo data as loaded; its primary key makes the claim atomic. */
export const DEMO_LOADED_KEY = 'demo_loaded';
/**
 * Row in app_settings present while the applicants and the cases are still to write (see startDemoData): how many of
 * those steps are done, the loading time and the ids they need. Written with the claim, deleted with the last step.
 */
export const DEMO_PENDING_KEY = 'demo_pending';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (now: Date, days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);

/**
 * The CFA identity the demo's contracts print when the installation has set none (CFA_DENOMINATION, CFA_UAI, CFA_SIRET
 * unset and nothing saved in the settings, as on a first `npm start`): the settings' fictitious CFA, whose name says it
 * is one (settings/settings.service.ts `demoCfa`), so that the demo's documents are complete (no annex of missing
 * information, no override). An installation that set its identity prints its own.
 */
export const demoCfaIdentity = {
  CFA_DENOMINATION: demoCfa.denomination,
  CFA_UAI: demoCfa.uai,
  CFA_SIRET: demoCfa.siret,
} as const;

/** The demo's own generated scan needs no antivirus: the first start does not wait on clamd (CLAMD_URL), nor fail without it. */
const demoScanner: FileScanner = { scan: () => Promise.resolve({ clean: true }) };

function demoFlowConfig(config: Config): Config {
  return cfaIdentityOf(config) ? config : { ...config, ...demoCfaIdentity };
}

/** Academic year the demo shows: from August on, the rentrée of this year; before, last year's. */
export function rentreeYearOf(now: Date): number {
  return now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

/** What the demo data's load needs that the database does not: see prepareDemoData. */
export interface DemoPreparation {
  /** The contract drawing and sealing code loaded, its fonts read. */
  code: Promise<void>;
  /** The seal's key pair and self-signed certificate, when no PKCS#12 is configured (SIGNING_P12_PATH). */
  seal: Promise<GeneratedSeal> | undefined;
}

/**
 * The part of the demo data's load that needs no database, started while a new database is made (server.ts) rather
 * than on the way: the code that draws and seals the contracts (loaded on first use otherwise) and its fonts, and the
 * RSA key of the seal that signs two of them (a key is drawn at random: from a tenth of a second to a second).
 */
export function prepareDemoData(config: Pick<Config, 'SIGNING_P12_PATH'>): DemoPreparation {
  const preparation = {
    code: Promise.all([prepareDrawing(), prepareSealing()]).then(() => undefined),
    seal: config.SIGNING_P12_PATH ? undefined : generateSelfSigned(),
  };
  // Awaited by the load, which reports a failure; until then a failure is not an unhandled rejection.
  preparation.code.catch(() => {});
  preparation.seal?.catch(() => {});
  return preparation;
}

/**
 * Loads the demo data on a fresh installation, once: startDemoData, then finishDemoData. Answers true when this call
 * claimed the load.
 */
export async function loadDemoDataOnce(
  app: FastifyInstance,
  now = new Date(),
  preparation: DemoPreparation = prepareDemoData(app.config),
): Promise<boolean> {
  const claimed = await startDemoData(app, now, preparation);
  await finishDemoData(app, { preparation });
  return claimed;
}

/**
 * The demo data's first part, on a fresh installation, once: everything a visitor sees before signing in (schools,
 * formations, offers, the content feed, partners, public files) and the accounts and companies, in one transaction,
 * with the claim and the row of the steps left (DEMO_PENDING_KEY: the applicants' files and workshops, then each
 * case), which finishDemoData writes. Two processes starting together both try to claim the app_settings row inside
 * their transaction: the second waits on the first's key lock, then sees the row and loads nothing. The claim waits a
 * second at most (lock_timeout), and the second process tries again until the first has committed (the row is there)
 * or given up (the claim is free again). Answers true when this call claimed the load. `preparation`: made here when
 * this call claims the load and none is given.
 */
export async function startDemoData(
  app: FastifyInstance,
  now = new Date(),
  preparation?: DemoPreparation,
): Promise<boolean> {
  const loaded = await retryingBusy(() =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '1s'`);
      const claimed = await tx
        .insert(appSettings)
        .values({ key: DEMO_LOADED_KEY, value: { loadedAt: now.toISOString() } })
        .onConflictDoNothing()
        .returning({ key: appSettings.key });
      if (claimed.length === 0) return false;
      await tx.execute(sql`set local lock_timeout = 0`);
      // PGlite has one connection and runs one transaction at a time: bytes written through app.storage (bound to
      // app.db) would wait for this transaction forever, so there they go through the transaction itself.
      const storage = app.database.kind === 'pglite' ? createDbStorage(tx) : app.storage;
      await (preparation ?? prepareDemoData(app.config)).code;
      const ids = await writeBase(tx, storage, now);
      const pending: DemoPending = { loadedAt: now.toISOString(), done: 0, ids };
      await tx.insert(appSettings).values({ key: DEMO_PENDING_KEY, value: pending });
      return true;
    }),
  );
  if (loaded) app.log.info({ accounts: demoAccounts.length }, 'demo accounts loaded');
  return loaded;
}

/**
 * The demo data's second part: the steps startDemoData left (DEMO_PENDING_KEY), each in a transaction of its own
 * that moves the row on: the applicants' files, tracking and workshops, then each case through the product's
 * services (the bulk of the load: 4 000 statements, the contracts drawn and sealed). A step interrupted (the process
 * stopped) is rolled back whole and done at the next start; a step another process did meanwhile is skipped (the row
 * locked, then read). Does nothing once the row is gone. `stopping`: asked between steps, stops there (the server
 * shutting down). `beforeStep`: awaited before each step (the server's requests go first). `preparation`: made here
 * when a step is left and none is given.
 */
export async function finishDemoData(
  app: FastifyInstance,
  options: { preparation?: DemoPreparation; stopping?: () => boolean; beforeStep?: () => Promise<void> } = {},
): Promise<void> {
  let preparation = options.preparation;
  let wrote = false;
  for (;;) {
    // A step's statements follow each other without pausing for the network (PGlite answers synchronously): requests
    // that came meanwhile are read between steps, and `beforeStep` may let them finish first.
    await new Promise((resolve) => setImmediate(resolve));
    await options.beforeStep?.();
    if (options.stopping?.()) return;
    const more = await retryingBusy(() =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '1s'`);
        const [row] = await tx
          .select({ value: appSettings.value })
          .from(appSettings)
          .where(eq(appSettings.key, DEMO_PENDING_KEY))
          .for('update');
        if (!row) return false;
        await tx.execute(sql`set local lock_timeout = 0`);
        const pending = row.value as DemoPending;
        preparation ??= prepareDemoData(app.config);
        await preparation.code;
        const storage = app.database.kind === 'pglite' ? createDbStorage(tx) : app.storage;
        const last = await writeStep(tx, storage, app.config, app.log, pending, preparation);
        if (last) {
          // The journeys set statuses and dates past the lifecycle: the pipeline's columns are computed once all is written.
          await rebuildPipelineColumns(tx, { all: true });
          await tx.delete(appSettings).where(eq(appSettings.key, DEMO_PENDING_KEY));
        } else {
          await tx
            .update(appSettings)
            .set({ value: { ...pending, done: pending.done + 1 }, updatedAt: new Date() })
            .where(eq(appSettings.key, DEMO_PENDING_KEY));
        }
        wrote = true;
        return !last;
      }),
    );
    if (!more) break;
  }
  if (wrote) app.log.info({ dossiers: demoDossiers.length }, 'demo data loaded');
}

/**
 * Runs a transaction again while another process holds what it waits for: 55P03, the other process still holds the
 * claim; 57014 or the client's timer, a statement waited past the limit. The other process's work takes seconds,
 * longer than a request's time limits allow a statement to wait: its transactions wait a second at most
 * (lock_timeout) and are tried again, a minute in all.
 */
async function retryingBusy<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const busy = databaseErrorFields(error).dbCode === '55P03' || isDatabaseUnavailable(error);
      if (!busy || attempt >= 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

type UserIds = Record<DemoKey, number>;

/** What the steps after the first transaction need of it (DEMO_PENDING_KEY's row). */
interface DemoIds {
  schools: Record<SchoolCode, number>;
  formations: Record<FormationKey, number>;
  users: UserIds;
  companies: Record<CompanyKey, number>;
}

interface DemoPending {
  /** The loading time, ISO: every step dates what it writes from it, whenever it runs. */
  loadedAt: string;
  /** Steps done: 0, the applicants' files, tracking and workshops; then one per case of demoDossiers. */
  done: number;
  ids: DemoIds;
}

async function writeBase(tx: Tx, storage: Storage, now: Date): Promise<DemoIds> {
  const db: Db = tx;
  const rentreeYear = rentreeYearOf(now);
  const schools = await writeSchools(tx);
  const formationRows = await writeFormations(tx, schools, rentreeYear);
  const users = await writeUsers(tx);
  const companies = await writeCompanies(tx, users);
  await writeContent(db, storage, rentreeYear, now);
  await seedOffers(db, storage, 60, now);
  const formations = {} as Record<FormationKey, number>;
  for (const [key, row] of formationRows) formations[key] = row.id;
  return {
    schools,
    formations,
    users,
    companies: Object.fromEntries(Object.entries(companies).map(([key, c]) => [key, c.id])) as Record<
      CompanyKey,
      number
    >,
  };
}

/** One step of DEMO_PENDING_KEY's (pending.done): answers true for the last one. */
async function writeStep(
  tx: Tx,
  storage: Storage,
  config: Config,
  log: FastifyBaseLogger,
  pending: DemoPending,
  preparation: DemoPreparation,
): Promise<boolean> {
  const db: Db = tx;
  const now = new Date(pending.loadedAt);
  const rentreeYear = rentreeYearOf(now);
  const { ids } = pending;
  const formationRows = formationRowsOf(ids.formations, rentreeYear);
  if (pending.done === 0) {
    await writeApplicants(db, storage, ids.users, formationRows, rentreeYear, now);
    await writeTracking(tx, ids.users, now);
    await writeWorkshops(db, ids.schools, ids.users, now);
    return demoDossiers.length === 0;
  }
  const index = pending.done - 1;
  const companyIds = {} as Record<CompanyKey, { id: number; name: string; siret: string }>;
  for (const company of demoCompanies)
    companyIds[company.key] = {
      id: ids.companies[company.key],
      name: company.name,
      siret: luhnSiret(company.sirenBase),
    };
  const deps: SheetsDeps = { db, keys: await loadDataKeys(db, config), config };
  // The signing flow bound to this transaction; the seal certificate it makes (when none is configured) is stored here.
  const { seal } = preparation;
  const flow: FlowDeps = {
    db,
    keys: deps.keys,
    config: demoFlowConfig(config),
    storage,
    seal: createSealCertificateStore(db, config, seal ? () => seal : undefined),
    guard: createUploadGuard(config, log, demoScanner),
  };
  const [mailsBefore] = await db.select({ last: max(mailOutbox.id) }).from(mailOutbox);
  const [tokensBefore] = await db.select({ last: max(loginTokens.id) }).from(loginTokens);
  await writeDossier(db, storage, index, { userIds: ids.users, companyIds, formationRows, now, deps, flow });
  // The journey queued invitations, turns to sign and signature codes (to the demo's people and the signatories the
  // signing flow made accounts for): the demo mails nobody.
  await db.delete(mailOutbox).where(gt(mailOutbox.id, mailsBefore?.last ?? 0));
  await db
    .delete(loginTokens)
    .where(and(gt(loginTokens.id, tokensBefore?.last ?? 0), inArray(loginTokens.userId, Object.values(ids.users))));
  return index === demoDossiers.length - 1;
}

async function writeSchools(tx: Tx): Promise<Record<SchoolCode, number>> {
  const rows = await tx
    .insert(schools)
    .values(demoSchools.map((school) => ({ ...defaultSchoolRules(school.code), ...school })))
    .returning({ id: schools.id, code: schools.code });
  const idOf = (code: SchoolCode) => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw new Error(`school ${code} not written`);
    return row.id;
  };
  return { EMLV: idOf('EMLV'), ESILV: idOf('ESILV'), IIM: idOf('IIM') };
}

interface FormationRow {
  id: number;
  seed: DemoFormation;
  schoolName: string;
  trainingStart: string;
  trainingEnd: string;
}

/** A demo formation's dates for the academic year the demo shows. */
function formationDates(seed: DemoFormation, rentreeYear: number) {
  const year = rentreeYear - seed.startedYearsAgo;
  return {
    year,
    trainingStart: `${year}-09-${String(seed.septemberDay).padStart(2, '0')}`,
    trainingEnd: `${year + seed.years}-${seed.endMonthDay}`,
  };
}

/** The formations as written, from their ids. */
function formationRowsOf(ids: Record<FormationKey, number>, rentreeYear: number): Map<FormationKey, FormationRow> {
  const out = new Map<FormationKey, FormationRow>();
  for (const seed of demoFormations) {
    const { trainingStart, trainingEnd } = formationDates(seed, rentreeYear);
    const schoolName = demoSchools.find((s) => s.code === seed.school)?.name ?? seed.school;
    out.set(seed.key, { id: ids[seed.key], seed, schoolName, trainingStart, trainingEnd });
  }
  return out;
}

async function writeFormations(tx: Tx, schoolIds: Record<SchoolCode, number>, rentreeYear: number): Promise<Map<FormationKey, FormationRow>> {
  const ids = {} as Record<FormationKey, number>;
  for (const seed of demoFormations) {
    const { year, trainingStart, trainingEnd } = formationDates(seed, rentreeYear);
    const allowsPro = seed.contractTypes.includes('PRO');
    const [row] = await tx
      .insert(formations)
      .values({
        schoolId: schoolIds[seed.school],
        libelle: seed.libelle,
        code: seed.code,
        year,
        etape: seed.etape,
        contractTypes: seed.contractTypes,
        trainingStart,
        trainingEnd,
        // Professionalisation bounds held per formation: from July before the rentrée to two months after the end.
        proStartAfter: allowsPro ? `${year}-07-01` : null,
        proEndBefore: allowsPro ? isoDay(new Date(Date.UTC(year + seed.years, Number(seed.endMonthDay.slice(0, 2)) + 1, 0))) : null,
        rncp: seed.rncp,
        codeDiplome: seed.codeDiplome,
        hours: seed.hours,
        remoteHours: seed.remoteHours,
        rncpLevel: seed.rncpLevel,
      })
      .returning({ id: formations.id });
    if (!row) throw new Error('formation not written');
    ids[seed.key] = row.id;
  }
  return formationRowsOf(ids, rentreeYear);
}

async function writeUsers(tx: Tx): Promise<UserIds> {
  const rows = await tx
    .insert(users)
    .values(demoAccounts.map(({ email, userType, prenom, nom, lang }) => ({ email, userType, prenom, nom, lang })))
    .returning({ id: users.id, email: users.email });
  const ids = {} as UserIds;
  for (const key of Object.keys(demoEmails) as DemoKey[]) {
    const row = rows.find((r) => r.email === demoEmails[key]);
    if (!row) throw new Error(`demo user ${key} not written`);
    ids[key] = row.id;
  }
  return ids;
}

function formationOf(formationRows: Map<FormationKey, FormationRow>, key: FormationKey): FormationRow {
  const row = formationRows.get(key);
  if (!row) throw new Error(`formation ${key} not written`);
  return row;
}

/** Stores a generated file and dates it like an upload made `at`. */
async function storeFile(
  db: Db,
  storage: Storage,
  file: { ownerUserId: number | null; kind: string; filename: string; contentType: string; bytes: Uint8Array },
  at: Date,
) {
  const row = await saveFile(db, storage, file);
  await db.update(files).set({ createdAt: at }).where(eq(files.id, row.id));
  return row;
}

async function writeApplicants(
  db: Db,
  storage: Storage,
  userIds: UserIds,
  formationRows: Map<FormationKey, FormationRow>,
  rentreeYear: number,
  now: Date,
): Promise<void> {
  for (const [index, applicant] of demoApplicants.entries()) {
    const userId = userIds[applicant.key];
    const person = demoAccount(applicant.key);
    for (let n = 0; n < applicant.cvs; n += 1) {
      const uploadedAt = daysAgo(now, 30 - n * 12 - index, 10 + n);
      await storeFile(
        db,
        storage,
        {
          ownerUserId: userId,
          kind: 'cv',
          filename: `CV-${person.prenom}-${person.nom}${n > 0 ? `-v${n + 1}` : ''}.pdf`,
          contentType: 'application/pdf',
          bytes: await renderCvPdf(person, applicant.cvHeadline, uploadedAt),
        },
        uploadedAt,
      );
    }
    const numCvec = applicant.cvec === 'none' ? null : `PAR${index + 1} ${String(7_310_254_000 + index * 137).padStart(10, '0')}`;
    let cvecFileId: string | null = null;
    if (numCvec) {
      const at = daysAgo(now, 25 - index);
      const file = await storeFile(
        db,
        storage,
        {
          ownerUserId: userId,
          kind: 'cvec',
          filename: 'attestation-cvec.pdf',
          contentType: 'application/pdf',
          bytes: await renderCvecPdf(person, numCvec, rentreeYear, at),
        },
        at,
      );
      cvecFileId = file.id;
    }
    let bacFileId: string | null = null;
    if (applicant.bac !== 'none') {
      const at = daysAgo(now, 24 - index);
      const file = await storeFile(
        db,
        storage,
        {
          ownerUserId: userId,
          kind: 'attestationBac',
          filename: 'attestation-bac.pdf',
          contentType: 'application/pdf',
          bytes: await renderBacAttestationPdf(person, rentreeYear - 3, at),
        },
        at,
      );
      bacFileId = file.id;
    }
    await db.insert(admissibles).values({
      userId,
      formationId: formationOf(formationRows, applicant.formation).id,
      contractType: applicant.contractType,
      cvecNumber: numCvec,
      cvecFileId,
      cvecValid: applicant.cvec === 'valid',
      attestationBacFileId: bacFileId,
      attestationBacValid: applicant.bac === 'valid',
      forumInvited: applicant.forumInvited,
    });
  }
}

async function writeCompanies(tx: Tx, userIds: UserIds): Promise<Record<CompanyKey, { id: number; name: string; siret: string }>> {
  const out = {} as Record<CompanyKey, { id: number; name: string; siret: string }>;
  for (const company of demoCompanies) {
    const siret = luhnSiret(company.sirenBase);
    const [row] = await tx.insert(companies).values({ name: company.name, siret }).returning({ id: companies.id });
    if (!row) throw new Error('company not written');
    out[company.key] = { id: row.id, name: company.name, siret };
    for (const user of company.users) {
      await tx.insert(companyUsers).values({ companyId: row.id, userId: userIds[user] });
    }
  }
  return out;
}

/** demoDossiers[index], through the product's services (journeys.ts), then dated as the demo says. */
async function writeDossier(
  db: Db,
  storage: Storage,
  index: number,
  ctx: {
    userIds: UserIds;
    companyIds: Record<CompanyKey, { id: number; name: string; siret: string }>;
    formationRows: Map<FormationKey, FormationRow>;
    now: Date;
    deps: SheetsDeps;
    flow: FlowDeps;
  },
): Promise<void> {
  const { userIds, companyIds, formationRows, now, deps, flow } = ctx;
  const staff: AuthUser = { id: userIds.staff, userType: 'staff' };
  const seed = demoDossiers[index];
  if (!seed) throw new Error(`no demo dossier ${index}`);
  const applicant = demoApplicants.find((a) => a.key === seed.owner);
  if (!applicant) throw new Error(`no applicant ${seed.owner}`);
  const formation = formationOf(formationRows, applicant.formation);
  const company = seed.company ? companyIds[seed.company] : null;
  const lastUpdate = daysAgo(now, seed.daysAgo, index % 7);
  const createdAt = daysAgo(now, seed.daysAgo + 20 + index * 2);
  const employerKey = seed.company ? demoCompanies.find((c) => c.key === seed.company)?.users[0] : undefined;
  const dossierId = await driveDossier(db, deps, {
    stage: seed.stage,
    applicant: { id: userIds[seed.owner], userType: 'admissible' },
    employer: employerKey ? { id: userIds[employerKey], userType: 'company' } : staff,
    staff,
    companyId: company?.id ?? null,
    person: sheetPersonOf(applicant, formation),
    company: seed.company && company ? sheetCompanyOf(seed.company, company, employerKey) : null,
    contract: contractOf(applicant, formation),
    nir: nirOf(sheetPersonOf(applicant, formation), demoApplicants.indexOf(applicant) + 1),
    flow,
    now,
    daysAgo: seed.daysAgo,
  });
  await backdate(db, dossierId, createdAt, lastUpdate);
  if (seed.stage === 'addendum' && company) {
    // No module writes addenda yet: the demo stores the signed addendum beside the sealed contract.
    const person = demoAccount(seed.owner);
    const avenantSignedAt = daysAgo(now, seed.daysAgo, 5);
    const avenant = await storeFile(
      db,
      storage,
      {
        ownerUserId: userIds[seed.owner],
        kind: 'cerfaAvenant',
        filename: `avenant-signe-dossier-${dossierId}.pdf`,
        contentType: 'application/pdf',
        bytes: await renderContractPdf({
          dossierId,
          applicant: person,
          employer: { name: company.name, siret: company.siret },
          school: formation.schoolName,
          formation: formation.seed.libelle,
          contractType: applicant.contractType ?? 'APP',
          startDate: contractOf(applicant, formation).dateDebutContrat,
          endDate: formation.trainingEnd,
          signedAt: avenantSignedAt,
          avenant: {
            effectDate: isoDay(daysAgo(now, seed.daysAgo - 14)),
            reason: "36 — Autres changements : changement de maître d'apprentissage",
          },
        }),
      },
      avenantSignedAt,
    );
    await db.update(dossiers).set({ cerfaAvenantFileId: avenant.id }).where(eq(dossiers.id, dossierId));
  }
}

/** Applicants are 20 to 22 at the rentrée, whatever the year the demo is loaded in (the age rules stay met). */
function sheetPersonOf(applicant: DemoApplicant, formation: FormationRow): SheetPerson {
  const account = demoAccount(applicant.key);
  const index = demoApplicants.indexOf(applicant);
  const birthYear = Number(formation.trainingStart.slice(0, 4)) - 20 - (index % 3);
  return {
    prenom: account.prenom,
    nom: account.nom,
    email: account.email,
    sexe: applicant.sexe,
    dateNaissance: `${birthYear}-${String((index % 12) + 1).padStart(2, '0')}-${String(10 + index).padStart(2, '0')}`,
    telephone: `06 12 34 ${String(10 + index).padStart(2, '0')} 78`,
    adresse: { voie: `${index + 3} rue des Lilas`, codePostal: '92400', commune: 'Courbevoie' },
  };
}

function sheetCompanyOf(key: CompanyKey, company: { name: string; siret: string }, employerKey: DemoKey | undefined): SheetCompany {
  const details = companyDetails[key];
  const account = employerKey ? demoAccount(employerKey) : undefined;
  return {
    name: company.name,
    siret: company.siret,
    codeIdcc: details.codeIdcc,
    opco: details.opco,
    adresse: details.adresse,
    telephone: details.telephone,
    position: details.position,
    // A company without a demo account: its contact is only named on the sheets (no account is made for them).
    contact: account
      ? { prenom: account.prenom, nom: account.nom, email: account.email }
      : { prenom: 'Julien', nom: 'Marchand', email: `julien.marchand@${details.domain}` },
    // The demo account signs its company's contracts (so that it can try the signing screen); else the HR director.
    signatory: account
      ? { prenom: account.prenom, nom: account.nom, email: account.email, fonction: 'Responsable du recrutement des alternants' }
      : { prenom: 'Anne', nom: 'Lemaire', email: `anne.lemaire@${details.domain}`, fonction: 'Directrice des ressources humaines' },
  };
}

/** A contract starting the week before the training and ending with it: within SPEC's bounds for both contract types. */
function contractOf(applicant: DemoApplicant, formation: FormationRow): SheetContract {
  return {
    typeContrat: applicant.contractType ?? 'APP',
    dateDebutContrat: isoDay(new Date(Date.parse(formation.trainingStart) - 7 * DAY)),
    dateFinContrat: formation.trainingEnd,
  };
}

/**
 * The services date what they write at the time of loading; the demo's dossiers were created and last moved days ago.
 * Everything the journey wrote is dated at the last update, the creation at the creation.
 */
async function backdate(db: Db, dossierId: number, createdAt: Date, lastUpdate: Date): Promise<void> {
  await db.update(dossiers).set({ createdAt, lastUpdate }).where(eq(dossiers.id, dossierId));
  await db.update(auditLog).set({ at: lastUpdate }).where(and(eq(auditLog.dossierId, dossierId), ne(auditLog.action, 'dossier.created')));
  await db.update(auditLog).set({ at: createdAt }).where(and(eq(auditLog.dossierId, dossierId), eq(auditLog.action, 'dossier.created')));
  await db.update(sheets).set({ updatedAt: lastUpdate }).where(eq(sheets.dossierId, dossierId));
  await db.update(sheets).set({ submittedAt: lastUpdate }).where(and(eq(sheets.dossierId, dossierId), isNotNull(sheets.submittedAt)));
  await db.update(fundingValidations).set({ decidedAt: lastUpdate }).where(eq(fundingValidations.dossierId, dossierId));
}

async function writeTracking(tx: Tx, userIds: UserIds, now: Date): Promise<void> {
  const day = (n: number | undefined) => (n === undefined ? null : isoDay(daysAgo(now, n)));
  await tx.insert(trackingEntries).values(
    demoTracking.map((t, index) => ({
      userId: userIds[t.owner],
      targetCompany: t.targetCompany,
      position: t.position,
      applicationDate: isoDay(daysAgo(now, t.applicationDaysAgo)),
      applicationType: t.applicationType,
      contactLastName: t.contact?.lastName ?? null,
      contactFirstName: t.contact?.firstName ?? null,
      contactPosition: t.contact?.position ?? null,
      contactEmail: t.contact?.email ?? null,
      contactPhone: t.contact?.phone ?? null,
      firstContactDate: day(t.firstContactDaysAgo),
      interviewDate: day(t.interviewDaysAgo),
      relaunchDate: day(t.relaunch?.daysAgo),
      relaunchMethod: t.relaunch?.method ?? null,
      response: t.response?.value ?? null,
      responseDate: day(t.response?.daysAgo),
      offerLink: t.offerLink ?? null,
      createdAt: daysAgo(now, t.applicationDaysAgo, index),
      updatedAt: daysAgo(now, Math.min(t.applicationDaysAgo, t.response?.daysAgo ?? t.relaunch?.daysAgo ?? t.applicationDaysAgo)),
    })),
  );
}

async function writeContent(db: Db, storage: Storage, rentreeYear: number, now: Date): Promise<void> {
  await db.insert(cmsSections).values(demoCmsSections.map((s) => ({ ...s, updatedAt: daysAgo(now, 2) })));
  await db.insert(forumInvitations).values([
    { name: demoForum.name, date: isoDay(daysAgo(now, -24)), link: demoForum.link, active: true },
    { name: `${demoForum.name} (printemps)`, date: isoDay(daysAgo(now, 200)), link: demoForum.link, active: false },
  ]);
  await db.insert(partners).values(
    demoPartners.map((p, position) => ({ nom: p.nom, logo: initialsLogo(p.nom, p.color), web: p.web, position })),
  );
  for (const [position, doc] of publicDocuments.entries()) {
    const at = daysAgo(now, 40 - position * 5);
    const file = await storeFile(
      db,
      storage,
      { ownerUserId: null, kind: 'public', filename: doc.filename, contentType: 'application/pdf', bytes: await doc.render(at, rentreeYear) },
      at,
    );
    await db.insert(publicFiles).values({ name: doc.name(rentreeYear), translateKey: doc.translateKey, fileId: file.id, audience: 'home', position });
  }
}

/** The workshops of EMLV and ESILV, the smallest of each full, and one ESILV applicant registered elsewhere. */
async function writeWorkshops(db: Db, schoolIds: Record<SchoolCode, number>, userIds: UserIds, now: Date): Promise<void> {
  // Applicants whose contract is under way fill them: those still searching (Camille, Olivia, Lucas) see them full.
  await seedWorkshops(db, { EMLV: schoolIds.EMLV, ESILV: schoolIds.ESILV }, now, {
    EMLV: [userIds.hugo, userIds.emma],
    ESILV: [userIds.noah, userIds.sarah],
  });
  const { list } = await listWorkshopsForApplicant(db, userIds.nathan, now);
  const withRoom = list.find((w) => w.nbIns < w.quota);
  if (withRoom) await fillWorkshop(db, withRoom.id, [userIds.nathan]);
}
