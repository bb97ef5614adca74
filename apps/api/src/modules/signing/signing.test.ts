import { spawnSync } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../../../test/helper.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';
import { loadX509 } from '../../lib/x509.ts';
import { GENERATED_SEAL_SETTING, generateSelfSigned } from './seal-certificate.ts';
import {
  createSealCertificateStore,
  finalizeSignedPdf,
  loadSealCertificate,
  renderCompletionCertificate,
  sealPdf,
  sha256Hex,
  type CompletionEvidence,
  type SealCertificate,
} from './signing.service.ts';

let database: Database;
let url: string | undefined;
let drop: () => Promise<void>;
const work = mkdtempSync(path.join(tmpdir(), 'passerelle-signing-'));
const noP12 = { SIGNING_P12_PATH: undefined, SIGNING_P12_PASSWORD: undefined, DATA_ENCRYPTION_KEY: undefined };

beforeAll(async () => {
  ({ database, url, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
  rmSync(work, { recursive: true, force: true });
});

/** poppler's verdict on a PDF: `pdfsig` exit code and output. */
function pdfsig(bytes: Uint8Array): { status: number | null; out: string } {
  const file = path.join(work, `${randomBytes(6).toString('hex')}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

function pdftotext(bytes: Uint8Array): string {
  const file = path.join(work, `${randomBytes(6).toString('hex')}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  if (run.error) throw run.error;
  expect(run.status).toBe(0);
  return run.stdout;
}

async function contractPdf(pages = 3): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    const page = doc.addPage();
    page.drawText(`Contrat d'apprentissage - page ${i}`, { x: 50, y: 780, size: 14, font });
    for (let line = 0; line < 40; line += 1)
      page.drawText(`Clause ${i}.${line} du contrat.`, { x: 50, y: 740 - line * 16, size: 10, font });
  }
  return doc.save();
}

/**
 * A PKCS#12 as an operator would bring one: a key, its certificate, a password. Packed by openssl (AES-256-CBC, a
 * SHA-256 MAC), as an operator's tools would; the certificate is made as the generated seal's is.
 */
async function makeP12(commonName: string, password: string): Promise<Uint8Array> {
  const { certificatePem, privateKeyPem } = await generateSelfSigned(commonName);
  const dir = mkdtempSync(path.join(work, 'p12-'));
  const [key, cert, p12] = ['key.pem', 'cert.pem', 'seal.p12'].map((name) => path.join(dir, name)) as [string, string, string];
  writeFileSync(key, privateKeyPem);
  writeFileSync(cert, certificatePem);
  const args = ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', 'env:P12_PASSWORD'];
  const packed = spawnSync('openssl', [...args, '-keypbe', 'AES-256-CBC', '-certpbe', 'AES-256-CBC', '-macalg', 'sha256'], {
    env: { ...process.env, P12_PASSWORD: password },
    encoding: 'utf8',
  });
  if (packed.status !== 0) throw new Error(`openssl pkcs12 failed: ${packed.stderr}`);
  return readFileSync(p12);
}

function evidence(overrides: Partial<CompletionEvidence> = {}): CompletionEvidence {
  const at = new Date('2026-11-25T10:53:16.123Z');
  return {
    procedureId: '3f1c2b9e-7a41-4c0e-9d55-0c1f0a2b3c4d',
    dossierId: 42,
    method: 'online',
    createdAt: new Date('2026-11-20T08:00:00.000Z'),
    sentAt: new Date('2026-11-20T08:00:01.500Z'),
    expiresAt: new Date('2026-12-20T08:00:00.000Z'),
    startedBy: 'Claire Martin (CFA)',
    documents: [
      {
        name: 'cerfa-10103-12-v2.pdf',
        kind: 'cerfa',
        version: 2,
        edition: '10103*12',
        pages: 2,
        sha256: sha256Hex('cerfa v2'),
      },
      { name: 'convention-v1.pdf', kind: 'convention', version: 1, pages: 4, sha256: sha256Hex('convention v1') },
    ],
    consent: { version: '2026-11', sha256: sha256Hex('consent text'), text: "J'ai lu les documents et je les signe." },
    signers: [
      {
        role: 'employer',
        name: 'Société Exemple — Jean Dupont',
        email: 'signataire@exemple-entreprise.fr',
        status: 'signed',
        method: 'online',
        at,
        ip: '203.0.113.7',
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        codeAttempts: 1,
      },
      {
        role: 'apprentice',
        name: 'Léa Nguyễn',
        email: 'lea.nguyen@example.org',
        status: 'signed',
        method: 'online',
        at: new Date('2026-11-25T12:00:00.007Z'),
        ip: '2001:db8::1',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      },
      {
        role: 'school',
        name: 'CFA Passerelle',
        email: 'alternance@passerelle.localhost',
        status: 'signed',
        method: 'online',
        at: new Date('2026-07-01T09:30:00.000Z'),
        ip: '198.51.100.2',
        userAgent: 'Mozilla/5.0',
        signedBy: 'Claire Martin',
      },
    ],
    chain: { headHash: sha256Hex('chain head'), events: 17 },
    generatedAt: new Date('2026-11-25T12:00:01.000Z'),
    ...overrides,
  };
}

describe('the school seal certificate', () => {
  it('is generated once, encrypted, and the same for two API processes on one database', async () => {
    // A second connection to the same database, as a second API process would open (PGlite: one process only).
    const second = testDbKind === 'postgres' ? await openDatabase({ url: url!, poolSize: 2 }) : database;
    try {
      const [a, b] = await Promise.all([
        createSealCertificateStore(database.db, noP12).get(),
        createSealCertificateStore(second.db, noP12).get(),
      ]);
      expect(a.source).toBe('generated');
      expect(a.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(b.fingerprintSha256).toBe(a.fingerprintSha256);
      const again = await loadSealCertificate(second.db, noP12);
      expect(again.fingerprintSha256).toBe(a.fingerprintSha256);
      expect(a.subject).toContain('CN=Passerelle CFA seal (self-signed)');
      expect(a.notAfter.getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 24 * 3600_000);
      // For document signing only: digitalSignature and nonRepudiation, both critical with "not a CA", signed by its own key.
      const x509 = await loadX509();
      const certificate = new x509.X509Certificate(a.certificateDer);
      expect(certificate.subject).toBe('CN=Passerelle CFA seal (self-signed), O=Passerelle, C=FR');
      expect(certificate.issuer).toBe(certificate.subject);
      const keyUsage = certificate.getExtension(x509.KeyUsagesExtension);
      expect({ usages: keyUsage?.usages, critical: keyUsage?.critical }).toEqual({
        usages: x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        critical: true,
      });
      const basic = certificate.getExtension(x509.BasicConstraintsExtension);
      expect({ ca: basic?.ca, critical: basic?.critical }).toEqual({ ca: false, critical: true });
      expect(certificate.getExtension(x509.SubjectKeyIdentifierExtension)).toBeTruthy();
      expect(certificate.signatureAlgorithm).toMatchObject({ name: 'RSASSA-PKCS1-v1_5', hash: { name: 'SHA-256' } });
      expect(await certificate.verify({ signatureOnly: true })).toBe(true);
      expect(new X509Certificate(a.certificateDer).publicKey.asymmetricKeyDetails?.modulusLength).toBe(3072);

      const rows = await database.db.select().from(appSettings).where(eq(appSettings.key, GENERATED_SEAL_SETTING));
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows[0]!.value);
      expect(stored).toContain('BEGIN CERTIFICATE');
      expect(stored).not.toContain('PRIVATE KEY');
    } finally {
      if (second !== database) await second.close();
    }
  });

  it('is the configured PKCS#12 when SIGNING_P12_PATH is set, and a wrong password says so without repeating it', async () => {
    const file = path.join(work, 'school.p12');
    writeFileSync(file, await makeP12('CFA Test Seal', 'p12-secret-pass'));
    const configured = await loadSealCertificate(database.db, {
      ...noP12,
      SIGNING_P12_PATH: file,
      SIGNING_P12_PASSWORD: 'p12-secret-pass',
    });
    expect(configured.source).toBe('configured');
    expect(configured.subject).toContain('CN=CFA Test Seal');
    const sealed = await sealPdf(await contractPdf(1), configured);
    const verdict = pdfsig(sealed);
    expect(verdict.status).toBe(0);
    expect(verdict.out).toContain('Signature is Valid');
    expect(verdict.out).toContain('CFA Test Seal');

    const wrong = loadSealCertificate(database.db, {
      ...noP12,
      SIGNING_P12_PATH: file,
      SIGNING_P12_PASSWORD: 'not-the-password',
    });
    await expect(wrong).rejects.toThrow(/SIGNING_P12_PASSWORD/);
    await expect(wrong).rejects.not.toThrow(/not-the-password/);
    await expect(
      loadSealCertificate(database.db, { ...noP12, SIGNING_P12_PATH: path.join(work, 'missing.p12') }),
    ).rejects.toThrow(/could not be read \(ENOENT\)/);
  });
});

describe('sealing', () => {
  let certificate: SealCertificate;
  beforeAll(async () => {
    certificate = await loadSealCertificate(database.db, noP12);
  });

  it('gives a PAdES signature pdfsig finds valid, and invalid after one byte changes', async () => {
    const source = await contractPdf();
    const started = performance.now();
    const sealed = await sealPdf(source, certificate);
    const elapsed = performance.now() - started;
    console.log(`sealPdf: ${elapsed.toFixed(0)} ms for ${source.byteLength} bytes`);
    const verdict = pdfsig(sealed);
    expect(verdict.status, verdict.out).toBe(0);
    expect(verdict.out).toContain('Signature Type: ETSI.CAdES.detached');
    expect(verdict.out).toContain('Signature is Valid');
    expect(verdict.out).toContain('Total document signed');
    expect(verdict.out).toContain('Passerelle CFA seal (self-signed)');

    // One byte of the original content changed: inside the first content stream, in the first signed range.
    const firstRangeEnd = Number(/Signed Ranges: \[0 - (\d+)\]/.exec(verdict.out)?.[1]);
    const target = Buffer.from(sealed).indexOf('stream') + 'stream\n'.length + 5;
    expect(target).toBeLessThan(firstRangeEnd);
    const tampered = new Uint8Array(sealed);
    tampered[target] = tampered[target]! ^ 0x01;
    const broken = pdfsig(tampered);
    expect(broken.out).not.toContain('Signature is Valid');
    expect(broken.out).toMatch(/Signature is Invalid|Digest Mismatch/);
  });

  it('appends the certificate of completion and seals the whole: pdftotext reads every signer and every hash', async () => {
    const source = await contractPdf(2);
    const proof = evidence();
    const started = performance.now();
    const { bytes, sha256 } = await finalizeSignedPdf(source, proof, certificate);
    console.log(`finalizeSignedPdf: ${(performance.now() - started).toFixed(0)} ms`);
    expect(sha256).toBe(sha256Hex(bytes));
    const verdict = pdfsig(bytes);
    expect(verdict.status, verdict.out).toBe(0);
    expect(verdict.out).toContain('Signature is Valid');
    expect(verdict.out).toContain('Total document signed');

    const text = pdftotext(bytes);
    expect(text).toContain("Contrat d'apprentissage - page 1");
    expect(text).toContain('Certificat de réalisation');
    expect(text).toContain(proof.procedureId);
    for (const signer of proof.signers) {
      expect(text).toContain(signer.email);
      expect(text).toContain(signer.ip!);
    }
    for (const document of proof.documents) expect(text).toContain(document.sha256);
    expect(text).toContain(proof.consent.sha256);
    expect(text).toContain(proof.chain.headHash);
    expect(text).toContain(certificate.fingerprintSha256);
    expect(text).toContain('Léa Nguyễn');
    // UTC to the millisecond, and Paris time (winter: UTC+1; summer: UTC+2).
    expect(text).toContain('2026-11-25T10:53:16.123Z (UTC)');
    expect(text).toContain('25/11/2026 11:53:16.123 (Europe/Paris, UTC+01:00)');
    expect(text).toContain('01/07/2026 11:30:00.000 (Europe/Paris, UTC+02:00)');
    expect(text).toContain('Signature électronique simple');
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it('prints the SMTP Message-IDs of each signer’s link and code mails under their address', async () => {
    const link = '<0f8fad5b-d9cb-469f-a165-70867728950e@cfa.example.fr>';
    const code = '<7c9e6679-7425-40de-944b-e07fc1f90ae7@cfa.example.fr>';
    const [first, ...others] = evidence().signers;
    if (!first) throw new Error('no signer');
    const text = pdftotext(
      await renderCompletionCertificate(
        evidence({ signers: [{ ...first, linkMessageId: link, codeMessageId: code }, ...others] }),
      ),
    );
    expect(text).toMatch(new RegExp(`${first.email}\\s+Message-ID du lien : ${link}\\s+Message-ID du code : ${code}`));
    // Only where known: the other signers have none.
    expect(text.match(/Message-ID du lien/g)).toHaveLength(1);
  });

  it('writes a manual procedure as paper signatures, never as electronic ones', async () => {
    const scan = sha256Hex('scan');
    const proof = evidence({
      method: 'manual',
      signers: evidence().signers.map((signer) => ({
        ...signer,
        method: 'manual' as const,
        manual: {
          scanSha256: scan,
          uploadedAt: new Date('2026-11-24T09:00:00.000Z'),
          confirmedBy: 'Claire Martin',
          confirmedAt: new Date('2026-11-24T10:00:00.000Z'),
        },
      })),
    });
    const text = pdftotext(await renderCompletionCertificate(proof));
    expect(text).toContain('Signature manuscrite sur papier');
    expect(text).toContain("Ce n'est pas une signature électronique");
    expect(text).not.toContain('Signature électronique simple');
    expect(text).toContain(scan);
    for (const signer of proof.signers) expect(text).toContain(signer.email);
  });

  it('runs onto more pages when there are many documents and signers', async () => {
    const many = evidence({
      documents: Array.from({ length: 30 }, (_, i) => ({
        name: `annexe-${i}.pdf`,
        kind: 'annex',
        version: 1,
        pages: 1,
        sha256: sha256Hex(`doc ${i}`),
      })),
    });
    const bytes = await renderCompletionCertificate(many);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    const text = pdftotext(bytes);
    for (const document of many.documents) expect(text).toContain(document.sha256);
    expect(text).toMatch(/page 2 \/ \d/);
  });
});
