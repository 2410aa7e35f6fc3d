/**
 * A self-signed certificate and its RSA key in a PKCS#12 file, made at test time (node's RSA key
 * generation, node-forge for the certificate and the PKCS#12 container), as a user's .p12 would
 * come from their certificate store.
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export function selfSignedPkcs12(password: string, commonName = 'Pagewright Test Signer'): Uint8Array {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(Date.now() - 86_400_000);
  certificate.validity.notAfter = new Date(Date.now() + 30 * 86_400_000);
  const name = [{ name: 'commonName', value: commonName }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: 'aes256' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
