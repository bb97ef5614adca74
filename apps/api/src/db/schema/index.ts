export * from './auth.ts';
export * from './platform.ts';
export * from './portal.ts';
export * from './sheets.ts';
