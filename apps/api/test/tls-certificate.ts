import { createPrivateKey, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadX509 } from '../src/lib/x509.ts';

/**
 * A self-signed server certificate for 127.0.0.1 and localhost, valid a day, written as PEM files into `dir`: for
 * tests and measurements of the portal over HTTPS (TLS_CERT_FILE, TLS_KEY_FILE), whose clients are told to accept it.
 */
export async function writeTestTlsCertificate(dir: string): Promise<{ certFile: string; keyFile: string; certificatePem: string }> {
  const x509 = await loadX509();
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) };
  const keys = await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: `01${randomBytes(16).toString('hex')}`,
    name: [{ CN: ['localhost'] }],
    notBefore: new Date(Date.now() - 5 * 60_000),
    notAfter: new Date(Date.now() + 24 * 3600_000),
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(false),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  const certificatePem = certificate.toString('pem');
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', keys.privateKey));
  const certFile = path.join(dir, 'tls-cert.pem');
  const keyFile = path.join(dir, 'tls-key.pem');
  writeFileSync(certFile, certificatePem);
  writeFileSync(keyFile, createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return { certFile, keyFile, certificatePem };
}
