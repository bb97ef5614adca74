/**
 * The offers the search cases run on, generated once into a database kept between runs
 * (passerelle_bench_offers_<N>): a million offers take minutes to write and index, the cases seconds. The database is
 * migrated and holds the demo data (a portal started on it once); its comment records what it holds, so a change of
 * count or of generator makes it again.
 */
import pg from 'pg';
import { offerSequence } from '../apps/api/src/demo/offers.ts';
import { offerSearchText } from '../apps/api/src/modules/offers/offers.service.ts';

/** Bumped when generateOffers or the way offers are written here changes: kept databases are then made again. */
const GENERATION = 5;
const CHUNK = 5000;

const columns = [
  ['title', 'text'],
  ['logo', 'text'],
  ['company_name', 'text'],
  ['publication_date', 'date'],
  ['start_date', 'date'],
  ['description', 'text'],
  ['link_type', 'text'],
  ['link', 'text'],
  ['search_text', 'text'],
] as const;

export function offersDatabaseName(count: number): string {
  return `passerelle_bench_offers_${count}`;
}

const markerOf = (count: number) => `passerelle bench: ${count} generated offers, generation ${GENERATION}`;

/** True when the kept database exists and holds what this run needs. */
export async function isOffersDatabaseReady(adminUrl: string, count: number): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ marker: string | null }>(
      "select shobj_description(oid, 'pg_database') as marker from pg_database where datname = $1",
      [offersDatabaseName(count)],
    );
    return rows[0]?.marker === markerOf(count);
  } finally {
    await admin.end();
  }
}

/** Drops the kept database and makes it again, empty: the caller migrates it (a portal start) then calls fillOffers. */
export async function createOffersDatabase(adminUrl: string, count: number): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${offersDatabaseName(count)} with (force)`);
    await admin.query(`create database ${offersDatabaseName(count)}`);
  } finally {
    await admin.end();
  }
}

/**
 * Writes `count` generated offers beside the demo's, then marks the database as ready. The secondary indexes are
 * dropped for the load and built afterwards (one sorted build instead of a million insertions into each); two
 * connections share the inserts, as the generated tsvector is computed by the server, one core each.
 */
export async function fillOffers(
  databaseUrl: string,
  adminUrl: string,
  count: number,
  now = new Date(),
): Promise<void> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const logos = await demoLogos(client);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
         from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = 'offers'::regclass and not x.indisprimary and not x.indisunique`,
    );
    for (const index of indexes) await client.query(`drop index ${index.name}`);

    const sequence = offerSequence(count, 42, now);
    const nextChunk = () => {
      const values: unknown[][] = columns.map(() => []);
      for (let i = 0; i < CHUNK; i++) {
        const next = sequence.next();
        if (next.done) break;
        const o = next.value;
        // The demo's stored logo of the company, as an offer made through the back office has: an address, not bytes.
        const row = [
          o.title,
          o.logo ? (logos.get(o.companyName) ?? null) : null,
          o.companyName,
          o.publicationDate,
          o.startDate,
          o.description,
          o.linkType,
          o.link,
          offerSearchText(o),
        ];
        row.forEach((v, k) => values[k]?.push(v));
      }
      return values;
    };
    const insertSql = `insert into offers (${columns.map(([c]) => c).join(',')})
      select * from unnest(${columns.map(([, type], k) => `$${k + 1}::${type}[]`).join(',')})`;
    const writer = async () => {
      const conn = new pg.Client({ connectionString: databaseUrl });
      await conn.connect();
      try {
        for (let values = nextChunk(); (values[0]?.length ?? 0) > 0; values = nextChunk())
          await conn.query(insertSql, values);
      } finally {
        await conn.end();
      }
    };
    await Promise.all([writer(), writer()]);
    console.log(`bench: ${count} offers written in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    await client.query("set maintenance_work_mem = '512MB'");
    for (const index of indexes) await client.query(index.definition);
    // ANALYZE gives the planner the word frequencies; VACUUM sets the visibility map the index-only scans rely on.
    await client.query('vacuum analyze offers');
    console.log(`bench: offers indexed and analysed after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`comment on database ${new URL(databaseUrl).pathname.slice(1)} is '${markerOf(count)}'`);
  } finally {
    await admin.end();
  }
}

/** The logo addresses the demo data stored, by company. */
async function demoLogos(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ company: string; logo: string }>(
    'select distinct on (company_name) company_name as company, logo from offers where logo is not null order by company_name',
  );
  return new Map(rows.map((r) => [r.company, r.logo]));
}
