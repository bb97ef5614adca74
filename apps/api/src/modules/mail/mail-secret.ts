import { decryptText, encryptText, type DataKeys } from '../../lib/crypto.ts';

/**
 * A mail that carries a secret (a signature's one-time code) is queued without it (issue 27): wherever the secret
 * appears in the subject and bodies, the row holds this placeholder, and the secret itself is encrypted with the data
 * keys (AES-256-GCM, lib/crypto.ts) in `sealed_secret`. The sender puts it back just before the SMTP conversation, and
 * the ciphertext is erased once the mail is sent or given up: someone who reads the outbox (a backup, a replica, a
 * support query) cannot sign with it.
 */
export const SECRET_PLACEHOLDER = '[[passerelle:secret]]';

export interface MailTexts {
  subject: string;
  text: string;
  html?: string | undefined;
}

/** The texts with every occurrence of `secret` replaced by the placeholder, and the secret encrypted. */
export function sealSecret<T extends MailTexts>(mail: T, secret: string, keys: DataKeys): T & { sealedSecret: string } {
  if (!/^\S{4,}$/.test(secret)) throw new Error('a mail secret is at least 4 characters, without spaces');
  const parts = [mail.subject, mail.text, mail.html ?? ''];
  // Put back blindly at sending: a placeholder already in the texts would receive the secret too.
  if (parts.some((part) => part.includes(SECRET_PLACEHOLDER)))
    throw new Error('the mail already holds the placeholder');
  if (!parts.some((part) => part.includes(secret))) throw new Error('the secret is not in the mail');
  const hide = (value: string) => value.replaceAll(secret, SECRET_PLACEHOLDER);
  return {
    ...mail,
    subject: hide(mail.subject),
    text: hide(mail.text),
    ...(mail.html === undefined ? {} : { html: hide(mail.html) }),
    sealedSecret: encryptText(keys, secret),
  };
}

interface QueuedTexts {
  subject: string;
  textBody: string;
  htmlBody: string | null;
  sealedSecret: string | null;
}

/**
 * The mail as it is sent: the secret decrypted and put back where the placeholder is. Without a sealed secret the mail
 * is sent as queued; with one but no keys (or the wrong ones) this throws, and the attempt fails rather than sending
 * the placeholder.
 */
export function revealSecret<T extends QueuedTexts>(mail: T, keys: DataKeys | undefined): T {
  if (mail.sealedSecret === null) return mail;
  if (!keys) throw new Error('a sealed mail secret needs the data keys');
  const secret = decryptText(keys, mail.sealedSecret);
  const put = (value: string) => value.replaceAll(SECRET_PLACEHOLDER, secret);
  return {
    ...mail,
    subject: put(mail.subject),
    textBody: put(mail.textBody),
    htmlBody: mail.htmlBody === null ? null : put(mail.htmlBody),
  };
}
