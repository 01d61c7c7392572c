import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createPlatformAdmin, PlatformAdminInputError } from './namespaces/auth/auth.platformAdmin.ts';

/**
 * Administration from the command line (same configuration as the service: environment / .env).
 *   npm run admin -- create-platform-admin --email admin@example.com [--password ...]
 * The password may also come from ADMIN_PASSWORD (better: it stays out of the process list);
 * with neither, an identity without a password gets a generated one, printed once.
 */

const USAGE = `usage: npm run admin -- create-platform-admin --email <email> [--password <password>]
  The password may instead come from the environment variable ADMIN_PASSWORD.
  Without either, a new account gets a generated password, printed once.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'create-platform-admin') {
    console.error(USAGE);
    return 2;
  }
  let values: { email?: string | undefined; password?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.email) {
    console.error(`--email is required\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous, poolSize: 1 });
  try {
    await migrateToLatest(database.db);
    const result = await createPlatformAdmin(database.db, {
      email: values.email,
      password: values.password ?? process.env.ADMIN_PASSWORD,
      now: Date.now(),
    });
    console.log(`${result.createdIdentity ? 'created' : 'reused'} identity ${result.identity.id} for ${result.identity.email ?? values.email}`);
    console.log(`${result.createdUser ? 'created' : 'updated'} platform admin user record ${result.user.id}`);
    if (result.generatedPassword) console.log(`generated password (shown once, store it now): ${result.generatedPassword}`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof PlatformAdminInputError) {
    console.error(error.message);
    process.exitCode = 2;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
}
