import type { SheetKind, UserType } from '@passerelle/contract';
import { sheets, type RouteDeclaration } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadDataKeys } from '../../db/secrets.ts';
import { createUploadGuard } from '../../db/upload-guard.ts';
import { readFileField } from '../../lib/multipart-file.ts';
import { registerRoute } from '../../lib/route.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { registerFileAccessRule } from '../files/files.service.ts';
import { getSalaryGrid } from '../smic/smic.service.ts';
import { decideFunding, getFundingValidation } from './funding.service.ts';
import {
  canReadSheetAttachment,
  checkSheet,
  getSheet,
  jobDescriptionMaxBytes,
  saveSheetDraft,
  submitSheet,
  uploadJobDescription,
  type SheetsDeps,
  type UploadedFile,
} from './sheets.service.ts';

/** Each sheet's routes (at the address of the party that fills it in) and that party. */
const sheetRoutes = [
  { kind: 'f1ca', party: 'admissible', read: sheets.f1ca, save: sheets.saveF1ca, finish: sheets.submitF1ca },
  { kind: 'f1ce', party: 'company', read: sheets.f1ce, save: sheets.saveF1ce, finish: sheets.submitF1ce },
  {
    kind: 'missions',
    party: 'company',
    read: sheets.missions,
    save: sheets.saveMissions,
    finish: sheets.submitMissions,
  },
  { kind: 'fra', party: 'admissible', read: sheets.fra, save: sheets.saveFra, finish: sheets.sendFra },
  { kind: 'fre', party: 'company', read: sheets.fre, save: sheets.saveFre, finish: sheets.sendFre },
] as const satisfies readonly {
  kind: SheetKind;
  party: UserType;
  read: RouteDeclaration;
  save: RouteDeclaration;
  finish: RouteDeclaration;
}[];

// One file part, one byte over the limit so that an oversized file is recognised rather than cut silently.
const jobDescriptionFormLimits = { fileSize: jobDescriptionMaxBytes + 1, files: 1, fields: 2, parts: 3 };

function readSingleFile(request: FastifyRequest): Promise<UploadedFile | undefined> {
  return readFileField(request, jobDescriptionFormLimits);
}

/**
 * The sheets of a dossier (first contacts, missions, information sheet), the funding validation, the
 * job description upload and the salary grid. Staff may act on every sheet.
 */
export default async function sheetsRoutes(app: FastifyInstance): Promise<void> {
  const deps: SheetsDeps = { db: app.db, keys: await loadDataKeys(app.db, app.config), config: app.config };
  const uploads = createUploadGuard(app.config, app.log);
  registerFileAccessRule('sheet-attachment', (db, user, file) => canReadSheetAttachment(db, user, file.id));

  for (const { kind, party, read, save, finish } of sheetRoutes) {
    const onRequest = app.requireUserType(party, 'staff', 'admin');
    registerRoute(app, read, { onRequest }, async (request) =>
      getSheet(deps, signedInUser(request), kind, request.params.id),
    );
    registerRoute(app, save, { onRequest }, async (request) =>
      saveSheetDraft(deps, signedInUser(request), kind, request.params.id, request.body as Record<string, unknown>),
    );
    registerRoute(app, finish, { onRequest }, async (request, reply) => {
      const body = (request.body ?? undefined) as Record<string, unknown> | undefined;
      if (request.query.dryRun === 'true') {
        await checkSheet(deps, signedInUser(request), kind, request.params.id, body);
        return reply.status(204).send();
      }
      return submitSheet(deps, signedInUser(request), kind, request.params.id, body);
    });
  }

  const companyOrStaff = app.requireUserType('company', 'staff', 'admin');
  registerRoute(app, sheets.jobDescription, { onRequest: companyOrStaff }, async (request) =>
    uploadJobDescription(
      deps,
      app.storage,
      uploads,
      signedInUser(request),
      request.params.id,
      await readSingleFile(request),
    ),
  );
  registerRoute(app, sheets.funding, { onRequest: companyOrStaff }, async (request) =>
    getFundingValidation(deps, signedInUser(request), request.params.id),
  );
  registerRoute(app, sheets.decideFunding, { onRequest: companyOrStaff }, async (request) =>
    decideFunding(deps, signedInUser(request), request.params.id, request.body),
  );

  registerRoute(app, sheets.salaryGrid, { onRequest: app.authenticate }, async (request) =>
    getSalaryGrid(app.db, request.query),
  );
}
