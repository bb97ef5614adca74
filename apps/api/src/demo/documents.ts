import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

/** Small generated PDFs for the demo: signed contracts, public files, CVs and certificates. */

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const GREEN = rgb(0.13, 0.45, 0.3);
const GREY = rgb(0.35, 0.35, 0.35);

export interface PdfBlock {
  heading?: string;
  lines: string[];
}

export interface PdfContent {
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
  /** Printed at the foot of every page. */
  footer: string;
  /** Fixed dates inside the file, so two loads at the same `now` give the same document. */
  date: Date;
}

interface Cursor {
  page: PDFPage;
  y: number;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      out.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) out.push(line);
  return out;
}

export async function renderPdf(content: PdfContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setAuthor('CFA Passerelle');
  doc.setProducer('Passerelle');
  doc.setCreator('Passerelle');
  doc.setCreationDate(content.date);
  doc.setModificationDate(content.date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;

  const newPage = (): Cursor => {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    page.drawText(content.footer, { x: PAGE.margin, y: 28, size: 8, font: regular, color: GREY });
    return { page, y: PAGE.height - PAGE.margin };
  };
  let cursor = newPage();
  const write = (text: string, font: PDFFont, size: number, color = rgb(0, 0, 0), gap = 4) => {
    for (const line of wrap(text, font, size, width)) {
      if (cursor.y - size < PAGE.margin) cursor = newPage();
      cursor.y -= size;
      cursor.page.drawText(line, { x: PAGE.margin, y: cursor.y, size, font, color });
      cursor.y -= gap;
    }
  };

  cursor.page.drawRectangle({ x: 0, y: PAGE.height - 8, width: PAGE.width, height: 8, color: GREEN });
  write(content.title, bold, 18, GREEN, 8);
  if (content.subtitle) write(content.subtitle, regular, 11, GREY, 10);
  for (const block of content.blocks) {
    cursor.y -= 8;
    if (block.heading) write(block.heading, bold, 12, GREEN, 6);
    for (const line of block.lines) write(line, regular, 10);
  }
  return doc.save();
}

const frDate = (iso: string) => iso.split('-').reverse().join('/');
const frDateTime = (d: Date) => `${frDate(d.toISOString().slice(0, 10))} à ${d.toISOString().slice(11, 16)} UTC`;

export interface ContractDocumentData {
  dossierId: number;
  applicant: { prenom: string; nom: string };
  employer: { name: string; siret: string | null };
  school: string;
  formation: string;
  contractType: 'APP' | 'PRO';
  startDate: string;
  endDate: string;
  signedAt: Date;
  /** For an addendum: what it changes. */
  avenant?: { effectDate: string; reason: string };
}

/** A demo stand-in for the signed CERFA (or its addendum): readable, marked as having no contractual value. */
export function renderContractPdf(data: ContractDocumentData): Promise<Uint8Array> {
  const kind = data.contractType === 'APP' ? "Contrat d'apprentissage (CERFA 10103)" : 'Contrat de professionnalisation (CERFA 12434)';
  const signatures = [
    `Alternant(e) : ${data.applicant.prenom} ${data.applicant.nom} — signé le ${frDateTime(data.signedAt)}`,
    `Employeur : ${data.employer.name} — signé le ${frDateTime(new Date(data.signedAt.getTime() + 3_600_000))}`,
    `Visa du CFA — signé le ${frDateTime(new Date(data.signedAt.getTime() + 26 * 3_600_000))}`,
  ];
  const blocks: PdfBlock[] = [
    {
      heading: "L'employeur",
      lines: [`Dénomination : ${data.employer.name}`, `SIRET : ${data.employer.siret ?? 'non renseigné'}`],
    },
    { heading: "L'alternant(e)", lines: [`Nom : ${data.applicant.nom}`, `Prénom : ${data.applicant.prenom}`] },
    {
      heading: 'La formation',
      lines: [`École : ${data.school}`, `Formation : ${data.formation}`],
    },
    {
      heading: 'Le contrat',
      lines: [
        `Type : ${kind}`,
        `Date de début d'exécution : ${frDate(data.startDate)}`,
        `Date de fin du contrat : ${frDate(data.endDate)}`,
        'Durée hebdomadaire de travail : 35 h 00',
      ],
    },
  ];
  if (data.avenant) {
    blocks.push({
      heading: "Objet de l'avenant",
      lines: [`Motif : ${data.avenant.reason}`, `Date d'effet : ${frDate(data.avenant.effectDate)}`],
    });
  }
  blocks.push({ heading: 'Signatures électroniques', lines: signatures });
  return renderPdf({
    title: data.avenant ? `Avenant au contrat — dossier n° ${data.dossierId}` : `${kind} — dossier n° ${data.dossierId}`,
    subtitle: 'Document de démonstration, sans valeur contractuelle',
    blocks,
    footer: `Passerelle — CFA du Pôle Léonard de Vinci — dossier n° ${data.dossierId}`,
    date: data.signedAt,
  });
}

export interface PublicDocument {
  name: (rentreeYear: number) => string;
  translateKey: string;
  filename: string;
  render: (now: Date, rentreeYear: number) => Promise<Uint8Array>;
}

const publicFooter = 'Passerelle — CFA du Pôle Léonard de Vinci — document public';

/** The three documents listed on the applicants' home. Names are French; the web app translates them by key. */
export const publicDocuments: readonly PublicDocument[] = [
  {
    name: () => "Guide de l'alternant",
    translateKey: 'portal:publicFiles.guide',
    filename: 'guide-de-l-alternant.pdf',
    render: (now) =>
      renderPdf({
        title: "Guide de l'alternant",
        subtitle: "Trouver une entreprise et signer son contrat, pas à pas",
        date: now,
        footer: publicFooter,
        blocks: [
          {
            heading: '1. Chercher une entreprise',
            lines: [
              "Consultez les offres de l'espace admissible, les sites de nos partenaires et les plateformes d'emploi. Tenez à jour votre suivi de recherche : le service relations entreprises s'en sert pour vous aider.",
              'Un CV à jour au format PDF est indispensable : déposez-le dans votre espace.',
            ],
          },
          {
            heading: '2. Le premier contact',
            lines: [
              "Dès qu'une entreprise est intéressée, remplissez la fiche premier contact. L'entreprise reçoit alors la sienne par e-mail.",
            ],
          },
          {
            heading: '3. Le financement et la fiche de renseignements',
            lines: [
              "L'employeur valide la prise en charge par son OPCO, puis chacun complète la fiche de renseignements. Elle sert à établir le CERFA et la convention de formation.",
            ],
          },
          {
            heading: '4. La signature',
            lines: [
              "Le contrat se signe en ligne ou sur papier, avant son premier jour d'exécution. Il est ensuite transmis à l'OPCO dans les 5 jours ouvrables suivant le début du contrat.",
            ],
          },
        ],
      }),
  },
  {
    name: (year) => `Calendrier de l'alternance ${year}-${year + 1}`,
    translateKey: 'portal:publicFiles.calendar',
    filename: 'calendrier-de-l-alternance.pdf',
    render: (now, rentreeYear) =>
      renderPdf({
        title: `Calendrier de l'alternance ${rentreeYear}-${rentreeYear + 1}`,
        subtitle: 'Rythme type : 3 jours en entreprise, 2 jours à l’école',
        date: now,
        footer: publicFooter,
        blocks: [
          {
            heading: 'Dates clés',
            lines: [
              `Rentrée : semaine du 1er septembre ${rentreeYear}`,
              `Vacances d'hiver (école) : du 22 décembre ${rentreeYear} au 2 janvier ${rentreeYear + 1}, en entreprise selon l'accord de l'employeur`,
              `Examens du premier semestre : janvier ${rentreeYear + 1}`,
              `Période entreprise à temps plein : de juin à août ${rentreeYear + 1}`,
            ],
          },
          {
            heading: 'Bon à savoir',
            lines: [
              "Le contrat peut commencer jusqu'à 3 mois avant ou après le début de la formation. Le temps passé à l'école est du temps de travail rémunéré.",
            ],
          },
        ],
      }),
  },
  {
    name: () => 'Charte du CFA',
    translateKey: 'portal:publicFiles.charter',
    filename: 'charte-du-cfa.pdf',
    render: (now) =>
      renderPdf({
        title: 'Charte du CFA',
        subtitle: "Engagements de l'alternant, de l'employeur et de l'école",
        date: now,
        footer: publicFooter,
        blocks: [
          {
            heading: "L'alternant",
            lines: ["Suit l'ensemble des enseignements, justifie ses absences auprès de l'école et de l'employeur, respecte le règlement intérieur."],
          },
          {
            heading: "L'employeur",
            lines: [
              "Désigne un maître d'apprentissage ou un tuteur, confie des missions en rapport avec la formation, libère l'alternant pour les cours et les examens.",
            ],
          },
          {
            heading: "L'école",
            lines: ["Accompagne l'alternant et l'employeur, organise au moins deux rencontres de suivi par an et informe l'employeur de l'assiduité."],
          },
        ],
      }),
  },
];

export interface Person {
  prenom: string;
  nom: string;
}

export function renderCvPdf(person: Person, headline: string, now: Date): Promise<Uint8Array> {
  return renderPdf({
    title: `${person.prenom} ${person.nom}`,
    subtitle: headline,
    date: now,
    footer: 'CV — document de démonstration',
    blocks: [
      {
        heading: 'Formation',
        lines: ['Admis(e) au Pôle Léonard de Vinci — rentrée en alternance', 'Baccalauréat général, mention bien'],
      },
      {
        heading: 'Expériences',
        lines: ['Stage de 2 mois — assistant(e) de projet, PME de services', 'Emploi saisonnier — accueil et vente'],
      },
      { heading: 'Compétences', lines: ['Anglais courant (B2), pack Office, travail en équipe, SQL et Python (bases)'] },
    ],
  });
}

export function renderCvecPdf(person: Person, numCvec: string, rentreeYear: number, now: Date): Promise<Uint8Array> {
  return renderPdf({
    title: 'Attestation d’acquittement de la CVEC',
    subtitle: `Contribution de vie étudiante et de campus — année ${rentreeYear}-${rentreeYear + 1}`,
    date: now,
    footer: 'Attestation — document de démonstration',
    blocks: [{ lines: [`Nom : ${person.nom}`, `Prénom : ${person.prenom}`, `Numéro d'attestation : ${numCvec}`] }],
  });
}

export function renderBacAttestationPdf(person: Person, bacYear: number, now: Date): Promise<Uint8Array> {
  return renderPdf({
    title: 'Attestation de réussite au baccalauréat',
    subtitle: `Session ${bacYear}`,
    date: now,
    footer: 'Attestation — document de démonstration',
    blocks: [{ lines: [`${person.prenom} ${person.nom} a obtenu le baccalauréat général, session ${bacYear}.`] }],
  });
}
