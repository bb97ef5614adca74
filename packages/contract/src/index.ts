export * from './errors.ts';
export * from './auth.ts';
export * from './portal.ts';
export * from './dossier-progress.ts';
export * from './rules/index.ts'; export * from './reference/index.ts';
export * from './sheets.ts';
export * from './lookups.ts';
export * from './contact.ts';
