import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../../test/helper.ts';
import { openDatabase, type Db } from '../db/client.ts';
import { admissibles, formations, schools, users } from '../db/schema/index.ts';
import { linkIn, startTestSmtpServer } from '../modules/mail/test-smtp-server.ts';

const cli = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'cli.ts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator commands as an operator runs them: a separate process on the embedded database's folder (PGlite runs)
 * or on a fresh PostgreSQL database (PostgreSQL runs), with the test SMTP server or none.
 */
// Each command starts a Node process and opens the database: seconds each on a busy machine.
describe('command line: import-applicants, invite, create-staff', { timeout: 120_000 }, async () => {
  const smtp = await startTestSmtpServer();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'passerelle-cli-'));
  const dataDir = path.join(folder, 'data');
  const postgres = testDbKind === 'postgres' ? await createTestDatabase() : undefined;
  afterAll(async () => {
    await smtp.close();
    await postgres?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  /** The database between two commands: PGlite's folder is opened only while no command runs. */
  async function withDb<T>(run: (db: Db) => Promise<T>): Promise<T> {
    if (postgres) return run(postgres.database.db);
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      return await run(database.db);
    } finally {
      await database.close();
    }
  }

  function runCli(args: string[], env: Record<string, string> = {}): Promise<Run> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [cli, ...args],
        {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATA_DIR: dataDir,
            DATABASE_URL: postgres?.url ?? '',
            PUBLIC_URL: 'http://localhost:3999',
            SMTP_URL: smtp.url,
            DEMO_DATA: 'false',
            ...env,
          },
        },
        (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
        },
      );
    });
  }

  await withDb(async (db) => {
    const [school] = await db.insert(schools).values({ code: 'EMLV', name: 'EMLV Business School' }).returning();
    if (!school) throw new Error('school not written');
    await db.insert(formations).values({
      schoolId: school.id,
      libelle: 'MSc Finance',
      code: 'MSCF',
      year: 2026,
      etape: 4,
      trainingStart: '2026-09-01',
      trainingEnd: '2028-08-31',
    });
  });

  const csv = async (name: string, text: string) => {
    const file = path.join(folder, name);
    await writeFile(file, text);
    return file;
  };

  it('prints every wrong line and imports nothing, exit code 1', async () => {
    const file = await csv('bad.csv', 'Nom;Prénom;E-mail;École;Formation\nDurand;Hélène;helene@example.org;EMLV;MSCF\nPetit;Léo;leo@;EMLV;MSCF\n');
    const run = await runCli(['import-applicants', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("Ligne 3, adresse e-mail: « leo@ » n'est pas une adresse e-mail valide.");
    expect(run.stdout).toContain("1 erreur(s) sur 2 ligne(s) : rien n'a été importé.");
    expect(await withDb((db) => db.select().from(users).where(eq(users.email, 'helene@example.org')))).toEqual([]);
  });

  it('checks a file with --dry-run, then imports it', async () => {
    const file = await csv('good.csv', 'Last name,First name,Email,School,Programme,Language\nDurand,Hélène,helene@example.org,EMLV,MSc Finance,fr\nSmith,Ann,ann@example.org,EMLV,MSCF,en\n');
    const dry = await runCli(['import-applicants', file, '--dry-run', '--lang', 'en-US']);
    expect(dry).toMatchObject({ code: 0, stdout: '2 applicant(s) ready to import; nothing was stored (--dry-run).\n' });
    expect(await withDb((db) => db.select().from(users).where(eq(users.email, 'helene@example.org')))).toEqual([]);

    const run = await runCli(['import-applicants', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 candidat(s) importé(s).');
    const stored = await withDb((db) =>
      db
        .select({ email: users.email, lang: users.lang, formationId: admissibles.formationId })
        .from(users)
        .innerJoin(admissibles, eq(admissibles.userId, users.id))
        .where(inArray(users.email, ['helene@example.org', 'ann@example.org']))
        .orderBy(users.email),
    );
    expect(stored.map((s) => [s.email, s.lang])).toEqual([
      ['ann@example.org', 'en-US'],
      ['helene@example.org', 'fr-FR'],
    ]);
    expect(stored.every((s) => s.formationId !== null)).toBe(true);
  });

  it('refuses a file without the required columns, naming them', async () => {
    const file = await csv('columns.csv', 'Nom,Prénom\nDurand,Hélène\n');
    const run = await runCli(['import-applicants', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('absentes : adresse e-mail, école, formation');
  });

  it('invites applicants by address and sends the mail before it exits', async () => {
    const run = await runCli(['invite', 'ANN@example.org']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('1 invitation(s) en file, 1 mail(s) envoyé(s).\n');
    const mail = smtp.messages.find((m) => m.envelopeTo.includes('ann@example.org'));
    expect(mail?.parsed.subject).toBe('Welcome to Passerelle, your apprenticeship space');
    expect(linkIn(mail)).toMatch(/^http:\/\/localhost:3999\/\?t=/);
    const [ann] = await withDb((db) => db.select().from(users).where(eq(users.email, 'ann@example.org')));
    expect(ann?.invitedAt).not.toBeNull();
  });

  it('prints the invitation on the terminal when no SMTP server is set, and refuses unknown addresses', async () => {
    const run = await runCli(['invite', 'helene@example.org'], { SMTP_URL: '' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('MAIL (not sent: SMTP_URL is not set)');
    expect(run.stdout).toContain('To: helene@example.org');
    expect(run.stdout).toMatch(/http:\/\/localhost:3999\/\?t=[\w-]{43}/);

    const unknown = await runCli(['invite', 'helene@example.org', 'nobody@example.org']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Aucun candidat n'a ces adresses : nobody@example.org. Rien n'a été envoyé");
  });

  it('creates an admin account and mails its sign-in link', async () => {
    const run = await runCli(['create-staff', 'Direction@cfa.example.org', '--admin']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Compte créé (administrateur)');
    const [account] = await withDb((db) => db.select().from(users).where(eq(users.email, 'direction@cfa.example.org')));
    expect(account?.userType).toBe('admin');
    expect(smtp.messages.some((m) => m.envelopeTo.includes('direction@cfa.example.org'))).toBe(true);
    expect((await runCli(['create-staff', 'not-an-address'])).code).toBe(2);
  });

  it('refuses an unknown option, an option without its value and a flag with one, exit code 2', async () => {
    const runs = await Promise.all([
      runCli(['create-staff', '--owner', 'direction@cfa.example.org']),
      runCli(['invite', 'ann@example.org', '--lang']),
      runCli(['import-applicants', 'admis.csv', '--dry-run=yes']),
    ]);
    expect(runs.map((run) => [run.code, run.stderr])).toEqual([
      [2, 'Unknown option: --owner\n'],
      [2, '--lang needs a value\n'],
      [2, '--dry-run takes no value\n'],
    ]);
  });

  it.runIf(testDbKind === 'pglite')('says to stop the server while it holds the embedded database', async () => {
    const held = await openDatabase({ dataDir });
    try {
      const run = await runCli(['import-applicants', path.join(folder, 'good.csv'), '--dry-run']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('import-applicants: the embedded database is in use.');
      expect(run.stderr).toContain('stop the Passerelle server');
    } finally {
      await held.close();
    }
  });
});
