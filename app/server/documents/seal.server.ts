import { generateKeyPairSync, randomBytes } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";
import type { PDFDocument } from "pdf-lib";

/*
 * The firm's seal on signed documents (issue 35, item 4; decision 046): a PAdES signature
 * (ETSI.CAdES.detached) over the whole file, made with a PKCS#12 certificate. Any reader
 * (Adobe Reader, poppler's `pdfsig`) can check that the file is the one the firm sealed,
 * byte for byte. A production site sets its own certificate; without one the site makes a
 * self-signed one whose name says so, so that nobody mistakes it for a trusted seal.
 */

export interface SealKey {
  /** The PKCS#12 file: the certificate and its private key. */
  p12: Uint8Array;
  passphrase: string;
}

/** What a reader's signature panel shows beside the seal. */
export interface SealLabel {
  reason: string;
  location: string;
  contactInfo: string;
  name: string;
}

/** The common name of a self-signed seal: it names the firm and says plainly that nobody vouches for it. */
export const selfSignedName = (firm: string) => `${firm} document seal (self-signed, not a trusted certificate)`;

/** A new self-signed seal for `firm`: an RSA-2048 key and a ten-year certificate, in a PKCS#12 under `passphrase`. */
export function makeSelfSignedSeal(firm: string, passphrase: string, now = new Date()): SealKey {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: "spki", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365.25 * 24 * 3600_000);
  const subject = [
    { name: "commonName", value: selfSignedName(firm) },
    { name: "organizationName", value: firm },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, { algorithm: "aes256", friendlyName: selfSignedName(firm) });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"), passphrase };
}

/** The name a seal's certificate carries (its common name), or an error when the file or passphrase is wrong. */
export function sealName(key: SealKey): string {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(key.p12).toString("binary")), key.passphrase);
  const bags = p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
  const cert = bags.find((bag) => bag.cert)?.cert;
  if (!cert) throw new Error("the PKCS#12 file holds no certificate");
  const keys = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? [];
  if (keys.length === 0) throw new Error("the PKCS#12 file holds no private key");
  return String(cert.subject.getField("CN")?.value ?? "");
}

/**
 * `doc` saved and sealed: a signature field over the whole file (invisible), saved without
 * object streams (the placeholder must be findable in the bytes), then signed. Nothing may
 * change the bytes afterwards: one changed byte and every reader says the seal is broken.
 */
export async function sealPdf(doc: PDFDocument, key: SealKey, label: SealLabel, signingTime: Date): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    ...label,
    signingTime,
    subFilter: "ETSI.CAdES.detached",
    signatureLength: 16_384,
    appName: label.name,
  });
  const unsigned = await doc.save({ useObjectStreams: false });
  const signed = await new SignPdf().sign(Buffer.from(unsigned), new P12Signer(Buffer.from(key.p12), { passphrase: key.passphrase }), signingTime);
  return new Uint8Array(signed);
}
