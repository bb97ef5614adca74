import { demoAccounts } from './db/demo/accounts.ts';

/** Operator commands. `npm run --silent cli -- demo-accounts` must work beside a running server, so it opens no database. */
const usage = `Usage: npm run --silent cli -- <command>

Commands:
  demo-accounts   print the demo accounts as JSON: [{ email, userType, label }]
`;

function main(argv: string[]): number {
  const [command] = argv;
  switch (command) {
    case 'demo-accounts':
      process.stdout.write(`${JSON.stringify(demoAccounts.map(({ email, userType, label }) => ({ email, userType, label })), null, 2)}\n`);
      return 0;
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(usage);
      return 0;
    default:
      process.stderr.write(command ? `Unknown command: ${command}\n\n${usage}` : usage);
      return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
