import { fileURLToPath } from 'node:url';

/**
 * The installation's own cache, node_modules/.cache/passerelle: Node's compiled modules (server.ts) and the template of
 * new embedded databases (db/new-database.worker.ts). In node_modules/.cache, where tools keep theirs: it belongs to the
 * installed code (`npm ci` starts it anew; each entry is checked against what it was made from), not to a data folder
 * (DATA_DIR holds data, and may be backed up or shared between installations), nor to the system's temporary folder,
 * which other programs and users share. Where it cannot be written, everything works as without it, only slower.
 */
export const cacheDir = fileURLToPath(new URL('../../../../node_modules/.cache/passerelle/', import.meta.url));
