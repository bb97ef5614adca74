import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import type { AttestationKind } from '@passerelle/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findApplicantProfile } from './portal.repo.ts';

export interface AttestationData {
  kind: AttestationKind;
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
  const opening = 'Je soussigné(e), le service apprentissage du CFA, atteste que';
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

/** A one-page A4 letter in Helvetica: header, title, the attestation, date and issuer. */
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

  pdf.setTitle(clean(title));
  pdf.setAuthor('Service apprentissage du CFA');
  pdf.setProducer('Passerelle');
  pdf.setCreationDate(data.issuedAt);

  const page: PDFPage = pdf.addPage(A4);
  const [pageWidth, pageHeight] = A4;
  const width = pageWidth - 2 * margin;
  let y = pageHeight - margin;

  page.drawText(clean('Service apprentissage du CFA'), { x: margin, y, size: 12, font: bold, color: accent });
  y -= 16;
  page.drawText(clean(data.school), { x: margin, y, size: 10, font: regular, color: muted });
  y -= 14;
  page.drawLine({ start: { x: margin, y }, end: { x: pageWidth - margin, y }, thickness: 0.8, color: accent });

  y -= 80;
  const titleText = clean(title);
  const titleSize = 18;
  page.drawText(titleText, { x: (pageWidth - bold.widthOfTextAtSize(titleText, titleSize)) / 2, y, size: titleSize, font: bold, color: ink });

  y -= 60;
  const size = 11;
  const leading = 17;
  for (const paragraph of paragraphs(data)) {
    for (const line of wrap(clean(paragraph), regular, size, width)) {
      page.drawText(line, { x: margin, y, size, font: regular, color: ink });
      y -= leading;
    }
    y -= leading / 2;
  }

  y -= 30;
  const signatureX = pageWidth - margin - 220;
  page.drawText(clean(`Fait le ${parisDate.format(data.issuedAt)}`), { x: signatureX, y, size, font: regular, color: ink });
  y -= leading * 1.5;
  page.drawText(clean('Le service apprentissage du CFA'), { x: signatureX, y, size, font: bold, color: ink });

  return pdf.save();
}

/** The signed-in applicant's attestation; 404 while no formation is on record, as there is nothing to attest. */
export async function getAttestation(db: Db, userId: number, kind: AttestationKind, now = new Date()): Promise<Uint8Array> {
  const profile = await findApplicantProfile(db, userId);
  if (!profile) throw new AppError('UNAUTHORIZED');
  if (profile.formationLibelle === null || profile.formationYear === null || profile.schoolName === null) {
    throw new AppError('NOT_FOUND', 'No formation on record for this applicant');
  }
  return createAttestationPdf({
    kind,
    firstName: profile.prenom,
    lastName: profile.nom,
    school: profile.schoolName,
    formation: profile.formationLibelle,
    year: profile.formationYear,
    issuedAt: now,
  });
}
