import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, startSecondProcess } from '../../../test/helper.ts';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { createMailSender, deliverDueMails, drainMailOutbox, SEND_LEASE_SECONDS, type MailSender } from './mail.service.ts';
import { startTestSmtpServer } from './test-smtp-server.ts';

/**
 * Issue 27: a process killed while it sends the outbox. Its claim holds one mail (the one it was sending) for a minute
 * at most, never the rest of the queue; that mail is sent again by another process with the Message-ID it was given
 * when queued, so that the receiving side sees one message twice, never two messages. A real SMTP conversation.
 */
describe('mail outbox when the sending process dies mid-queue', async () => {
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const context = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Passerelle <no-reply@passerelle.test>' });
  const { app } = context;
  const other = await startSecondProcess(context);

  /**
   * The real SMTP sender of a process that is killed right after the server took its `dieAfter`-th mail: the mail is
   * delivered, the process never notes it sent, and sends nothing more.
   */
  function senderKilledAfter(dieAfter: number): MailSender & { sent: number } {
    const real = createMailSender(app.config);
    const sender = {
      kind: real.kind,
      sent: 0,
      async send(mail: Parameters<MailSender['send']>[0]) {
        const messageId = await real.send(mail);
        sender.sent += 1;
        if (sender.sent === dieAfter) return new Promise<string | null>(() => {});
        return messageId;
      },
      close: () => real.close(),
    };
    return sender;
  }

  it('loses no mail, delays the one it was sending by its one-minute lease, and resends it with the same Message-ID', async () => {
    // Sign-in links asked for on the sign-in page: mails queued by the product, as people ask for them.
    const addresses = Array.from({ length: 6 }, (_, i) => `crash-${i}@example.test`);
    await app.db.insert(users).values(addresses.map((email) => ({ email, userType: 'admissible' })));
    for (const email of addresses) {
      const asked = await app.inject({ method: 'POST', url: '/api/auth/login-link', payload: { email } });
      expect(asked.statusCode).toBeLessThan(300);
    }
    await app.afterResponseSettled();
    const queued = await app.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));
    expect(queued).toHaveLength(addresses.length);
    // Each mail has its Message-ID from the moment it is queued, on the sender's domain.
    for (const mail of queued) expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@passerelle\.test>$/);

    // This process sends the first mail, then is killed once the server took the second.
    const dying = senderKilledAfter(2);
    void deliverDueMails(app.db, dying, { maxAttempts: app.config.MAIL_MAX_ATTEMPTS, log: app.log });
    await vi.waitFor(() => expect(dying.sent).toBe(2), { timeout: 10_000, interval: 10 });
    const held = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sending')))[0];
    expect(held).toBeDefined();
    // Held for one send's lease, a minute at most.
    const heldForMs = (held?.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(heldForMs).toBeGreaterThan(0);
    expect(heldForMs).toBeLessThanOrEqual(SEND_LEASE_SECONDS * 1000);
    expect(SEND_LEASE_SECONDS).toBeLessThanOrEqual(60);

    // The other process sends the rest at once: the dead one held nothing else.
    const started = performance.now();
    expect(await drainMailOutbox(other)).toEqual({ delivered: addresses.length - 2, retried: 0, failed: 0 });
    console.info(`the rest of the queue sent by the other process in ${Math.round(performance.now() - started)} ms`);
    expect((await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, held?.id ?? 0)))[0]?.status).toBe('sending');

    // Its lease over (moved in the database, never slept on), the held mail is sent again, once, by the other process.
    await app.db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, held?.id ?? 0));
    expect(await drainMailOutbox(other)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    dying.close();

    const rows = await app.db.select().from(mailOutbox).where(inArray(mailOutbox.toAddress, addresses));
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(rows.find((row) => row.id === held?.id)?.attempts).toBe(2);
    // No loss: every address received its mail. The mail sent twice is one message twice: the same Message-ID, the
    // one it was queued with, which a receiving server deduplicates. Distinct mails, distinct Message-IDs.
    for (const row of rows) {
      const received = smtp.messages.filter((m) => m.envelopeTo.includes(row.toAddress));
      expect(received.length).toBe(row.id === held?.id ? 2 : 1);
      expect(new Set(received.map((m) => m.parsed.messageId))).toEqual(new Set([row.messageId]));
    }
    expect(new Set(rows.map((row) => row.messageId)).size).toBe(rows.length);
  });
});
