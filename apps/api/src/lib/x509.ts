/**
 * @peculiar/x509 on node's WebCrypto, loaded on first use. It resolves its services through tsyringe, which wants the
 * Reflect metadata API: the polyfill is loaded first, here rather than with the portal, since only the making of a
 * certificate needs it (the seal's, the tests' TLS one).
 */
export async function loadX509() {
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(crypto);
  return x509;
}
