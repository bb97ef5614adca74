/** The certificate of completion's drawing, loaded on first use through completion-certificate.ts. */
import { PDFDocument, type PDFFont } from '@cantoo/pdf-lib';
import { embedFontsWithMono, Flow, ink, saveDocument, wrapText, type Fonts } from '../../lib/pdf-kit.ts';
import {
  formatEvidenceTime,
  type CompletionEvidence,
  type CompletionRead,
  type SignerRole,
} from './completion-evidence.ts';

const ROLE_LABELS: Record<SignerRole, string> = {
  employer: "Employeur (signataire désigné de l'entreprise)",
  apprentice: 'Apprenti(e)',
  legal_representative: "Représentant légal de l'apprenti(e) mineur(e)",
  school: 'CFA (visa)',
};
const KIND_LABELS: Record<string, string> = {
  cerfa: "Contrat d'apprentissage (CERFA)",
  convention: 'Convention de formation',
  mandate: 'Mandat de subrogation',
  annex: 'Annexe',
};
const STATUS_LABELS = { signed: 'signé', refused: 'refusé', pending: 'non signé' } as const;

/** `affiché 2 fois, téléchargé 1 fois ; dernière lecture le …`. */
function describeRead(read: CompletionRead): string {
  const times = (count: number, what: string) => (count > 0 ? `${what} ${count} fois` : null);
  const how = [times(read.viewed, 'affiché dans le portail'), times(read.downloaded, 'téléchargé')]
    .filter(Boolean)
    .join(', ');
  return `${how} ; dernière lecture le ${formatEvidenceTime(read.lastAt)}`;
}

type CertificateFonts = Fonts & { mono: PDFFont };

/** The certificate's writer: the shared flow on wider margins, with `label : value` fields. */
class Writer extends Flow<CertificateFonts> {
  constructor(doc: PDFDocument, fonts: CertificateFonts, header: string) {
    super(doc, fonts, header, {
      margin: 48,
      headerFromTop: 26,
      bottomReserve: 16,
      headingGap: 8,
      headingKeep: 36,
      footerY: 24,
    });
  }

  text(
    value: string,
    options: { size?: number; font?: keyof CertificateFonts; indent?: number; color?: 'ink' | 'muted' } = {},
  ): void {
    const { font, ...rest } = options;
    this.paragraph(value, { ...rest, font: this.fonts[font ?? 'regular'], after: 0 });
  }

  /** `label : value`, the value wrapped under the label when long; `mono` for hashes (one line for 64 hex digits). */
  field(label: string, value: string, mono = false, indent = 0): void {
    const size = 8.5;
    const font = mono ? this.fonts.mono : this.fonts.regular;
    const labelText = `${label} : `;
    const labelWidth = this.fonts.bold.widthOfTextAtSize(labelText, size);
    const available = this.width - indent - labelWidth;
    const lines = wrapText(value || '—', available, (s) => font.widthOfTextAtSize(s, size));
    this.ensure(lines.length * (size + 3));
    this.page.drawText(labelText, { x: this.left + indent, y: this.y - size, size, font: this.fonts.bold, color: ink });
    for (const line of lines) {
      this.page.drawText(line, { x: this.left + indent + labelWidth, y: this.y - size, size, font, color: ink });
      this.y -= size + 3;
    }
  }
}

/** The certificate of completion alone, as a PDF (page count follows the number of documents and signers). */
export async function renderCompletionCertificate(evidence: CompletionEvidence): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const w = new Writer(
    doc,
    await embedFontsWithMono(doc),
    `Certificat de réalisation · procédure ${evidence.procedureId}`,
  );

  w.text('Certificat de réalisation de la procédure de signature', { size: 15, font: 'bold' });
  w.text(`Dossier n° ${evidence.dossierId} · procédure ${evidence.procedureId}`, { size: 9, color: 'muted' });
  w.space(4);
  w.text(
    evidence.method === 'online'
      ? 'Signature électronique simple (code civil, art. 1366 et 1367 ; règlement eIDAS, art. 25) : chaque signataire a lu les documents ci-dessous, validé un code à usage unique envoyé à son adresse électronique et donné son consentement. Le PDF est ensuite scellé par le cachet du CFA.'
      : "Signature manuscrite sur papier : chaque signataire a imprimé, signé à la main et déposé le scan des documents, vérifié par le CFA. Ce n'est pas une signature électronique ; l'original papier fait foi. Le PDF est ensuite scellé par le cachet du CFA.",
    { size: 8.5 },
  );

  w.heading('Procédure');
  w.field('Identifiant', evidence.procedureId, true);
  w.field(
    'Mode',
    evidence.method === 'online'
      ? 'en ligne (signature électronique simple)'
      : 'manuel (signature manuscrite sur papier)',
  );
  w.field('Créée le', formatEvidenceTime(evidence.createdAt));
  if (evidence.sentAt) w.field('Envoyée le', formatEvidenceTime(evidence.sentAt));
  if (evidence.expiresAt) w.field('Expire le', formatEvidenceTime(evidence.expiresAt));
  if (evidence.startedBy) w.field('Lancée par', evidence.startedBy);

  w.heading('Documents signés (empreinte SHA-256 des octets exacts présentés)');
  evidence.documents.forEach((document, index) => {
    const details = [
      KIND_LABELS[document.kind] ?? document.kind,
      document.edition ? `CERFA ${document.edition}` : null,
      `version ${document.version}`,
      document.pages ? `${document.pages} page${document.pages > 1 ? 's' : ''}` : null,
    ].filter(Boolean);
    w.text(`${index + 1}. ${document.name} — ${details.join(', ')}`, { size: 9, font: 'bold' });
    w.field('SHA-256', document.sha256, true, 12);
    w.space(2);
  });

  w.heading('Consentement');
  w.field('Version du texte', evidence.consent.version);
  w.field('SHA-256 du texte', evidence.consent.sha256, true);
  if (evidence.consent.text) w.text(`« ${evidence.consent.text} »`, { size: 8, color: 'muted' });

  w.heading('Signataires, dans l’ordre');
  evidence.signers.forEach((signer, index) => {
    w.ensure(90);
    w.text(`${index + 1}. ${ROLE_LABELS[signer.role]} — ${signer.name}`, { size: 9, font: 'bold' });
    const indent = 12;
    w.field('Adresse électronique', signer.email, false, indent);
    if (signer.linkMessageId) w.field('Message-ID du lien', signer.linkMessageId, true, indent);
    if (signer.method === 'online' && signer.codeMessageId)
      w.field('Message-ID du code', signer.codeMessageId, true, indent);
    w.field('Statut', STATUS_LABELS[signer.status], false, indent);
    if (signer.reads) {
      if (signer.reads.length === 0)
        w.field('Documents lus', 'aucune lecture enregistrée dans le portail', false, indent);
      for (const read of signer.reads) {
        w.field(
          `Lu : ${KIND_LABELS[read.kind] ?? read.kind}, version ${read.version}`,
          describeRead(read),
          false,
          indent,
        );
        w.field('SHA-256 lu', read.sha256, true, indent + 12);
      }
    }
    if (signer.method === 'online') {
      w.field('Méthode', 'en ligne : code à usage unique envoyé à cette adresse, puis consentement', false, indent);
      if (signer.at)
        w.field(signer.status === 'refused' ? 'Refusé le' : 'Signé le', formatEvidenceTime(signer.at), false, indent);
      if (signer.codeAttempts != null) w.field('Essais du code', String(signer.codeAttempts), false, indent);
      if (signer.consent) {
        w.field('Consentement', `version ${signer.consent.version}`, false, indent);
        w.field('SHA-256 du texte', signer.consent.sha256, true, indent);
      }
    } else {
      w.field(
        'Méthode',
        'signature manuscrite sur papier (scan déposé) — pas une signature électronique',
        false,
        indent,
      );
      if (signer.manual) {
        w.field('Scan déposé le', formatEvidenceTime(signer.manual.uploadedAt), false, indent);
        w.field('SHA-256 du scan', signer.manual.scanSha256, true, indent);
        w.field(
          'Confirmé par',
          `${signer.manual.confirmedBy}, le ${formatEvidenceTime(signer.manual.confirmedAt)}`,
          false,
          indent,
        );
      } else if (signer.at) {
        w.field('Confirmé le', formatEvidenceTime(signer.at), false, indent);
      }
    }
    if (signer.signedBy) w.field('Pour le CFA', signer.signedBy, false, indent);
    w.field('Adresse IP', signer.ip ?? '', false, indent);
    w.field('Navigateur', signer.userAgent ?? '', false, indent);
    if (signer.refusalReason) w.field('Motif du refus', signer.refusalReason, false, indent);
    w.space(4);
  });

  w.heading('Journal de preuve');
  w.field('Tête de chaîne (SHA-256)', evidence.chain.headHash, true);
  w.field('Événements', String(evidence.chain.events));
  w.text(
    'Le journal des événements de signature est en ajout seul ; chaque ligne porte sha256(empreinte précédente || JSON canonique de la ligne) : toute ligne modifiée, retirée ou insérée rompt la chaîne avant cette tête.',
    { size: 8, color: 'muted' },
  );
  if (evidence.seal) {
    w.heading('Cachet du CFA');
    w.field('Certificat', evidence.seal.subject.replace(/\n/g, ', '));
    w.field('Empreinte SHA-256', evidence.seal.fingerprintSha256, true);
    w.text(
      'Ce PDF (documents et certificat) est scellé par ce certificat (signature PAdES) : vérifiable par tout lecteur de signatures PDF ; toute modification ultérieure invalide le cachet.',
      { size: 8, color: 'muted' },
    );
  }

  w.finish(`Généré le ${formatEvidenceTime(evidence.generatedAt)}`);
  return saveDocument(doc, 'Certificat de réalisation', evidence.generatedAt);
}

/** The documents (one PDF) followed by the certificate of completion's pages: what the seal then signs. */
export async function appendCompletionCertificate(
  documentPdf: Uint8Array,
  evidence: CompletionEvidence,
): Promise<Uint8Array> {
  const target = await PDFDocument.load(documentPdf);
  const certificate = await PDFDocument.load(await renderCompletionCertificate(evidence));
  const pages = await target.copyPages(certificate, certificate.getPageIndices());
  for (const page of pages) target.addPage(page);
  target.setModificationDate(evidence.generatedAt);
  return target.save();
}
