import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { loadDataKeys } from '../../db/secrets.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { deriveDataKeys } from '../../lib/crypto.ts';
import { SECRET_PLACEHOLDER } from './mail-secret.ts';
import { drainMailOutbox, enqueueMail } from './mail.service.ts';
import { findClosedPort, startTestSmtpServer } from './test-smtp-server.ts';

/**
 * Issue 27: a mail that carries a secret (a signature code) is queued with a placeholder and the secret encrypted with
 * the data keys, put back only in the SMTP conversation, and the ciphertext is erased once the mail is sent or given up.
 */
describe('a secret in a queued mail', async () => {
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const { app } = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Passerelle <no-reply@passerelle.test>' });
  const keys = await loadDataKeys(app.db, app.config);

  const rowOf = async (id: number) => {
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw new Error(`mail ${id} not found`);
    return row;
  };

  it('is kept encrypted in the queue, in no column in clear, and sent in clear; erased once sent', async () => {
    const queued = await enqueueMail(
      app.db,
      {
        to: 'signer@example.org',
        subject: 'Votre code : 482913',
        text: 'Votre code :\n482913\n',
        html: '<p>482913</p>',
        secret: { value: '482913', keys },
      },
      app.config,
    );
    const row = await rowOf(queued.id);
    expect(row).toMatchObject({
      subject: `Votre code : ${SECRET_PLACEHOLDER}`,
      htmlBody: `<p>${SECRET_PLACEHOLDER}</p>`,
    });
    expect(JSON.stringify(row)).not.toContain('482913');
    expect(row.sealedSecret).toMatch(/^v1\./);

    expect(await drainMailOutbox(app)).toMatchObject({ delivered: 1 });
    const received = smtp.messages.find((m) => m.parsed.messageId === queued.messageId);
    expect(received?.parsed.subject).toBe('Votre code : 482913');
    expect(received?.parsed.text).toContain('\n482913\n');
    expect(received?.parsed.html).toContain('<p>482913</p>');
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'sent',
      sealedSecret: null,
      subject: `Votre code : ${SECRET_PLACEHOLDER}`,
    });
  });

  it('refuses a secret the texts do not hold, or texts that already hold the placeholder', async () => {
    const queue = (subject: string, value: string) =>
      enqueueMail(app.db, { to: 'x@example.org', subject, text: 'x', secret: { value, keys } }, app.config);
    await expect(queue('Votre code', '482913')).rejects.toThrow(/not in the mail/);
    await expect(queue(`${SECRET_PLACEHOLDER} 482913`, '482913')).rejects.toThrow(/placeholder/);
  });

  it('fails the attempt, and sends nothing, when the keys cannot open the secret', async () => {
    const otherKeys = deriveDataKeys(Buffer.alloc(32, 7).toString('base64'));
    const queued = await enqueueMail(
      app.db,
      {
        to: 'wrongkey@example.org',
        subject: 'Code 771204',
        text: '771204',
        secret: { value: '771204', keys: otherKeys },
      },
      app.config,
    );
    expect(await drainMailOutbox(app)).toMatchObject({ delivered: 0, retried: 1 });
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('wrongkey@example.org'))).toEqual([]);
    expect((await rowOf(queued.id)).status).toBe('pending');
  });
});

describe('a secret in a mail given up', async () => {
  const { app } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await findClosedPort()}`, MAIL_MAX_ATTEMPTS: 1 });
  const keys = await loadDataKeys(app.db, app.config);

  it('is erased with the last attempt', async () => {
    const { id } = await enqueueMail(
      app.db,
      {
        to: 'nobody@example.org',
        subject: 'Code 905318',
        text: '905318',
        secret: { value: '905318', keys },
      },
      app.config,
    );
    expect(await drainMailOutbox(app)).toMatchObject({ failed: 1 });
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', sealedSecret: null });
    // Nothing more to try: a later drain finds nothing due.
    await app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    expect(await drainMailOutbox(app)).toEqual({ delivered: 0, retried: 0, failed: 0 });
  });
});
