import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/**
 * A self-signed server certificate for 127.0.0.1 and localhost, valid a day, written as PEM files into `dir`: for
 * tests and measurements of the portal over HTTPS (TLS_CERT_FILE, TLS_KEY_FILE), whose clients are told to accept it.
 */
export function writeTestTlsCertificate(dir: string): { certFile: string; keyFile: string; certificatePem: string } {
  // forge makes the pair with Node's own generator when it is there.
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = `01${randomBytes(16).toString('hex')}`;
  certificate.validity.notBefore = new Date(Date.now() - 5 * 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const name = [{ name: 'commonName', value: 'localhost' }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  const certificatePem = forge.pki.certificateToPem(certificate);
  const certFile = path.join(dir, 'tls-cert.pem');
  const keyFile = path.join(dir, 'tls-key.pem');
  writeFileSync(certFile, certificatePem);
  writeFileSync(keyFile, forge.pki.privateKeyToPem(keys.privateKey), { mode: 0o600 });
  return { certFile, keyFile, certificatePem };
}
