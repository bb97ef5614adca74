import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/helper.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { drainMailOutbox, enqueueMail } from './mail.service.ts';
import { startMailWorker } from './mail.worker.ts';
import { findClosedPort, startTestSmtpServer } from './test-smtp-server.ts';

async function rowOf(app: Awaited<ReturnType<typeof createTestApp>>['app'], queued: number | { id: number }) {
  const id = typeof queued === 'number' ? queued : queued.id;
  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`mail ${id} not found`);
  return row;
}

/** Makes a deferred retry due now, as if its delay had passed. */
async function makeDue(app: Awaited<ReturnType<typeof createTestApp>>['app'], id: number) {
  await app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
}

describe('mail outbox with an SMTP server', async () => {
  const smtp = await startTestSmtpServer();
  afterAll(() => smtp.close());
  const { app } = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Passerelle <no-reply@passerelle.test>',
    MAIL_POLL_INTERVAL_MS: 20,
  });

  it('sends a queued mail over SMTP, text and html, and marks it sent', async () => {
    const { id } = await enqueueMail(
      app.db,
      {
        to: 'Camille.Durand@Example.org',
        subject: 'Sujet accentué é',
        text: 'Bonjour Camille',
        html: '<p>Bonjour <strong>Camille</strong></p>',
      },
      app.config,
    );
    const report = await drainMailOutbox(app);
    expect(report).toEqual({ delivered: 1, retried: 0, failed: 0 });

    const received = smtp.messages.find((m) => m.parsed.subject === 'Sujet accentué é');
    expect(received?.envelopeTo).toEqual(['camille.durand@example.org']);
    expect(received?.parsed.from?.address).toBe('no-reply@passerelle.test');
    expect(received?.parsed.text?.trim()).toBe('Bonjour Camille');
    expect(received?.parsed.html).toContain('<strong>Camille</strong>');

    const row = await rowOf(app, id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.lockedUntil).toBeNull();
    // Decided when queued, on MAIL_FROM's domain, and sent with.
    expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@passerelle\.test>$/);
    expect(received?.parsed.messageId).toBe(row.messageId);
  });

  it('sends the mail with the Message-ID decided when it was queued, the one the evidence names', async () => {
    const queued = await enqueueMail(
      app.db,
      { to: 'signer@example.org', subject: 'Message-ID at queue time', text: 'x' },
      app.config,
    );
    expect(queued.messageId).toMatch(/^<[0-9a-f-]{36}@passerelle\.test>$/);
    expect((await rowOf(app, queued)).messageId).toBe(queued.messageId);
    await drainMailOutbox(app);
    const received = smtp.messages.find((m) => m.parsed.subject === 'Message-ID at queue time');
    expect(received?.parsed.messageId).toBe(queued.messageId);
    expect(received?.parsed.headers.find((h) => h.key === 'message-id')?.value).toBe(queued.messageId);
    expect((await rowOf(app, queued)).messageId).toBe(queued.messageId);
  });

  it('queues nothing when the transaction that queued the mail rolls back', async () => {
    const rollback = new Error('rolled back on purpose');
    await expect(
      app.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rollback@example.org', subject: 'never', text: 'never' }, app.config);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'rollback@example.org'));
    expect(rows).toHaveLength(0);
  });

  it('sends each mail once when several senders drain at the same time', async () => {
    const ids = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        enqueueMail(app.db, { to: `many${i}@example.org`, subject: `once ${i}`, text: 'x' }, app.config),
      ),
    );
    const reports = await Promise.all([drainMailOutbox(app), drainMailOutbox(app), drainMailOutbox(app)]);
    expect(reports.reduce((sum, r) => sum + r.delivered, 0)).toBe(25);
    for (let i = 0; i < 25; i++) {
      expect(smtp.messages.filter((m) => m.parsed.subject === `once ${i}`)).toHaveLength(1);
    }
    const rows = await Promise.all(ids.map((queued) => rowOf(app, queued)));
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(25);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('takes over a mail whose sender died mid-send once its lock has run out', async () => {
    const { id } = await enqueueMail(app.db, { to: 'stale@example.org', subject: 'stale lock', text: 'x' }, app.config);
    await app.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    await drainMailOutbox(app);
    expect(smtp.messages.filter((m) => m.parsed.subject === 'stale lock')).toHaveLength(1);
    const row = await rowOf(app, id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
  });

  it('leaves alone a mail another sender holds a live lock on', async () => {
    const { id } = await enqueueMail(app.db, { to: 'locked@example.org', subject: 'held', text: 'x' }, app.config);
    await app.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(mailOutbox.id, id));
    await drainMailOutbox(app);
    expect(smtp.messages.filter((m) => m.parsed.subject === 'held')).toHaveLength(0);
    expect((await rowOf(app, id)).status).toBe('sending');
  });

  it('runs as a worker that polls the outbox and stops cleanly', async () => {
    const worker = startMailWorker(app);
    const { id } = await enqueueMail(
      app.db,
      { to: 'worker@example.org', subject: 'by the worker', text: 'x' },
      app.config,
    );
    await vi.waitFor(async () => expect((await rowOf(app, id)).status).toBe('sent'), { timeout: 5000, interval: 20 });
    await worker.stop();

    const { id: after } = await enqueueMail(
      app.db,
      { to: 'worker@example.org', subject: 'after stop', text: 'x' },
      app.config,
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await rowOf(app, after)).status).toBe('pending');
    expect(smtp.messages.filter((m) => m.parsed.subject === 'by the worker')).toHaveLength(1);
  });
});

describe('mail outbox while the SMTP server is down', async () => {
  const port = await findClosedPort();
  const { app } = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_MAX_ATTEMPTS: 3 });

  it('keeps the mail queued with its attempts counted, then sends it once the server is up', async () => {
    const { id } = await enqueueMail(
      app.db,
      { to: 'patient@example.org', subject: 'eventually', text: 'x' },
      app.config,
    );
    expect(await drainMailOutbox(app)).toEqual({ delivered: 0, retried: 1, failed: 0 });

    const failed = await rowOf(app, id);
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: a drain right away leaves it alone.
    expect(await drainMailOutbox(app)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect((await rowOf(app, id)).attempts).toBe(1);

    const smtp = await startTestSmtpServer(port);
    try {
      await makeDue(app, id);
      expect(await drainMailOutbox(app)).toEqual({ delivered: 1, retried: 0, failed: 0 });
      expect(smtp.messages.map((m) => m.parsed.subject)).toEqual(['eventually']);
      const sent = await rowOf(app, id);
      expect(sent.status).toBe('sent');
      expect(sent.attempts).toBe(2);
    } finally {
      await smtp.close();
    }
  });

  it('waits longer after each failure and gives up after MAIL_MAX_ATTEMPTS', async () => {
    const { id } = await enqueueMail(app.db, { to: 'hopeless@example.org', subject: 'never', text: 'x' }, app.config);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      await drainMailOutbox(app);
      const row = await rowOf(app, id);
      expect(row.attempts).toBe(attempt);
      delays.push(row.nextAttemptAt.getTime() - before);
      await makeDue(app, id);
    }
    expect(delays[1]).toBeGreaterThan(delays[0] ?? Infinity);
    expect((await rowOf(app, id)).status).toBe('failed');
    expect(await drainMailOutbox(app)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect((await rowOf(app, id)).attempts).toBe(3);
  });
});

describe('mail outbox with no SMTP server configured', async () => {
  const { app } = await createTestApp({ SMTP_URL: undefined });

  it('prints the mail on stdout, link included, and marks it printed', async () => {
    const { id } = await enqueueMail(
      app.db,
      {
        to: 'offline@example.org',
        subject: 'Votre lien',
        text: 'Ouvrez http://localhost:3999/?t=abcdefghijklmnop',
      },
      app.config,
    );
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      expect(await drainMailOutbox(app)).toEqual({ delivered: 1, retried: 0, failed: 0 });
    } finally {
      spy.mockRestore();
    }
    const printed = written.join('');
    expect(printed).toContain('To: offline@example.org');
    expect(printed).toContain('Subject: Votre lien');
    expect(printed).toContain('http://localhost:3999/?t=abcdefghijklmnop');
    // Framed, so that it stands out among the server's lines.
    expect(printed).toContain('MAIL (not sent: SMTP_URL is not set)');
    expect(printed.split('\n').filter((line) => line.includes('abcdefghijklmnop'))[0]).toMatch(/^\S* ?│/u);
    const row = await rowOf(app, id);
    expect(row.status).toBe('printed');
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});
