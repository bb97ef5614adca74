export * from './item.ts';
export * from './contract.ts';
export * from './employer.ts';
export * from './apprentice.ts';
