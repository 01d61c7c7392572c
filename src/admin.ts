import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { BackupError, backupSqlite, restoreSqlite, sqliteFileOf } from './db/backup.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest, pendingMigrations } from './db/migrate.ts';
import { createPlatformAdmin, PlatformAdminInputError } from './namespaces/auth/auth.platformAdmin.ts';

/**
 * Administration from the command line (same configuration as the service: environment / .env).
 * Each command answers its exit code: 0 done, 2 refused (usage, input, state), 1 failed.
 */

const USAGE = `usage: npm run admin -- <command>
  create-platform-admin --email <email> [--password-stdin]
      The password comes from ADMIN_PASSWORD, or with --password-stdin from standard input (one
      line), never from the command line (it would stay in the shell's history); without either, a
      new account gets a generated password, printed once.
  migrate [--list]
      Applies the pending migrations (also: npm run migrate); --list only lists them.
  backup <file>
      An online, consistent copy of the SQLite database to a new file, while the service runs.
  restore <file> [--force]
      Puts a backup in place of the SQLite database; stop the service first.`;

class UsageError extends Error {}

type Command = (args: string[], config: Config) => Promise<number>;

const commands: Record<string, Command> = {
  'create-platform-admin': async (args, config) => {
    if (args.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
      throw new UsageError('a password is not taken from the command line, where the shell keeps it: set ADMIN_PASSWORD, or pass --password-stdin and write it to standard input');
    }
    const { values } = parse(args, { email: { type: 'string' }, 'password-stdin': { type: 'boolean' } });
    if (typeof values.email !== 'string') throw new UsageError('--email is required');
    const email = values.email;
    const password = values['password-stdin'] ? await firstLineOfStdin() : process.env.ADMIN_PASSWORD;
    return withDatabase(config, 1, async ({ db }) => {
      await migrateToLatest(db);
      const result = await createPlatformAdmin(db, { email, password, now: Date.now() });
      console.log(`${result.createdIdentity ? 'created' : 'reused'} identity ${result.identity.id} for ${result.identity.email ?? email}`);
      console.log(`${result.createdUser ? 'created' : 'updated'} platform admin user record ${result.user.id}`);
      if (result.generatedPassword) console.log(`generated password (shown once, store it now): ${result.generatedPassword}`);
      return 0;
    });
  },

  migrate: async (args, config) => {
    const { values } = parse(args, { list: { type: 'boolean' } });
    return withDatabase(config, 1, async ({ db }) => {
      if (values.list) {
        const pending = await pendingMigrations(db);
        console.log(pending.length === 0 ? 'no migration pending' : `${pending.length} pending:\n  ${pending.join('\n  ')}`);
        return 0;
      }
      const applied = await migrateToLatest(db);
      console.log(applied.length === 0 ? 'up to date: no migration pending' : `applied ${applied.length}:\n  ${applied.join('\n  ')}`);
      return 0;
    });
  },

  backup: async (args, config) => {
    const { positionals } = parse(args, {}, 1);
    const result = backupSqlite(sqliteFileOf(config.databaseUrl), positionals[0]!);
    console.log(`backed up ${sqliteFileOf(config.databaseUrl)} to ${positionals[0]!}: ${result.bytes} bytes in ${result.ms} ms`);
    return 0;
  },

  restore: async (args, config) => {
    const { values, positionals } = parse(args, { force: { type: 'boolean' } }, 1);
    const target = sqliteFileOf(config.databaseUrl);
    restoreSqlite(positionals[0]!, target, { force: values.force === true });
    console.log(`restored ${positionals[0]!} to ${target}; start the service`);
    return 0;
  },
};

/** The first line written to standard input (a password piped in: `printf %s "$PW" | npm run admin -- ...`). */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  const line = text.split(/\r?\n/)[0] ?? '';
  if (!line) throw new UsageError('--password-stdin: nothing was written to standard input');
  return line;
}

function parse(args: string[], options: NonNullable<Parameters<typeof parseArgs>[0]>['options'], positionals = 0) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: options ?? {}, allowPositionals: positionals > 0, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== positionals) throw new UsageError(positionals === 1 ? 'one file is required' : 'unexpected arguments');
  return parsed;
}

async function withDatabase(config: Config, poolSize: number, work: (database: DatabaseHandle) => Promise<number>): Promise<number> {
  const database = openDatabase(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous, poolSize });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  try {
    return await command(args, loadConfig());
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof PlatformAdminInputError || error instanceof BackupError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
