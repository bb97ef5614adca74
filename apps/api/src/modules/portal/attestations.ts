import type { PDFFont, PDFPage, RGB } from '@cantoo/pdf-lib';
import type { AttestationKind } from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { cfaForAttestation, type CfaEnvironment, type CfaForAttestation } from '../settings/settings.service.ts';
import { sealDocument, type SealCertificate } from '../signing/signing.service.ts';
import { findApplicantProfile } from './portal.repo.ts';

export interface AttestationData {
  kind: AttestationKind;
  /** The CFA that issues it (issue 28): named in the header, the text and the footer. */
  cfa: CfaForAttestation;
  firstName: string;
  lastName: string;
  school: string;
  formation: string;
  /** Start year of the programme: the attestation names year/year+1. */
  year: number;
  issuedAt: Date;
}

const titles: Record<AttestationKind, string> = {
  preinscription: 'Attestation de pré-inscription',
  admissibilite: "Attestation d'admissibilité",
};

const A4: [number, number] = [595.28, 841.89];
const margin = 72;

const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });

/** Letters that are not an accented form of another one, so that removing marks does not reach them. */
const lookAlikes: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', ſ: 's' };

/**
 * The standard Helvetica only encodes WinAnsi (Latin-1 plus a few signs). Any other character is written
 * without its accents when that makes it encodable (ő → o, Ł → L), and as "?" otherwise, rather than failing.
 */
export function toWinAnsi(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const cp = char.codePointAt(0) ?? 0;
    if (supported.has(cp)) {
      out += char;
      continue;
    }
    if (/\s/.test(char)) {
      out += ' ';
      continue;
    }
    const bare = lookAlikes[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...bare].every((c) => supported.has(c.codePointAt(0) ?? 0)) && bare.length > 0 ? bare : '?';
  }
  return out;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function paragraphs(data: AttestationData): string[] {
  const name = `${data.firstName.trim()} ${data.lastName.trim().toLocaleUpperCase('fr-FR')}`.trim();
  const years = `${data.year}/${data.year + 1}`;
  const issuer = data.cfa.denomination
    ? `le service apprentissage de « ${data.cfa.denomination} »`
    : 'le service apprentissage du CFA';
  const opening = `Je soussigné(e), ${issuer}, atteste que`;
  switch (data.kind) {
    case 'preinscription':
      return [
        `${opening} ${name} est pré-inscrit(e) à ${data.school}, formation ${data.formation}, année ${years}.`,
        "L'inscription définitive est subordonnée à la signature d'un contrat d'apprentissage ou de professionnalisation avec un employeur.",
        'La présente attestation est délivrée à la demande de l’intéressé(e) pour servir et valoir ce que de droit.',
      ];
    case 'admissibilite':
      return [
        `${opening} ${name} a été déclaré(e) admissible à ${data.school}, formation ${data.formation}, année ${years}.`,
        "Cette admissibilité lui permet de rechercher un employeur en vue de conclure un contrat en alternance (apprentissage ou professionnalisation).",
        'La présente attestation est délivrée à la demande de l’intéressé(e) pour servir et valoir ce que de droit.',
      ];
  }
}

/** The CFA's identity as the header prints it, line by line: what is not set (a demonstration's) is left out. */
function identityLines(cfa: CfaForAttestation): string[] {
  const place = [cfa.postcode, cfa.city].filter(Boolean).join(' ');
  return [cfa.uai ? `UAI ${cfa.uai}` : '', cfa.street, place].filter(Boolean);
}

/** The footer's contact line: how to reach the CFA about this attestation. */
function contactLine(cfa: CfaForAttestation): string {
  const ways = [cfa.contactEmail, cfa.contactPhone ? `tél. ${cfa.contactPhone}` : ''].filter(Boolean);
  return ways.length > 0 ? `Contact : ${ways.join(' – ')}` : '';
}

/** A one-page A4 letter in Helvetica: the CFA's header, title, the attestation, date and issuer, the CFA's footer. */
export async function createAttestationPdf(data: AttestationData): Promise<Uint8Array> {
  // pdf-lib is loaded with the first attestation, not with the portal.
  const { PDFDocument, rgb, StandardFonts } = await import('@cantoo/pdf-lib');
  const ink = rgb(0.1, 0.1, 0.1);
  const muted = rgb(0.4, 0.4, 0.4);
  const accent = rgb(0.13, 0.45, 0.27);
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set([...regular.getCharacterSet(), ...bold.getCharacterSet()]);
  const clean = (text: string) => toWinAnsi(text, supported);
  const title = titles[data.kind];
  const issuer = data.cfa.denomination || 'Service apprentissage du CFA';

  pdf.setTitle(clean(title));
  pdf.setAuthor(clean(issuer));
  pdf.setProducer('Passerelle');
  pdf.setCreationDate(data.issuedAt);

  const page: PDFPage = pdf.addPage(A4);
  const [pageWidth, pageHeight] = A4;
  const width = pageWidth - 2 * margin;
  const lines = (text: string, font: PDFFont, size: number, x: number, top: number, color: RGB, leading: number) => {
    let at = top;
    for (const line of wrap(clean(text), font, size, width)) {
      page.drawText(line, { x, y: at, size, font, color });
      at -= leading;
    }
    return at;
  };
  let y = pageHeight - margin;

  // The issuing CFA, as on its letterhead: denomination, UAI, address.
  y = lines(issuer, bold, 12, margin, y, accent, 16);
  for (const line of identityLines(data.cfa)) y = lines(line, regular, 10, margin, y, muted, 13);
  y -= 4;
  page.drawLine({ start: { x: margin, y }, end: { x: pageWidth - margin, y }, thickness: 0.8, color: accent });
  y -= 16;
  y = lines(`Établissement de formation : ${data.school}`, regular, 10, margin, y, muted, 13);

  y -= 50;
  const titleText = clean(title);
  const titleSize = 18;
  page.drawText(titleText, { x: (pageWidth - bold.widthOfTextAtSize(titleText, titleSize)) / 2, y, size: titleSize, font: bold, color: ink });

  y -= 50;
  const size = 11;
  const leading = 17;
  for (const paragraph of paragraphs(data)) {
    y = lines(paragraph, regular, size, margin, y, ink, leading);
    y -= leading / 2;
  }

  y -= 30;
  const signatureX = pageWidth - margin - 220;
  page.drawText(clean(`Fait le ${parisDate.format(data.issuedAt)}`), { x: signatureX, y, size, font: regular, color: ink });
  y -= leading * 1.5;
  page.drawText(clean('Le service apprentissage du CFA'), { x: signatureX, y, size, font: bold, color: ink });
  y -= leading;
  page.drawText(clean('Cachet électronique du CFA'), { x: signatureX, y, size: 9, font: regular, color: muted });

  // The footer: who issues it and how to reach them, and what the seal means to whoever receives it.
  const footer = [
    [issuer, ...identityLines(data.cfa)].join(' – '),
    contactLine(data.cfa),
    'Document scellé électroniquement par le CFA : toute modification le rend invalide.',
  ]
    .filter(Boolean)
    .flatMap((line) => wrap(clean(line), regular, 8, width));
  let footerY = margin - 20 + 11 * (footer.length - 1);
  page.drawLine({
    start: { x: margin, y: footerY + 14 },
    end: { x: pageWidth - margin, y: footerY + 14 },
    thickness: 0.5,
    color: muted,
  });
  for (const line of footer) {
    page.drawText(line, { x: margin, y: footerY, size: 8, font: regular, color: muted });
    footerY -= 11;
  }

  return pdf.save();
}

export interface AttestationDeps {
  db: Db;
  config: CfaEnvironment;
  /** The school's seal, the contract's (signing). */
  seal: { get(): Promise<SealCertificate> };
}

/**
 * The signed-in applicant's attestation, naming the CFA and sealed with its certificate as the signed contract is;
 * 404 while no formation is on record, as there is nothing to attest; 409 CFA_IDENTITY_INCOMPLETE in production while
 * the CFA's identity lacks what it prints.
 */
export async function getAttestation(
  deps: AttestationDeps,
  userId: number,
  kind: AttestationKind,
  now = new Date(),
): Promise<Uint8Array> {
  const profile = await findApplicantProfile(deps.db, userId);
  if (!profile) throw new AppError('UNAUTHORIZED');
  if (profile.formationLibelle === null || profile.formationYear === null || profile.schoolName === null) {
    throw new AppError('NOT_FOUND', 'No formation on record for this applicant');
  }
  const cfa = await cfaForAttestation(deps.db, deps.config);
  const pdf = await createAttestationPdf({
    kind,
    cfa,
    firstName: profile.prenom,
    lastName: profile.nom,
    school: profile.schoolName,
    formation: profile.formationLibelle,
    year: profile.formationYear,
    issuedAt: now,
  });
  const { bytes } = await sealDocument(pdf, await deps.seal.get(), {
    reason: `Cachet du CFA : ${titles[kind].toLocaleLowerCase('fr-FR')}`,
    signingTime: now,
  });
  return bytes;
}
