import { and, asc, count, eq, exists, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admissibles, dossiers, formations, schools, users } from '../../db/schema/index.ts';

type Conn = Db | Tx;

export async function findSchools(db: Conn) {
  return db.select({ id: schools.id, code: schools.code, name: schools.name }).from(schools).orderBy(asc(schools.code));
}

export async function findFormations(db: Conn) {
  return db
    .select({ id: formations.id, schoolId: formations.schoolId, libelle: formations.libelle, code: formations.code, year: formations.year })
    .from(formations);
}

/** The accounts holding these addresses (lower-cased), with their type. */
export async function findAccountsByEmail(db: Conn, emails: string[]): Promise<{ id: number; email: string; userType: string }[]> {
  const found: { id: number; email: string; userType: string }[] = [];
  // Chunks keep the statement's parameter count well under PostgreSQL's limit.
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    found.push(
      ...(await db.select({ id: users.id, email: users.email, userType: users.userType }).from(users).where(inArray(users.email, chunk))),
    );
  }
  return found;
}

/** The applicants already stored under these addresses: their names and where they are admitted, to compare with a file. */
export async function findStoredApplicants(db: Conn, emails: string[]) {
  const found: { id: number; email: string; nom: string; prenom: string; formationId: number | null }[] = [];
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    found.push(
      ...(await db
        .select({ id: users.id, email: users.email, nom: users.nom, prenom: users.prenom, formationId: admissibles.formationId })
        .from(users)
        .leftJoin(admissibles, eq(admissibles.userId, users.id))
        .where(and(inArray(users.email, chunk), eq(users.userType, 'admissible')))),
    );
  }
  return found;
}

export interface ApplicantRow {
  email: string;
  nom: string;
  prenom: string;
  /** Kept as it is for an existing applicant when the file has no language. */
  lang: string | undefined;
  formationId: number;
}

/**
 * Writes the applicants, 500 to a statement: a new address becomes an applicant; an existing applicant gets the
 * file's names, language and formation. The update only touches applicants: another account's address (checked before,
 * but written meanwhile) returns no row, and the caller rolls back.
 */
export async function upsertApplicants(tx: Tx, rows: ApplicantRow[]): Promise<number[]> {
  const idOf = new Map<string, number>();
  // Lines with a language set it; those without keep an existing applicant's (the insert writes fr-FR only as a default).
  const groups = [rows.filter((row) => row.lang !== undefined), rows.filter((row) => row.lang === undefined)];
  for (const [index, group] of groups.entries()) {
    for (let i = 0; i < group.length; i += 500) {
      const chunk = group.slice(i, i + 500);
      const written = await tx
        .insert(users)
        .values(chunk.map((row) => ({ email: row.email, userType: 'admissible', nom: row.nom, prenom: row.prenom, lang: row.lang ?? 'fr-FR' })))
        .onConflictDoUpdate({
          target: users.email,
          set: { nom: sql`excluded.nom`, prenom: sql`excluded.prenom`, ...(index === 0 ? { lang: sql`excluded.lang` } : {}) },
          setWhere: eq(users.userType, 'admissible'),
        })
        .returning({ id: users.id, email: users.email });
      if (written.length !== chunk.length) throw new Error('an address of another account type was written meanwhile');
      for (const w of written) idOf.set(w.email, w.id);
    }
  }
  const admissionRows = rows.map((row) => ({ userId: idOf.get(row.email) ?? 0, formationId: row.formationId }));
  for (let i = 0; i < admissionRows.length; i += 500) {
    await tx
      .insert(admissibles)
      .values(admissionRows.slice(i, i + 500))
      .onConflictDoUpdate({ target: admissibles.userId, set: { formationId: sql`excluded.formation_id` } });
  }
  return admissionRows.map((row) => row.userId);
}

export interface ApplicantsFilter {
  /** LIKE pattern on the names and address (escaped; folded here). */
  textPattern: string | undefined;
  schoolCode: string | undefined;
  formationId: number | undefined;
  signedIn: 'never' | 'yes' | undefined;
}

/**
 * Names and address as the search sees them: lower case, accents and ligatures removed by PostgreSQL's unaccent
 * (migration 0015), the searched text folded by the same function (whereOf), so that both sides fold alike: "Cœur"
 * and "Coeur" are one name.
 */
const foldedIdentity = sql`unaccent(lower(${users.nom} || ' ' || ${users.prenom} || ' ' || ${users.nom} || ' ' || ${users.email}))`;

function whereOf(filter: ApplicantsFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(users.userType, 'admissible')];
  if (filter.textPattern !== undefined) parts.push(sql`${foldedIdentity} like unaccent(lower(${filter.textPattern}))`);
  if (filter.schoolCode !== undefined) parts.push(eq(schools.code, filter.schoolCode));
  if (filter.formationId !== undefined) parts.push(eq(admissibles.formationId, filter.formationId));
  if (filter.signedIn === 'never') parts.push(isNull(users.lastSignInAt));
  if (filter.signedIn === 'yes') parts.push(isNotNull(users.lastSignInAt));
  return and(...parts);
}

export async function findApplicantsPage(db: Conn, filter: ApplicantsFilter, page: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const items = await db
    .select({
      id: users.id,
      nom: users.nom,
      prenom: users.prenom,
      email: users.email,
      lang: users.lang,
      invitedAt: users.invitedAt,
      lastSignInAt: users.lastSignInAt,
      school: schools.code,
      formation: formations.libelle,
      hasCase: exists(db.select({ id: dossiers.id }).from(dossiers).where(eq(dossiers.admissibleUserId, users.id))).mapWith(Boolean),
    })
    .from(users)
    .leftJoin(admissibles, eq(admissibles.userId, users.id))
    .leftJoin(formations, eq(formations.id, admissibles.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(where)
    .orderBy(asc(users.nom), asc(users.prenom), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(admissibles, eq(admissibles.userId, users.id))
    .leftJoin(formations, eq(formations.id, admissibles.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(where);
  return { items, total: total?.n ?? 0 };
}

export interface InvitationTarget {
  id: number;
  email: string;
  prenom: string;
  lang: string;
  formation: string | null;
  school: string | null;
}

/** Applicants to invite: these ids (only applicants among them), or all; those never invited only, if asked. */
export async function findInvitationTargets(
  db: Conn,
  options: { ids: number[] | undefined; notInvitedOnly: boolean; limit: number },
): Promise<InvitationTarget[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      prenom: users.prenom,
      lang: users.lang,
      formation: formations.libelle,
      school: schools.name,
    })
    .from(users)
    .leftJoin(admissibles, eq(admissibles.userId, users.id))
    .leftJoin(formations, eq(formations.id, admissibles.formationId))
    .leftJoin(schools, eq(schools.id, formations.schoolId))
    .where(
      and(
        eq(users.userType, 'admissible'),
        options.ids ? inArray(users.id, options.ids) : undefined,
        options.notInvitedOnly ? isNull(users.invitedAt) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
}

/** Records the invitation; answers the time written. */
export async function markInvited(tx: Tx, ids: number[]): Promise<Date | undefined> {
  if (ids.length === 0) return undefined;
  const [row] = await tx.update(users).set({ invitedAt: sql`now()` }).where(inArray(users.id, ids)).returning({ invitedAt: users.invitedAt });
  return row?.invitedAt ?? undefined;
}
