import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Fresh migrated PostgreSQL databases for tests, cloned from a template: running the migrations
 * takes about half a second, `CREATE DATABASE ... TEMPLATE` a twentieth of that, and clones need no
 * lock between suites (schemas of one database did: Kysely's migrator reads every schema). The
 * template is migrated once per set of migrations; its name carries their hash, so a changed
 * migration makes a new one.
 */

const MIGRATIONS = join(import.meta.dirname, '../src/db/migrations');
const TEMPLATE_LOCK = 7_170_002;
const PREFIX = 'healthops_tmpl_';

const templateName = (() => {
  let name: string | undefined;
  return () => {
    if (!name) {
      const hash = createHash('sha256');
      for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS, file)));
      name = `${PREFIX}${hash.digest('hex').slice(0, 16)}`;
    }
    return name;
  };
})();

const urlOf = (adminUrl: string, database: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

let templateReady: Promise<string> | undefined;

/** The migrated template of this set of migrations, made by the first process that needs it. */
function template(adminUrl: string): Promise<string> {
  templateReady ??= withAdmin(adminUrl, async (admin) => {
    const name = templateName();
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      // Migrated under another name and renamed when complete: a process that died half-way leaves no half template.
      const building = `${name}_b${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${building}`);
      await admin.query(`comment on database ${building} is '${MADE}${new Date().toISOString()}'`);
      const database = openDatabase(urlOf(adminUrl, building), { poolSize: 2 });
      try {
        await migrateToLatest(database.db);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      await dropOlderTemplates(admin, name);
    }
    return name;
  });
  return templateReady;
}

const MADE = 'healthops test template, made ';
/** How long a template of other migrations is kept: another checkout's run may still be cloning it. */
const KEEP_OTHERS_MS = 24 * 60 * 60 * 1000;

/** Templates of other migrations (and half-built ones) made more than a day ago: no run still clones them. */
async function dropOlderTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; note: string | null }>(
    "select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like $1 and datname <> $2",
    [`${PREFIX}%`, current],
  );
  for (const { datname, note } of rows) {
    const made = note?.startsWith(MADE) ? Date.parse(note.slice(MADE.length)) : Number.NaN;
    if (!(Date.now() - made < KEEP_OTHERS_MS)) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
  }
}

/** A fresh database on TEST_DATABASE_URL's server with every migration applied; `drop()` removes it. */
export async function migratedPostgresDatabase(adminUrl = process.env.TEST_DATABASE_URL!): Promise<{ url: string; drop: () => Promise<void> }> {
  const source = await template(adminUrl);
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${source}`));
  return {
    url: urlOf(adminUrl, name),
    drop: () => withAdmin(adminUrl, async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`))),
  };
}
