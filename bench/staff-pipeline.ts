/**
 * The back-office pipeline (issue 10), loaded like the other cases of run.ts, on the demo data plus generated cases:
 * BENCH_PIPELINE_DOSSIERS (default 10 000) applicants with one case each, spread over the demo formations, 500
 * companies and every status, with their steps and five audit entries each (50 000 events).
 * - the first page as a staff member opens it (no filter, most recently updated first);
 * - the first page under filters (several statuses and a school);
 * - a search on a name part;
 * - "waiting for the school", decided in the service from each case's status and steps;
 * - one case's detail with its events.
 */
import type { StaffDossiersResponse, UserType } from '@passerelle/contract';
import pg from 'pg';
import { load, type BenchRow } from './load.ts';

const dossierCount = Number(process.env['BENCH_PIPELINE_DOSSIERS'] ?? 10_000);

/** Writes the generated cases in a few set-based statements; answers a staff member's id and a school's code. */
async function generate(databaseUrl: string): Promise<{ staffId: number; school: string; dossierId: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`insert into companies (name) select 'Bench Entreprise ' || g from generate_series(1, 500) g`);
    await client.query(
      `insert into users (email, user_type, prenom, nom)
       select 'bench-' || g || '@example.test', 'admissible',
              (array['Léa', 'Hugo', 'Chloé', 'Noé', 'Émile', 'Inès', 'Zoé', 'Jules'])[1 + g % 8], 'Nombench' || g
         from generate_series(1, $1::int) g`,
      [dossierCount],
    );
    await client.query(
      `with c as (select array_agg(id order by id) ids from companies where name like 'Bench Entreprise %'),
            f as (select array_agg(id order by id) ids from formations),
            u as (select id, row_number() over (order by id) n from users where email like 'bench-%@example.test')
       insert into dossiers (admissible_user_id, company_id, formation_id, dossier_statut, last_update, created_at)
       select u.id, c.ids[1 + u.n % cardinality(c.ids)], f.ids[1 + u.n % nullif(cardinality(f.ids), 0)],
              (array[1, 2, 3, 4, 5, 6, 7, 7, 7, 8, 9, 10, 11, 12, 13])[1 + u.n % 15],
              now() - (u.n % 400) * interval '1 day' - (u.n % 97) * interval '1 minute', now() - interval '400 days'
         from u, c, f`,
    );
    await client.query(
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
    await client.query(
      `insert into audit_log (dossier_id, actor_user_id, action, details, at)
       select d.id, d.admissible_user_id,
              (array['dossier.created', 'sheet.saved', 'sheet.submitted', 'employer.invited', 'sheet.saved'])[k],
              '{}'::jsonb, d.created_at + k * interval '1 hour'
         from dossiers d
         join users u on u.id = d.admissible_user_id and u.email like 'bench-%@example.test'
         cross join generate_series(1, 5) k`,
    );
    const staff = await client.query<{ id: number }>(
      `insert into users (email, user_type, prenom, nom) values ('bench-staff@example.test', 'staff', 'Bench', 'Staff')
       returning id`,
    );
    const school = await client.query<{ code: string }>(
      `select s.code from schools s join formations f on f.school_id = s.id order by s.id limit 1`,
    );
    const dossier = await client.query<{ id: number }>(`select max(id) as id from dossiers`);
    await client.query('commit');
    await client.query('analyze');
    const staffId = staff.rows[0]?.id;
    const code = school.rows[0]?.code;
    const dossierId = dossier.rows[0]?.id;
    if (!staffId || !code || !dossierId) throw new Error('pipeline bench: no staff, school or case');
    return { staffId, school: code, dossierId };
  } finally {
    await client.end();
  }
}

async function totalOf(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as StaffDossiersResponse).total;
}

export async function benchStaffPipeline(ctx: {
  baseUrl: string;
  databaseUrl: string;
  signToken: (userId: number, userType: UserType) => Promise<string>;
}): Promise<BenchRow[]> {
  const { staffId, school, dossierId } = await generate(ctx.databaseUrl);
  const staff = { authorization: `Bearer ${await ctx.signToken(staffId, 'staff')}` };
  const list = `${ctx.baseUrl}/api/staff/dossiers`;
  const cases: [string, string][] = [
    ['pipeline, first page', list],
    ['pipeline, statuses + school', `${list}?statut=3,4,5,7&school=${encodeURIComponent(school)}`],
    ['pipeline, search "nombench12"', `${list}?q=nombench12`],
    ['pipeline, waiting for the school', `${list}?waitingFor=school`],
  ];
  const rows: BenchRow[] = [];
  for (const [name, url] of cases) {
    const total = await totalOf(url, staff);
    rows.push(await load(`${name} (${total} of ${dossierCount}+)`, url, staff));
  }
  rows.push(await load('pipeline, one case with events', `${list}/${dossierId}`, staff));
  return rows;
}
