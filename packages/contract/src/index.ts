export * from './errors.ts';
export * from './auth.ts';
export * from './portal.ts';
export * from './dossier-progress.ts';
