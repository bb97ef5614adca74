/**
 * The back-office pipeline (issue 10), loaded like the other cases of run.ts, on the demo data plus generated cases:
 * BENCH_PIPELINE_DOSSIERS (default 10 000) applicants (registered over the last 200 days) with one case each, spread
 * over the demo formations, 500 companies and every status, with their steps and five audit entries each (50 000
 * events); their pipeline columns are computed as the start-up backfill does. Cases, beside the same portal's health
 * route as a reference:
 * - the first page as a staff member opens it (no filter, most recently updated first);
 * - the first page under filters (several statuses; several statuses and a school);
 * - a search on a name part;
 * - "waiting for the school" (the `waiting_for` column);
 * - an employer's name; the waiting alert; the alerts' counts;
 * - one case's detail with its events.
 * run.ts runs them on PostgreSQL, then on PGlite (the portal stopped while the cases are written).
 */
import type { StaffDossiersResponse } from '@passerelle/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { rebuildPipelineColumns } from '../apps/api/src/modules/dossiers/pipeline-columns.ts';
import { load, type BenchRow } from './load.ts';

const dossierCount = Number(process.env['BENCH_PIPELINE_DOSSIERS'] ?? 10_000);

export interface PipelineSeed {
  staffId: number;
  school: string;
  dossierId: number;
}

/**
 * Writes the generated cases in a few set-based statements, through the API's own database layer (PostgreSQL, or
 * PGlite while the portal is stopped), then computes their pipeline columns as the start-up backfill does; answers a
 * staff member's id, a school's code and a case.
 */
export async function seedPipeline(db: Db): Promise<PipelineSeed> {
  const run = (text: string) => db.execute(sql.raw(text));
  await db.transaction(async (tx) => {
    const exec = (text: string) => tx.execute(sql.raw(text));
    await exec(`insert into companies (name) select 'Bench Entreprise ' || g from generate_series(1, 500) g`);
    await exec(
      `insert into users (email, user_type, prenom, nom, created_at)
       select 'bench-' || g || '@example.test', 'admissible',
              (array['Léa', 'Hugo', 'Chloé', 'Noé', 'Émile', 'Inès', 'Zoé', 'Jules'])[1 + g % 8], 'Nombench' || g,
              now() - (g % 200) * interval '1 day'
         from generate_series(1, ${dossierCount}) g`,
    );
    await exec(
      `with c as (select array_agg(id order by id) ids from companies where name like 'Bench Entreprise %'),
            f as (select array_agg(id order by id) ids from formations),
            u as (select id, row_number() over (order by id) n from users where email like 'bench-%@example.test')
       insert into dossiers (admissible_user_id, company_id, formation_id, dossier_statut, last_update, created_at)
       select u.id, c.ids[1 + u.n % cardinality(c.ids)], f.ids[1 + u.n % nullif(cardinality(f.ids), 0)],
              (array[1, 2, 3, 4, 5, 6, 7, 7, 7, 8, 9, 10, 11, 12, 13])[1 + u.n % 15],
              now() - (u.n % 400) * interval '1 day' - (u.n % 97) * interval '1 minute', now() - interval '400 days'
         from u, c, f`,
    );
    await exec(
      `insert into dossier_steps (dossier_id, type, status)
       select d.id, s.type, s.status
         from dossiers d
         join users u on u.id = d.admissible_user_id and u.email like 'bench-%@example.test'
         cross join lateral (values
           ('f1ca', case when d.dossier_statut = 1 then 1 else 3 end),
           ('f1ce', case d.dossier_statut when 1 then null when 2 then 1 when 3 then 2 else 3 end),
           ('modalites_re', case when d.dossier_statut = 4 then 2 when d.dossier_statut >= 5 then 3 end),
           ('fra', case when d.dossier_statut = 7 then 1 end),
           ('fre', case when d.dossier_statut = 7 then 2 end)
         ) as s(type, status)
        where s.status is not null`,
    );
    await exec(
      `insert into audit_log (dossier_id, actor_user_id, action, details, at)
       select d.id, d.admissible_user_id,
              (array['dossier.created', 'sheet.saved', 'sheet.submitted', 'employer.invited', 'sheet.saved'])[k],
              '{}'::jsonb, d.created_at + k * interval '1 hour'
         from dossiers d
         join users u on u.id = d.admissible_user_id and u.email like 'bench-%@example.test'
         cross join generate_series(1, 5) k`,
    );
    await exec(
      `insert into users (email, user_type, prenom, nom) values ('bench-staff@example.test', 'staff', 'Bench', 'Staff')`,
    );
  });
  // The rows above were written past the lifecycle, as rows older than migration 0006 were: the start-up backfill.
  const started = performance.now();
  const written = await rebuildPipelineColumns(db);
  console.warn(`pipeline bench: columns of ${written} cases computed in ${Math.round(performance.now() - started)} ms`);
  await run('analyze');
  const one = async <T>(text: string): Promise<T | undefined> => (await run(text)).rows[0] as T | undefined;
  const staffId = (await one<{ id: number }>(`select id from users where email = 'bench-staff@example.test'`))?.id;
  const school = (
    await one<{ code: string }>(
      `select s.code from schools s join formations f on f.school_id = s.id order by s.id limit 1`,
    )
  )?.code;
  const dossierId = (await one<{ id: number }>(`select max(id) as id from dossiers`))?.id;
  if (!staffId || !school || !dossierId) throw new Error('pipeline bench: no staff, school or case');
  return { staffId, school, dossierId };
}

async function totalOf(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as StaffDossiersResponse).total;
}

/** The pipeline's cases loaded with autocannon as a staff member (`token`) on the seeded cases. */
export async function loadPipeline(baseUrl: string, token: string, seed: PipelineSeed): Promise<BenchRow[]> {
  const { school, dossierId } = seed;
  const staff = { authorization: `Bearer ${token}` };
  const list = `${baseUrl}/api/staff/dossiers`;
  const cases: [string, string][] = [
    ['pipeline, first page', list],
    ['pipeline, statuses 3,4,5,7', `${list}?statut=3,4,5,7`],
    ['pipeline, statuses + school', `${list}?statut=3,4,5,7&school=${encodeURIComponent(school)}`],
    ['pipeline, search "nombench12"', `${list}?q=nombench12`],
    ['pipeline, waiting for the school', `${list}?waitingFor=school`],
    ['pipeline, employer "entreprise 42"', `${list}?employer=entreprise%2042`],
    ['pipeline, alert waiting', `${list}?alert=waiting`],
  ];
  // The same portal's cheapest route, to read the pipeline's figures against on a busy machine.
  const rows: BenchRow[] = [await load('GET /api/health (reference)', `${baseUrl}/api/health`)];
  for (const [name, url] of cases) {
    const total = await totalOf(url, staff);
    rows.push(await load(`${name} (${total} of ${dossierCount}+)`, url, staff));
  }
  rows.push(await load('pipeline alerts', `${baseUrl}/api/staff/alerts`, staff));
  rows.push(await load('pipeline, one case with events', `${list}/${dossierId}`, staff));
  return rows;
}
