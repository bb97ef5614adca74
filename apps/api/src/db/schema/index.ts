export * from './auth.ts';
export * from './contracts.ts';
export * from './platform.ts';
export * from './portal.ts';
export * from './sheets.ts';
export * from './signing.ts';
export * from './survey.ts';
export * from './reference.ts';
