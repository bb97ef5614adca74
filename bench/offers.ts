/**
 * Offers search at 100 000 offers (issue 3): a common word, a rare word and a date filter, each loaded with
 * autocannon like the other cases of run.ts. The offers are generated (deterministic) and inserted once.
 */
import pg from 'pg';
import { load, type BenchRow } from './load.ts';
import { COMMON_SEARCH_WORD, generateOffers, RARE_SEARCH_WORD } from '../apps/api/src/db/demo/offers.ts';
import { offerSearchText } from '../apps/api/src/modules/offers/offers.service.ts';

const OFFER_COUNT = 100_000;


const columns = [
  'title',
  'logo',
  'company_name',
  'publication_date',
  'start_date',
  'description',
  'link_type',
  'link',
  'search_text',
] as const;

/** Tops the table up to 100 000 offers with multi-row inserts of 1000, then refreshes statistics and the visibility map. */
async function ensureOffers(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from offers');
    const missing = OFFER_COUNT - (rows[0]?.n ?? 0);
    if (missing > 0) {
      const list = generateOffers(missing, 42);
      for (let i = 0; i < list.length; i += 1000) {
        const params: unknown[] = [];
        const tuples = list.slice(i, i + 1000).map((o) => {
          const base = params.length;
          params.push(
            o.title,
            o.logo,
            o.companyName,
            o.publicationDate,
            o.startDate,
            o.description,
            o.linkType,
            o.link,
            offerSearchText(o),
          );
          return `(${columns.map((_, k) => `$${base + k + 1}`).join(',')})`;
        });
        await client.query(`insert into offers (${columns.join(',')}) values ${tuples.join(',')}`, params);
      }
    }
    // ANALYZE gives the planner the word frequencies; VACUUM sets the visibility map the date counts rely on.
    await client.query('vacuum analyze offers');
  } finally {
    await client.end();
  }
}


export async function benchOffers(ctx: {
  baseUrl: string;
  token: string;
  databaseUrl: string;
}): Promise<BenchRow[]> {
  await ensureOffers(ctx.databaseUrl);
  const headers = { authorization: `Bearer ${ctx.token}` };
  const offersUrl = `${ctx.baseUrl}/api/admissibles/portal/offers`;
  const twoMonthsAgo = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  return [
    await load(
      `offers, common word "${COMMON_SEARCH_WORD}"`,
      `${offersUrl}?query=${encodeURIComponent(COMMON_SEARCH_WORD)}`,
      headers,
    ),
    await load(
      `offers, rare word "${RARE_SEARCH_WORD}"`,
      `${offersUrl}?query=${encodeURIComponent(RARE_SEARCH_WORD)}`,
      headers,
    ),
    await load('offers, published in the last 60 days', `${offersUrl}?publicationDateAfter=${twoMonthsAgo}`, headers),
  ];
}
