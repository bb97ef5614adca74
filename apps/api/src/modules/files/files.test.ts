import type { ErrorBody, UserType } from '@passerelle/contract';
import { describe, expect, it } from 'vitest';
import { accessTokenFor, createTestApp } from '../../../test/helper.ts';
import { companies, companyUsers, dossiers, publicFiles, users } from '../../db/schema/index.ts';
import { registerFileAccessRule } from './file-access.ts';
import { saveFile } from './files.service.ts';

describe('GET /api/files/:id', async () => {
  const { app } = await createTestApp();
  const db = app.db;
  let seq = 0;

  async function createUser(userType: UserType) {
    seq += 1;
    const [user] = await db.insert(users).values({ email: `files-${seq}@example.test`, userType }).returning();
    if (!user) throw new Error('user not created');
    return { id: user.id, token: await accessTokenFor(app, { id: user.id, userType }) };
  }

  const bytes = (text: string) => new Uint8Array(Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`, 'latin1'));
  const store = (ownerUserId: number | null, kind: string, filename = 'document.pdf') =>
    saveFile(db, app.storage, { ownerUserId, kind, filename, contentType: 'application/pdf', bytes: bytes(`${kind}-${filename}`) });
  const download = (id: string, token?: string) =>
    app.inject({ method: 'GET', url: `/api/files/${id}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('streams the exact bytes to the owner, as an attachment never cached nor sniffed', async () => {
    const owner = await createUser('admissible');
    const file = await store(owner.id, 'cv', 'CV Zoé "final".pdf');
    const res = await download(file.id, owner.token);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, Buffer.from(bytes('cv-CV Zoé "final".pdf')))).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="CV Zoe _final_.pdf"; filename*=UTF-8''CV%20Zo%C3%A9%20%22final%22.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 to another applicant and a company user, 200 to staff and admins', async () => {
    const owner = await createUser('admissible');
    const file = await store(owner.id, 'cv');
    const other = await createUser('admissible');
    const company = await createUser('company');
    expect((await download(file.id, other.token)).statusCode).toBe(404);
    expect((await download(file.id, company.token)).json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect((await download(file.id, (await createUser('staff')).token)).statusCode).toBe(200);
    expect((await download(file.id, (await createUser('admin')).token)).statusCode).toBe(200);
  });

  it('answers 401 without a token, and 404 for an unknown or malformed id', async () => {
    const owner = await createUser('admissible');
    const file = await store(owner.id, 'cv');
    const anonymous = await download(file.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ErrorBody>().code).toBe('UNAUTHORIZED');
    expect((await download('00000000-0000-4000-8000-000000000000', owner.token)).statusCode).toBe(404);
    expect((await download('not-a-uuid', owner.token)).statusCode).toBe(404);
    expect((await download("1' or '1'='1", owner.token)).statusCode).toBe(404);
  });

  it('lets any signed-in user read a public file', async () => {
    const file = await store(null, 'public', 'guide.pdf');
    await db.insert(publicFiles).values({ name: 'Guide', fileId: file.id });
    expect((await download(file.id, (await createUser('company')).token)).statusCode).toBe(200);
    expect((await download(file.id, (await createUser('admissible')).token)).statusCode).toBe(200);
    expect((await download(file.id)).statusCode).toBe(401);
  });

  it("lets the dossier's applicant and its company's users read its contract documents", async () => {
    const applicant = await createUser('admissible');
    const employee = await createUser('company');
    const stranger = await createUser('company');
    const otherApplicant = await createUser('admissible');
    const [company] = await db.insert(companies).values({ name: 'ACME' }).returning();
    const [otherCompany] = await db.insert(companies).values({ name: 'Globex' }).returning();
    await db.insert(companyUsers).values([
      { companyId: company!.id, userId: employee.id },
      { companyId: otherCompany!.id, userId: stranger.id },
    ]);
    const cerfa = await store(null, 'cerfa', 'cerfa.pdf');
    const avenant = await store(null, 'cerfaAvenant', 'avenant.pdf');
    await db.insert(dossiers).values({ admissibleUserId: applicant.id, companyId: company!.id, cerfaFileId: cerfa.id, cerfaAvenantFileId: avenant.id });

    for (const file of [cerfa, avenant]) {
      expect((await download(file.id, applicant.token)).statusCode).toBe(200);
      expect((await download(file.id, employee.token)).statusCode).toBe(200);
      expect((await download(file.id, stranger.token)).statusCode).toBe(404);
      expect((await download(file.id, otherApplicant.token)).statusCode).toBe(404);
    }
    // The type of account is read with the session, never taken from the token (issue 27): a token of another
    // applicant claiming to be a company's user reads nothing of this dossier, and the employee stays the employee.
    const claimingCompany = await accessTokenFor(app, { id: otherApplicant.id, userType: 'company' });
    expect((await download(cerfa.id, claimingCompany)).statusCode).toBe(404);
    const claimingApplicant = await accessTokenFor(app, { id: employee.id, userType: 'admissible' });
    expect((await download(cerfa.id, claimingApplicant)).statusCode).toBe(200);
    const claimingStaff = await accessTokenFor(app, { id: stranger.id, userType: 'staff' });
    expect((await download(cerfa.id, claimingStaff)).statusCode).toBe(404);
  });

  it('grants what a module registers, and nothing more', async () => {
    const teacher = await createUser('intervenant');
    const shared = await store(null, 'ficheMission');
    const unrelated = await store(null, 'ficheMission');
    registerFileAccessRule('test-teacher-sheets', (_db, user, file) => user.id === teacher.id && file.id === shared.id);
    expect((await download(shared.id, teacher.token)).statusCode).toBe(200);
    expect((await download(unrelated.id, teacher.token)).statusCode).toBe(404);
  });
});
