import { createStaffCommand, createStaffUsage } from './cli/create-staff.ts';
import { CliError } from './cli/cli-db.ts';
import { importApplicantsCommand, importApplicantsUsage } from './cli/import-applicants.ts';
import { inviteCommand, inviteUsage } from './cli/invite.ts';
import { demoAccounts } from './demo/accounts.ts';
import { errorSummary } from './lib/logger.ts';

/**
 * Operator commands. `npm run --silent cli -- demo-accounts` must work beside a running server, so it opens no database.
 * The others open it as the server does (cli/cli-db.ts): the embedded one only while the server is stopped.
 */
const usage = `Usage: npm run --silent cli -- <command>

Commands:
  demo-accounts   print the demo accounts as JSON: [{ email, userType, label }]
  ${importApplicantsUsage}
                  check a CSV file of admitted applicants and import it, all lines or none (--dry-run: check only)
  ${inviteUsage}
                  mail these applicants their personal sign-in link (printed here when SMTP_URL is not set)
  ${createStaffUsage}
                  create a back-office account (--admin: an admin) and mail it a sign-in link
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'demo-accounts':
      process.stdout.write(`${JSON.stringify(demoAccounts.map(({ email, userType, label }) => ({ email, userType, label })), null, 2)}\n`);
      return 0;
    case 'import-applicants':
      return importApplicantsCommand(rest);
    case 'invite':
      return inviteCommand(rest);
    case 'create-staff':
      return createStaffCommand(rest);
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof CliError) {
      process.stderr.write(`${err.message}\n`);
      process.exitCode = err.exitCode;
      return;
    }
    // A failed statement by its codes only, as the server does: its message quotes the bound values.
    const summary = errorSummary(err);
    process.stderr.write(`${summary.statement ? JSON.stringify(summary) : err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
