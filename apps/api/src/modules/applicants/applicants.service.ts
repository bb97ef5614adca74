import {
  APPLICANT_IMPORT_MAX_BYTES,
  APPLICANT_IMPORT_MAX_ROWS,
  requiredApplicantImportColumns,
  type ApplicantImportChange,
  type ApplicantImportColumn,
  type ApplicantImportError,
  type ApplicantImportResponse,
  type InviteApplicantsBody,
  type InviteApplicantsResponse,
  type Language,
  type StaffApplicantsQuery,
  type StaffApplicantsResponse,
} from '@passerelle/contract';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, rateLimited } from '../../lib/app-error.ts';
import { readCsvImport } from '../../lib/csv-read.ts';
import { hitRateLimit, rateLimitKey, type RateLimitResult } from '../../db/rate-limit.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { createLoginLink } from '../auth/auth.service.ts';
import { foldText } from '../dossiers/dossiers.service.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { getUser, mailLanguageOf, normalizeEmail } from '../users/users.service.ts';
import { mapHeader, parseLanguage, type CsvRecord } from './applicants-csv.ts';
import { renderApplicantInvitation } from './applicants-mails.ts';
import { importMessages } from './applicants-messages.ts';
import {
  findAccountsByEmail,
  findApplicantsPage,
  findFormations,
  findInvitationTargets,
  findSchools,
  findStoredApplicants,
  markInvited,
  upsertApplicants,
  type ApplicantRow,
  type InvitationTarget,
} from './applicants.repo.ts';

export type ApplicantsConfig = Pick<Config, 'publicUrl' | 'LOGIN_LINK_TTL' | 'MAIL_FROM'>;

/** Names and addresses longer than this are refused (a column shifted by a stray separator, usually). */
const MAX_NAME_LENGTH = 100;
/** Invitations of one applicant within an hour, resends included: a double click or a script gone wrong floods nobody. */
const INVITES_PER_APPLICANT_PER_HOUR = 5;
/** Bulk invitations one staff member may start in an hour. */
const BULK_INVITES_PER_STAFF_PER_HOUR = 20;

const emailSchema = z.email().max(254);

/** The language of the staff member's messages. */
export async function languageOf(db: Db, user: AuthUser): Promise<Language> {
  return mailLanguageOf(await getUser(db, user.id));
}

interface ImportReference {
  schools: { id: number; code: string; name: string }[];
  formations: { id: number; schoolId: number; libelle: string; code: string | null; year: number }[];
}

interface ParsedLine {
  line: number;
  row: ApplicantRow;
}

/** Reads the file into records; throws 400/413 with a message for the whole file (size, header, columns). */
function readImportFile(bytes: Uint8Array, lang: Language): { header: Partial<Record<ApplicantImportColumn, number>>; data: CsvRecord[] } {
  return readCsvImport(bytes, {
    maxBytes: APPLICANT_IMPORT_MAX_BYTES,
    maxRows: APPLICANT_IMPORT_MAX_ROWS,
    required: requiredApplicantImportColumns,
    mapHeader,
    messages: importMessages(lang),
  });
}

/** Checks every line against the schools and formations; collects each line's errors. */
function checkLines(
  header: Partial<Record<ApplicantImportColumn, number>>,
  data: CsvRecord[],
  reference: ImportReference,
  lang: Language,
): { lines: ParsedLine[]; errors: ApplicantImportError[] } {
  const messages = importMessages(lang);
  const errors: ApplicantImportError[] = [];
  const lines: ParsedLine[] = [];
  const firstLineOf = new Map<string, number>();
  const schoolByKey = new Map<string, ImportReference['schools'][number]>();
  for (const school of reference.schools) {
    schoolByKey.set(foldText(school.name).trim(), school);
    schoolByKey.set(foldText(school.code).trim(), school);
  }
  const schoolById = new Map(reference.schools.map((school) => [school.id, school]));
  const knownSchools = reference.schools.map((school) => school.code);

  for (const record of data) {
    const line = record.line;
    const cell = (column: ApplicantImportColumn) => {
      const index = header[column];
      return index === undefined ? '' : (record.cells[index] ?? '').trim();
    };
    const fail = (field: ApplicantImportError['field'], message: string) => errors.push({ line, field, message });
    const before = errors.length;

    const names: Partial<Record<'nom' | 'prenom', string>> = {};
    for (const column of ['nom', 'prenom'] as const) {
      const value = cell(column).replace(/\s+/g, ' ');
      if (!value) fail(column, messages.missingValue(column));
      else if (value.length > MAX_NAME_LENGTH) fail(column, messages.tooLong(column, MAX_NAME_LENGTH));
      else names[column] = value;
    }

    const rawEmail = cell('email');
    const email = normalizeEmail(rawEmail);
    if (!rawEmail) fail('email', messages.missingValue('email'));
    else if (!emailSchema.safeParse(email).success) fail('email', messages.invalidEmail(rawEmail));
    else {
      const firstLine = firstLineOf.get(email);
      if (firstLine === undefined) firstLineOf.set(email, line);
      else fail('email', messages.duplicateEmail(firstLine));
    }

    let language: Language | undefined;
    const rawLang = cell('lang');
    if (rawLang) {
      language = parseLanguage(rawLang);
      if (!language) fail('lang', messages.unknownLanguage(rawLang));
    }

    let year: number | undefined;
    const rawYear = cell('year');
    if (rawYear) {
      // "2026", "2026-2027" or "2026/27": the start year comes first.
      const match = /^(\d{4})(?:\s*[-/]\s*\d{2,4})?$/.exec(rawYear);
      if (match?.[1]) year = Number(match[1]);
      else fail('year', messages.invalidYear(rawYear));
    }

    const rawSchool = cell('school');
    const school = rawSchool ? schoolByKey.get(foldText(rawSchool).trim()) : undefined;
    if (!rawSchool) fail('school', messages.missingValue('school'));
    else if (!school) fail('school', messages.unknownSchool(rawSchool, knownSchools));

    const rawFormation = cell('formation');
    let formationId: number | undefined;
    if (!rawFormation) fail('formation', messages.missingValue('formation'));
    else if (school) {
      const key = foldText(rawFormation).trim();
      const named = reference.formations.filter(
        (f) => foldText(f.libelle).trim() === key || (f.code !== null && foldText(f.code).trim() === key),
      );
      const ofSchool = named.filter((f) => f.schoolId === school.id);
      const ofYear = year === undefined ? ofSchool : ofSchool.filter((f) => f.year === year);
      const other = named.find((f) => f.schoolId !== school.id);
      if (ofSchool.length === 0 && other) {
        fail('formation', messages.formationOfOtherSchool(rawFormation, school.code, schoolById.get(other.schoolId)?.code ?? ''));
      } else if (ofSchool.length === 0) {
        fail('formation', messages.unknownFormation(rawFormation, school.code));
      } else if (ofYear.length === 0 && year !== undefined) {
        fail('formation', messages.noFormationYear(rawFormation, year, [...new Set(ofSchool.map((f) => f.year))].sort()));
      } else {
        // Without a start year, the latest intake: admitted applicants join the coming one.
        formationId = ofYear.reduce((latest, f) => (f.year > latest.year ? f : latest)).id;
      }
    }

    if (errors.length === before && names.nom && names.prenom && formationId !== undefined) {
      lines.push({ line, row: { email, nom: names.nom, prenom: names.prenom, lang: language, formationId } });
    }
  }
  return { lines, errors };
}

/**
 * The existing applicants the lines would change (another name, school or formation for the same address), with the old
 * and new values: never overwritten unless staff confirm them (issue 29). `confirmed` holds the ids staff confirmed.
 */
async function changesOf(
  db: Db,
  lines: ParsedLine[],
  reference: ImportReference,
  confirmed: ReadonlySet<number> | 'all',
): Promise<ApplicantImportChange[]> {
  const stored = new Map((await findStoredApplicants(db, lines.map((l) => l.row.email))).map((a) => [a.email, a]));
  const formationById = new Map(reference.formations.map((f) => [f.id, f]));
  const schoolById = new Map(reference.schools.map((school) => [school.id, school]));
  const schoolOf = (formationId: number | null) => {
    const formation = formationId === null ? undefined : formationById.get(formationId);
    return formation ? (schoolById.get(formation.schoolId)?.code ?? null) : null;
  };
  const formationOf = (formationId: number | null) => {
    const formation = formationId === null ? undefined : formationById.get(formationId);
    return formation ? `${formation.libelle} (${formation.year})` : null;
  };
  const changes: ApplicantImportChange[] = [];
  for (const { line, row } of lines) {
    const before = stored.get(row.email);
    if (!before) continue;
    const compared = [
      { field: 'nom' as const, from: before.nom || null, to: row.nom },
      { field: 'prenom' as const, from: before.prenom || null, to: row.prenom },
      { field: 'school' as const, from: schoolOf(before.formationId), to: schoolOf(row.formationId) ?? '' },
      { field: 'formation' as const, from: formationOf(before.formationId), to: formationOf(row.formationId) ?? '' },
    ];
    const fields = compared.filter((entry) => entry.from !== entry.to);
    if (fields.length > 0)
      changes.push({
        line,
        applicantId: before.id,
        email: row.email,
        fields,
        confirmed: confirmed === 'all' || confirmed.has(before.id),
      });
  }
  return changes;
}

/** The ids of `?confirm=12,45`. */
export const confirmedIds = (confirm: string | undefined): Set<number> =>
  new Set(confirm ? confirm.split(',').map(Number) : []);

/**
 * POST /staff/applicants/import and `npm run cli -- import-applicants`: checks every line, then stores them all in one
 * transaction, or none when a single line is wrong. A dry run checks and stores nothing. An existing applicant the file
 * would change is listed with the old and new values (`changes`); only those staff confirmed are changed, the others
 * kept as they are (issue 29).
 */
export async function importApplicants(
  db: Db,
  input: { bytes: Uint8Array; dryRun: boolean; lang: Language; confirmed?: ReadonlySet<number> | 'all' },
): Promise<ApplicantImportResponse> {
  const { header, data } = readImportFile(input.bytes, input.lang);
  const reference: ImportReference = { schools: await findSchools(db), formations: await findFormations(db) };
  const { lines, errors } = checkLines(header, data, reference, input.lang);

  const messages = importMessages(input.lang);
  const accounts = await findAccountsByEmail(db, lines.map((l) => l.row.email));
  const otherType = new Map(accounts.filter((a) => a.userType !== 'admissible').map((a) => [a.email, a.userType]));
  for (const { line, row } of lines) {
    const userType = otherType.get(row.email);
    if (userType) errors.push({ line, field: 'email', message: messages.otherAccount(userType) });
  }
  errors.sort((a, b) => a.line - b.line);

  const changes = await changesOf(db, lines, reference, input.confirmed ?? new Set());
  if (errors.length > 0 || input.dryRun)
    return { rows: data.length, imported: 0, ids: [], errors, changes: input.dryRun ? changes : [], kept: 0 };
  const unconfirmed = new Set(changes.filter((change) => !change.confirmed).map((change) => change.line));
  const applied = lines.filter((l) => !unconfirmed.has(l.line));
  const ids = await db.transaction(async (tx) => upsertApplicants(tx, applied.map((l) => l.row)));
  return { rows: data.length, imported: ids.length, ids, errors: [], changes, kept: unconfirmed.size };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** GET /staff/applicants: a page of applicants, by name. */
export async function findApplicants(db: Db, query: StaffApplicantsQuery): Promise<StaffApplicantsResponse> {
  // Folded in SQL with the stored names (applicants.repo.ts); white space collapsed as the names are written.
  const text = query.q?.trim().replace(/\s+/g, ' ');
  const { items, total } = await findApplicantsPage(
    db,
    {
      textPattern: text ? `%${escapeLike(text)}%` : undefined,
      schoolCode: query.school,
      formationId: query.formation,
      signedIn: query.signedIn,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return {
    total,
    items: items.map((item) => ({
      ...item,
      lang: mailLanguageOf(item),
      invitedAt: item.invitedAt?.toISOString() ?? null,
      lastSignInAt: item.lastSignInAt?.toISOString() ?? null,
    })),
  };
}

/** Queues each applicant's invitation (a fresh sign-in link) and records it, 100 applicants to a transaction. */
async function sendInvitations(db: Db, config: ApplicantsConfig, targets: InvitationTarget[]): Promise<InviteApplicantsResponse> {
  let invitedAt = new Date();
  for (let i = 0; i < targets.length; i += 100) {
    const chunk = targets.slice(i, i + 100);
    const at = await db.transaction(async (tx) => {
      for (const target of chunk) {
        const url = await createLoginLink(tx, config, target.id);
        const mail = renderApplicantInvitation(mailLanguageOf(target), {
          prenom: target.prenom,
          formation: target.formation,
          school: target.school,
          link: { url, validitySeconds: config.LOGIN_LINK_TTL },
        });
        await enqueueMail(tx, { to: target.email, ...mail }, config);
      }
      return markInvited(tx, chunk.map((t) => t.id));
    });
    if (at) invitedAt = at;
  }
  return { invited: targets.length, invitedAt: invitedAt.toISOString() };
}

async function applicantLimit(db: Db, applicantId: number): Promise<RateLimitResult> {
  return hitRateLimit(db, rateLimitKey('applicant-invite', String(applicantId)), {
    limit: INVITES_PER_APPLICANT_PER_HOUR,
    windowSeconds: 3600,
  });
}

/** POST /staff/applicants/:id/invite: the first invitation or a resend. 404 for anyone but an applicant. */
export async function inviteApplicant(db: Db, config: ApplicantsConfig, id: number): Promise<InviteApplicantsResponse> {
  const [target] = await findInvitationTargets(db, { ids: [id], notInvitedOnly: false, limit: 1 });
  if (!target) throw new AppError('NOT_FOUND', 'No applicant has this id');
  const limit = await applicantLimit(db, id);
  if (!limit.allowed)
    throw rateLimited(limit.retryAfterSeconds, `This applicant was invited ${INVITES_PER_APPLICANT_PER_HOUR} times within the hour: try again later`);
  return sendInvitations(db, config, [target]);
}

/**
 * POST /staff/applicants/invite (the import's follow-up) and `npm run cli -- invite`: these applicants, or every one;
 * all the ids must be applicants' (404 otherwise). Applicants over their hourly limit are skipped, not refused.
 */
export async function inviteApplicants(
  db: Db,
  config: ApplicantsConfig,
  body: InviteApplicantsBody,
  by: { staffId: number } | undefined,
): Promise<InviteApplicantsResponse> {
  if (by) {
    const key = rateLimitKey('applicants-bulk-invite', String(by.staffId));
    const { allowed, retryAfterSeconds } = await hitRateLimit(db, key, { limit: BULK_INVITES_PER_STAFF_PER_HOUR, windowSeconds: 3600 });
    if (!allowed) throw rateLimited(retryAfterSeconds, 'Too many bulk invitations within the hour: try again later');
  }
  const ids = body.ids ? [...new Set(body.ids)] : undefined;
  if (ids) {
    const all = await findInvitationTargets(db, { ids, notInvitedOnly: false, limit: ids.length });
    if (all.length !== ids.length) throw new AppError('NOT_FOUND', 'Some ids are not applicants');
  }
  const targets = await findInvitationTargets(db, { ids, notInvitedOnly: body.notInvitedOnly, limit: APPLICANT_IMPORT_MAX_ROWS });
  const allowed: InvitationTarget[] = [];
  for (const target of targets) if ((await applicantLimit(db, target.id)).allowed) allowed.push(target);
  return sendInvitations(db, config, allowed);
}

/** The command line's invitation by address: the applicants' ids, and the addresses that are no applicant's. */
export async function findApplicantIdsByEmail(db: Db, emails: string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const wanted = [...new Set(emails.map(normalizeEmail))];
  const accounts = await findAccountsByEmail(db, wanted);
  const idOf = new Map(accounts.filter((a) => a.userType === 'admissible').map((a) => [a.email, a.id]));
  return {
    ids: wanted.flatMap((email) => idOf.get(email) ?? []),
    unknown: wanted.filter((email) => !idOf.has(email)),
  };
}
