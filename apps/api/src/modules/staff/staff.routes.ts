import { staff } from '@passerelle/contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestKeyOf } from '../../db/request-keys.ts';
import { registerRoute } from '../../lib/route.ts';
import { signatureFlowDeps } from '../signature-flow/signature-flow.service.ts';
import { signedInUser } from '../../plugins/auth.ts';
import {
  archiveDossier,
  markBroken,
  markFiled,
  markRegistered,
  markSigned,
  prepareContract,
  prepareContractAgain,
  reopenDossier,
  requestMissionsComplement,
  returnSheet,
  reviewDocument,
  startBreaking,
} from './staff-actions.service.ts';
import {
  addSmicRate,
  countStaffAlerts,
  decideFirstContact,
  findSmicTableRows,
  findStaffDossiers,
  findStaffFilters,
  getStaffDossier,
  recordTerms,
} from './staff.service.ts';

/** Staff-only transitions of a dossier and the dated SMIC table. Their screens come later; the API is complete. */
export default async function staffRoutes(app: FastifyInstance): Promise<void> {
  const onRequest = app.requireUserType('staff', 'admin');
  // A case action's dependencies with its request's Idempotency-Key: the same action again (a double click) is answered
  // the first one's result, not done again (db/request-keys.ts).
  const keyed = (request: FastifyRequest) => ({
    db: app.db,
    config: app.config,
    once: requestKeyOf(request, signedInUser(request).id),
  });

  registerRoute(app, staff.dossiers, { onRequest }, async (request) =>
    findStaffDossiers(app.db, app.config, request.query),
  );
  registerRoute(app, staff.alerts, { onRequest }, async () => countStaffAlerts(app.db, app.config));
  registerRoute(app, staff.filters, { onRequest }, async () => findStaffFilters(app.db));
  registerRoute(app, staff.dossier, { onRequest }, async (request) =>
    getStaffDossier(app.db, signedInUser(request), request.params.id, {
      templatesDir: app.config.CERFA_TEMPLATES_DIR,
      templatePins: app.config.CERFA_TEMPLATE_SHA256,
    }),
  );

  registerRoute(app, staff.firstContact, { onRequest }, async (request) =>
    decideFirstContact(keyed(request), signedInUser(request), request.params.id, request.body.decision, request.body.reason),
  );
  registerRoute(app, staff.terms, { onRequest }, async (request) =>
    recordTerms(keyed(request), signedInUser(request), request.params.id, request.body),
  );
  registerRoute(app, staff.contractPrepared, { onRequest }, async (request) =>
    prepareContract(
      { ...(await signatureFlowDeps(app)), once: requestKeyOf(request, signedInUser(request).id) },
      signedInUser(request),
      request.params.id,
      request.body ?? undefined,
    ),
  );
  registerRoute(app, staff.contractPreparedAgain, { onRequest }, async (request) =>
    prepareContractAgain(
      { ...(await signatureFlowDeps(app)), once: requestKeyOf(request, signedInUser(request).id) },
      signedInUser(request),
      request.params.id,
      request.body,
    ),
  );

  // Back-office actions on a case (issue 10): each answers the case's new state, or 409 when its state forbids it.
  registerRoute(app, staff.returnSheet, { onRequest }, async (request) =>
    returnSheet(keyed(request), signedInUser(request), request.params.id, request.body),
  );
  registerRoute(app, staff.missionsComplement, { onRequest }, async (request) =>
    requestMissionsComplement(keyed(request), signedInUser(request), request.params.id, request.body.message),
  );
  registerRoute(app, staff.documentReview, { onRequest }, async (request) =>
    reviewDocument(keyed(request), signedInUser(request), request.params.id, request.body),
  );
  registerRoute(app, staff.signed, { onRequest }, async (request) =>
    markSigned(keyed(request), signedInUser(request), request.params.id, request.body.signedOn),
  );
  registerRoute(app, staff.filed, { onRequest }, async (request) =>
    markFiled(keyed(request), signedInUser(request), request.params.id, request.body.filedOn),
  );
  registerRoute(app, staff.registered, { onRequest }, async (request) =>
    markRegistered(keyed(request), signedInUser(request), request.params.id, request.body.decaNumber),
  );
  registerRoute(app, staff.archive, { onRequest }, async (request) =>
    archiveDossier(keyed(request), signedInUser(request), request.params.id, request.body.reason),
  );
  registerRoute(app, staff.reopen, { onRequest }, async (request) =>
    reopenDossier(keyed(request), signedInUser(request), request.params.id),
  );
  registerRoute(app, staff.breaking, { onRequest }, async (request) =>
    startBreaking(keyed(request), signedInUser(request), request.params.id, request.body),
  );
  registerRoute(app, staff.broken, { onRequest }, async (request) =>
    markBroken(keyed(request), signedInUser(request), request.params.id, request.body),
  );

  registerRoute(app, staff.smic, { onRequest }, async () => findSmicTableRows(app.db));
  registerRoute(app, staff.saveSmic, { onRequest }, async (request) =>
    addSmicRate(app.db, signedInUser(request), request.body),
  );
}
