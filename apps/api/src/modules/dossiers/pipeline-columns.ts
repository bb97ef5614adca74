import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { foldText } from '../../lib/fold-text.ts';
import { companies, dossierSteps, dossiers, users } from '../../db/schema/index.ts';
import type { DossierState, Steps } from './lifecycle.ts';
import { pipelineActorOf, waitingForOf, type PipelineActor } from './waiting-for.ts';

/**
 * The back-office pipeline's columns of a case (docs/decisions/0013-staff-pipeline-queries.md): `waiting_for` (the
 * employer home's rule, as applicant / company / school), `waiting_since` (moved only when `waiting_for` changes) and
 * `search_text` (the folded text the search matches). They let the pipeline filter, count and page on the dossiers
 * table alone, which stays fast at 10 000 cases where reading every case's steps does not.
 */

type Conn = Db | Tx;

/** Both the stored text and the searched one are folded by it. */
export { foldText };

/** Between the fields of `search_text`, so that a search never matches across two of them. */
export const SEARCH_FIELD_SEPARATOR = '\u0001';
/** Before the company's name, the last field: the employer filter matches what follows it. */
export const SEARCH_COMPANY_MARK = '\u0002';

export interface PipelineSource {
  id: number;
  statut: number;
  steps: Steps;
  nom: string;
  prenom: string;
  email: string;
  dossierName: string | null;
  companyName: string | null;
}

/**
 * The applicant's names both ways (`nom prénom nom`, so "Lefèvre Élodie" and "Élodie Lefèvre" both match), the
 * e-mail, the case's name, then the company's name after its mark. Never empty: '' marks a row not computed yet.
 */
export function searchTextOf(source: Omit<PipelineSource, 'id' | 'statut' | 'steps'>): string {
  const names = foldText(`${source.nom} ${source.prenom} ${source.nom}`.trim());
  const fields = [names, foldText(source.email), foldText(source.dossierName ?? '')].join(SEARCH_FIELD_SEPARATOR);
  return `${fields}${SEARCH_COMPANY_MARK}${foldText(source.companyName ?? '')}`;
}

export function pipelineColumnsOf(source: PipelineSource): { waitingFor: PipelineActor | null; searchText: string } {
  const state: DossierState = { statut: source.statut, steps: source.steps };
  return { waitingFor: pipelineActorOf(waitingForOf(source.id, state)), searchText: searchTextOf(source) };
}

async function readSources(conn: Conn, where: SQL | undefined, limit?: number) {
  const query = conn
    .select({
      id: dossiers.id,
      statut: dossiers.dossierStatut,
      steps: sql<string | null>`(select string_agg(${dossierSteps.type} || '=' || ${dossierSteps.status}, ',')
        from ${dossierSteps} where ${dossierSteps.dossierId} = ${dossiers.id})`,
      nom: users.nom,
      prenom: users.prenom,
      email: users.email,
      dossierName: dossiers.dossierName,
      companyName: companies.name,
    })
    .from(dossiers)
    .innerJoin(users, eq(users.id, dossiers.admissibleUserId))
    .leftJoin(companies, eq(companies.id, dossiers.companyId))
    .where(where)
    .orderBy(asc(dossiers.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({ ...row, steps: parseSteps(row.steps) }));
}

/** A case's steps read as `string_agg(type || '=' || status, ',')`: step types are plain identifiers. */
export function parseSteps(value: string | null): Steps {
  const steps: Record<string, number> = {};
  for (const pair of (value ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) steps[pair.slice(0, at)] = Number(pair.slice(at + 1));
  }
  return steps;
}

/**
 * Writes the columns of these cases. `since`: 'change' moves `waiting_since` to now when `waiting_for` changes (every
 * change of a case); 'lastUpdate' sets it to the case's last update (rows computed for the first time).
 */
async function writeColumns(conn: Conn, sources: PipelineSource[], since: 'change' | 'lastUpdate'): Promise<void> {
  if (sources.length === 0) return;
  const values = JSON.stringify(sources.map((source) => ({ id: source.id, ...pipelineColumnsOf(source) })));
  const waitingSince =
    since === 'lastUpdate'
      ? sql`${dossiers.lastUpdate}`
      : sql`case when ${dossiers.waitingFor} is distinct from v."waitingFor" then now() else ${dossiers.waitingSince} end`;
  await conn.execute(sql`update ${dossiers}
    set waiting_since = ${waitingSince}, waiting_for = v."waitingFor", search_text = v."searchText"
    from jsonb_to_recordset(${values}::jsonb) as v(id int, "waitingFor" text, "searchText" text)
    where ${dossiers.id} = v.id`);
}

let changedAt = 0;
/**
 * When this process last wrote the pipeline's columns (each change of a case), as Date.now(); 0 for never. What was
 * computed from the cases before, or while that change's transaction may not have committed yet, may be stale (the
 * pipeline's counts cache, staff service).
 */
export const pipelineChangedAt = (): number => changedAt;

/**
 * Recomputes the pipeline columns of one case from its status, steps, applicant, company and name. Called by every
 * change of a case: the lifecycle's `apply`, its creation, and the writes that rename it or link its company.
 */
export async function refreshPipelineColumns(conn: Conn, dossierId: number): Promise<void> {
  changedAt = Date.now();
  await writeColumns(conn, await readSources(conn, eq(dossiers.id, dossierId)), 'change');
}

/**
 * Computes the columns of the cases not computed yet (`search_text` = '', as migration 0006 left existing rows), in
 * batches by id, `waiting_since` taken as the last update; with `all`, recomputes every case (the demo data, written
 * past the lifecycle). Idempotent; answers the number of rows written.
 */
export async function rebuildPipelineColumns(
  db: Db,
  options: { all?: boolean; batchSize?: number } = {},
): Promise<number> {
  changedAt = Date.now();
  const batchSize = options.batchSize ?? 2000;
  let after = 0;
  let written = 0;
  for (;;) {
    const pending = options.all ? undefined : eq(dossiers.searchText, '');
    const sources = await readSources(db, and(gt(dossiers.id, after), pending), batchSize);
    if (sources.length === 0) return written;
    await writeColumns(db, sources, 'lastUpdate');
    written += sources.length;
    after = sources.at(-1)?.id ?? after;
  }
}
