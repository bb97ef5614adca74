import type { Storage } from '../db/storage.ts';
import { createOffers, storeOfferLogo, type NewOffer } from '../modules/offers/offers.service.ts';
import type { Db } from '../db/client.ts';

/** Word that appears in about five offers whatever the count: the benchmark's rare-word case. */
export const RARE_SEARCH_WORD = 'Zéphyrine';
/** Word that appears in most offers: the benchmark's common-word case. */
export const COMMON_SEARCH_WORD = 'alternance';

/** Small deterministic PRNG (mulberry32): the same seed gives the same offers on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const jobs = [
  { title: 'Alternant·e Développeur·se Full Stack', field: 'le développement web (TypeScript, React, Node.js)' },
  { title: 'Chargé·e de marketing digital en alternance', field: 'le marketing digital et les réseaux sociaux' },
  { title: 'Assistant·e contrôle de gestion en alternance', field: 'le contrôle de gestion et le reporting financier' },
  { title: 'Alternant·e Data Analyst', field: "l'analyse de données (SQL, Python, Power BI)" },
  {
    title: 'Technicien·ne en électronique embarquée en alternance',
    field: "l'électronique embarquée et les tests de cartes",
  },
  { title: 'Business Developer B2B en alternance', field: 'la prospection commerciale et la relation client' },
  { title: 'Alternant·e Ingénieur·e DevOps', field: "l'intégration continue, Kubernetes et l'infrastructure cloud" },
  { title: 'Chargé·e de communication en alternance', field: 'la communication interne et externe' },
  {
    title: 'Assistant·e ressources humaines en alternance',
    field: 'le recrutement et la gestion administrative du personnel',
  },
  {
    title: 'Alternant·e Chef·fe de projet e-commerce',
    field: 'la gestion de projets e-commerce et la relation avec les agences',
  },
  { title: 'Alternant·e Analyste cybersécurité', field: 'la sécurité des systèmes d’information et la supervision' },
  { title: 'Acheteur·se junior en alternance', field: 'les achats, la négociation fournisseurs et la logistique' },
  { title: 'Alternant·e UX/UI Designer', field: 'la conception d’interfaces et les tests utilisateurs' },
  {
    title: 'Contrat de professionnalisation – Assistant·e comptable',
    field: 'la comptabilité générale et les déclarations fiscales',
  },
  { title: 'Ingénieur·e mécanique en apprentissage', field: 'la conception mécanique et la simulation numérique' },
] as const;

const companies = [
  'Société Générale',
  'Capgemini',
  'Decathlon',
  'L’Oréal',
  'Orange',
  'Thales',
  'Safran',
  'BNP Paribas',
  'Leroy Merlin',
  'Doctolib',
  'Back Market',
  'Alan',
  'Qonto',
  'Schneider Electric',
  'Crédit Agricole',
  'Ubisoft',
  'Dassault Systèmes',
  'La Poste',
  'Veolia',
  'Michelin',
] as const;

const cities = [
  'Paris',
  'La Défense',
  'Lyon',
  'Nantes',
  'Lille',
  'Bordeaux',
  'Toulouse',
  'Rennes',
  'Marseille',
  'Strasbourg',
] as const;
const rhythms = [
  '3 jours en entreprise / 2 jours à l’école',
  '1 semaine à l’école / 3 semaines en entreprise',
  '2 jours à l’école / 3 jours en entreprise',
] as const;
/**
 * Tools an offer may name, each with the share of offers naming it: a ladder of word frequencies from common to rare,
 * as a real corpus has (the job titles, companies and cities above only give 100 %, 5-13 % and a handful of offers),
 * so that the search is measured at every frequency.
 */
export const TOOL_WORDS = [
  ['Excel', 0.3],
  ['Jira', 0.1],
  ['Salesforce', 0.03],
  ['Figma', 0.01],
  ['Kotlin', 0.003],
  ['Terraform', 0.001],
  ['Cobol', 0.0003],
  ['Fortran', 0.0001],
] as const;

const colours = ['#2e7d32', '#1565c0', '#6a1b9a', '#c62828', '#ef6c00', '#00838f'] as const;

function pick<T>(rand: () => number, list: readonly T[]): T {
  // The lists are constant and non-empty, so the index is always in range.
  return list[Math.floor(rand() * list.length)] as T;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A small SVG logo with the company's initials, as a data: URL (no network needed to show it). */
function initialsLogo(company: string, colour: string): string {
  const initials = company
    .split(/[\s’']+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="${colour}"/><text x="32" y="41" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * `count` realistic French work-study offers published over the ~150 days before `now`, most mentioning
 * "alternance", about five mentioning the rare brand "Zéphyrine", and tools at every frequency (TOOL_WORDS).
 * Deterministic for a given seed.
 */
export function generateOffers(count: number, seed = 1, now = new Date()): NewOffer[] {
  return [...offerSequence(count, seed, now)];
}

/** generateOffers one at a time: the benchmark streams a million of them without holding them all. */
export function* offerSequence(count: number, seed = 1, now = new Date()): Generator<NewOffer> {
  const rand = prng(seed);
  // A generator of its own: the offers stay those of earlier versions, tools added.
  const toolRand = prng(seed + 1);
  const rareEvery = Math.max(1, Math.floor(count / 5));
  let rareCount = 0;
  for (let i = 0; i < count; i++) {
    const job = pick(rand, jobs);
    const companyName = pick(rand, companies);
    const city = pick(rand, cities);
    const published = new Date(now.getTime() - Math.floor(rand() * 150) * 86_400_000);
    const startsIn = 1 + Math.floor(rand() * 6);
    const start = new Date(Date.UTC(published.getUTCFullYear(), published.getUTCMonth() + startsIn, 1));
    const mentionsAlternance = /alternance/i.test(job.title) || rand() < 0.9;
    const isRare = i % rareEvery === rareEvery - 1 && rareCount < 5;
    if (isRare) rareCount++;
    const paragraphs = [
      `${companyName} recrute un·e ${job.title.replace(/ en alternance$/, '')} à ${city}${mentionsAlternance ? ', en alternance sur 12 à 24 mois' : ''}.`,
      `Au sein d’une équipe de passionné·e·s, vous participerez à ${job.field}. Vous serez accompagné·e par un tuteur ou une tutrice qui vous fera monter en compétences tout au long du contrat.`,
      `Missions principales :\n- contribuer aux projets de l’équipe au quotidien ;\n- rédiger la documentation et présenter vos travaux ;\n- proposer des améliorations et suivre les indicateurs.`,
      `Profil recherché : étudiant·e en Bac+3 à Bac+5, curieux·se, rigoureux·se et à l’aise à l’oral comme à l’écrit. Rythme : ${pick(rand, rhythms)}.`,
    ];
    const tools = TOOL_WORDS.filter(([, share]) => toolRand() < share).map(([word]) => word);
    if (tools.length > 0) paragraphs.push(`Outils : ${tools.join(', ')}.`);
    if (isRare)
      paragraphs.push(
        `Vous rejoindrez le programme ${RARE_SEARCH_WORD}, notre laboratoire de cybersécurité quantique.`,
      );
    const description = paragraphs.join('\n\n');
    const logoRoll = rand();
    // Generated here, stored in our document store by seedOffers: no logo comes from a third party.
    const logo = logoRoll < 0.65 ? initialsLogo(companyName, pick(rand, colours)) : null;
    const byMail = rand() < 0.3;
    yield {
      title: job.title,
      companyName,
      logo,
      publicationDate: isoDay(published),
      startDate: rand() < 0.25 ? null : isoDay(start),
      description,
      linkType: byMail ? 'mail' : 'link',
      link: byMail
        ? `recrutement@${slug(companyName)}.example.fr`
        : `https://careers.${slug(companyName)}.example.fr/offres/${seed}-${i + 1}`,
    };
  }
}

/** Demo offers: the demo-data helper calls this on a fresh database. */
export async function seedOffers(db: Db, storage: Storage, count = 60, now = new Date()): Promise<void> {
  const offers = generateOffers(count, 20_261_122, now);
  const stored = new Map<string, string>();
  for (const offer of offers) {
    if (!offer.logo) continue;
    let url = stored.get(offer.logo);
    if (!url) {
      const svg = Buffer.from(offer.logo.slice(offer.logo.indexOf(',') + 1), 'base64');
      url = await storeOfferLogo(db, storage, { filename: `${slug(offer.companyName)}.svg`, contentType: 'image/svg+xml', bytes: svg });
      stored.set(offer.logo, url);
    }
    offer.logo = url;
  }
  await createOffers(db, offers);
}
