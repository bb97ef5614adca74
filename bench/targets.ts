/**
 * Issue 13's table, as one bench run measured it: each row's bound and figure, and whether the bound holds. The bench
 * prints it last (`npm run bench`), so that a run answers "does every target still hold?" in one place.
 */
export interface TargetRow {
  what: string;
  target: string;
  measured: string;
  holds: boolean;
}

export function printTargets(rows: TargetRow[]): void {
  if (rows.length === 0) return;
  const width = (pick: (r: TargetRow) => string, title: string) => Math.max(title.length, ...rows.map((r) => pick(r).length));
  const w = [width((r) => r.what, 'what'), width((r) => r.target, 'target'), width((r) => r.measured, 'measured')] as const;
  console.log('\nTargets (issues 13 and 25)');
  console.log(`${'what'.padEnd(w[0])}  ${'target'.padEnd(w[1])}  ${'measured'.padEnd(w[2])}  holds`);
  for (const r of rows) console.log(`${r.what.padEnd(w[0])}  ${r.target.padEnd(w[1])}  ${r.measured.padEnd(w[2])}  ${r.holds ? 'yes' : 'NO'}`);
  const over = rows.filter((r) => !r.holds).length;
  console.log(over === 0 ? 'every target holds' : `${over} of ${rows.length} targets do not hold`);
}
