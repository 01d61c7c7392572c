/**
 * The benchmark's database: organizations, their users, patients, appointments, notifications and
 * inventory (items, batches, the stock ledger), the big hospital's admissions with their charges
 * (billing's tax profile set), and the platform food catalogue, written straight
 * into the tables in the shapes the operations write (money in minor units, JSON as text,
 * booleans, unix-ms timestamps, the derived columns of foods, a balanced stock ledger, no double
 * booking). Deterministic (a seeded generator), except ids and "now".
 *
 * Cached between runs: SQLite in ./data/bench/bench-v<SEED_VERSION>[-s<scale>].db, PostgreSQL in
 * the schema bench_v<SEED_VERSION>[_s<scale>] left in place. The row `benchMeta` is written last,
 * so a seed that was interrupted is redone. --reseed drops and rebuilds.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { newId } from '../src/values/ids.ts';
import { keyOf, searchTextOf } from '../src/namespaces/foods/foods.fields.ts';
import { wordRowsOf } from '../src/namespaces/users/users.words.ts';
import { SETTINGS_DEFAULTS } from '../src/namespaces/organizations/organizations.settings.ts';
import { applyRate, multiply } from '../src/values/money.ts';
import { Progress } from './progress.ts';
import { PostgresWriter, SqliteWriter, type BulkWriter, type Row } from './writer.ts';

/** Bump when the seeded data changes shape: the cached database is then rebuilt. */
/** The key the benchmark signs its tokens with (the service is started with it). */
export const BENCH_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz';
/** PostgreSQL of the benchmark: DATABASE_URL when it is one, else the machine's test database. */
export const BENCH_PG_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : 'postgres://postgres@127.0.0.1:5432/test';

export const SEED_VERSION = 4;

export type DbKind = 'sqlite' | 'postgres';

export interface Target {
  kind: DbKind;
  /** the DATABASE_URL the service is started with */
  serviceUrl: string;
  /** sqlite: the file; postgres: the server URL and schema */
  path?: string;
  baseUrl?: string;
  schema?: string;
}

export interface Triple {
  organizationId: string;
  doctorId: string;
  patientId: string;
}

export interface Meta {
  seedVersion: number;
  scale: number;
  seededAt: number;
  seedSeconds: number;
  counts: Record<string, number>;
  adminIdpUserId: string;
  bigOrganizationId: string;
  /** (organizationId, id) of appointments spread over every organization, for getById */
  appointmentSamples: [string, string][];
  /** doctors (with a patient of theirs) that appointments.create books, each in its own organization */
  createTriples: Triple[];
  /** the doctor of the big organization whose day 50 connections fight over, and patients of it */
  contendedDoctorId: string;
  /** a doctor of the big organization with a schedule (every day 00:00-24:00, so the create scenario books it as before), for findSlots */
  scheduledDoctorId: string;
  /** the first day of the month findSlots reads: today at seeding, within the seeded appointments */
  slotsFrom: string;
  bigPatientIds: string[];
  /** the big organization's item 50 connections issue from */
  hotItemId: string;
  userSearchTerms: string[];
  foodSearchTerms: string[];
  /** admitted admissions of the big organization with CHARGES_PER_ADMISSION unbilled charges each, in the order the invoice scenario bills them (seed version 4) */
  invoiceAdmissionIds?: string[];
}

export interface SeedOptions {
  reseed: boolean;
  scale: number;
}

const ADMIN = 'bench-admin';
const TABLES = [
  'organizations', 'users', 'patients', 'appointments', 'practitionerSchedules', 'notifications', 'inventoryItems', 'inventoryBatches', 'inventoryMovements',
  'services', 'admissions', 'admissionLogs', 'admissionCharges', 'foods', 'userWords',
];
/** The big hospital's GSTIN (Karnataka, '29', where its address is): its invoices are tax invoices with CGST and SGST. */
const BIG_GSTIN = '29AAGCB7383J1Z4';
const DAY_MS = 86_400_000;

export function targetFor(kind: DbKind, options: SeedOptions, pgUrl: string): Target {
  const suffix = options.scale === 1 ? '' : `-s${String(options.scale).replace('.', '')}`;
  if (kind === 'sqlite') {
    const path = `./data/bench/bench-v${SEED_VERSION}${suffix}.db`;
    return { kind, path, serviceUrl: `sqlite:${path}` };
  }
  const schema = `bench_v${SEED_VERSION}${suffix.replace('-', '_')}`;
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { kind, baseUrl: pgUrl, schema, serviceUrl: url.toString() };
}

/** The meta row of a complete seed, if there is one. */
export async function readMeta(target: Target): Promise<Meta | undefined> {
  if (target.kind === 'sqlite') {
    if (!existsSync(target.path!)) return undefined;
    const db = new DatabaseSync(target.path!);
    try {
      const row = db.prepare(`select value from "benchMeta" where key = 'meta'`).get() as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as Meta) : undefined;
    } catch {
      return undefined;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>(`select value from ${target.schema!}."benchMeta" where key = 'meta'`);
    return rows[0] ? (JSON.parse(rows[0].value) as Meta) : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

async function prepareEmpty(target: Target): Promise<BulkWriter> {
  if (target.kind === 'sqlite') {
    const path = target.path!;
    for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
    mkdirSync(dirname(path), { recursive: true });
    const database = openDatabase(`sqlite:${path}`);
    await migrateToLatest(database.db);
    await database.close();
    return new SqliteWriter(path);
  }
  const client = new pg.Client({ connectionString: target.baseUrl });
  await client.connect();
  await client.query(`drop schema if exists ${target.schema!} cascade`);
  await client.query(`create schema ${target.schema!}`);
  await client.end();
  const database = openDatabase(target.baseUrl!, { pgSchema: target.schema! });
  await migrateToLatest(database.db);
  await database.close();
  return PostgresWriter.open(target.baseUrl!, target.schema!);
}

/** The seeded database's meta: from the cache, or after seeding it now. */
export async function ensureSeeded(target: Target, options: SeedOptions): Promise<{ meta: Meta; seeded: boolean }> {
  if (!options.reseed) {
    const meta = await readMeta(target);
    if (meta && meta.seedVersion === SEED_VERSION && meta.scale === options.scale) return { meta, seeded: false };
  }
  const where = target.kind === 'sqlite' ? target.path! : `schema ${target.schema!}`;
  process.stderr.write(`seeding ${target.kind} (${where}) at scale ${options.scale}...\n`);
  const started = performance.now();
  const writer = await prepareEmpty(target);
  const meta = await seed(writer, options.scale);
  if (target.kind === 'postgres') {
    // what autovacuum does to a freshly loaded table within a minute or so, done now
    process.stderr.write('vacuum analyze...\n');
    await writer.exec(`vacuum analyze ${TABLES.map((t) => `"${t}"`).join(', ')}`);
  }
  meta.seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  await writer.exec(`create table "benchMeta" (key text primary key, value text not null)`);
  await writer.insert('benchMeta', { key: 'meta', value: JSON.stringify(meta) });
  await writer.close();
  process.stderr.write(`seeded ${target.kind} in ${meta.seedSeconds} s\n`);
  return { meta, seeded: true };
}

/**
 * More unbilled admissions for the invoice scenario, once runs have billed all but `atLeast` of the
 * seed's (each run bills a few thousand): `count` more of the big organization's, added to the
 * seeded database and its meta, so that the scenario never bills an admission twice nor needs a reseed.
 */
export async function topUpAdmissions(target: Target, meta: Meta, unbilled: number, atLeast: number, count = ADMISSIONS): Promise<void> {
  if (unbilled >= atLeast || (meta.invoiceAdmissionIds ?? []).length === 0) return;
  process.stderr.write(`${target.kind}: ${unbilled} unbilled admissions left for the invoice scenario: seeding ${count} more...\n`);
  const database = target.kind === 'sqlite' ? openDatabase(target.serviceUrl) : openDatabase(target.baseUrl!, { pgSchema: target.schema!, poolSize: 1 });
  const org = meta.bigOrganizationId;
  const [doctors, patients, admin] = await Promise.all([
    database.db.selectFrom('users').select('id').where('organizationId', '=', org).where('role', '=', 'doctor').execute(),
    database.db.selectFrom('patients').select('id').where('organizationId', '=', org).limit(5_000).execute(),
    database.db.selectFrom('users').select('id').where('organizationId', '=', org).where('role', '=', 'admin').executeTakeFirst(),
  ]);
  await database.close();
  const writer = target.kind === 'sqlite' ? new SqliteWriter(target.path!) : await PostgresWriter.open(target.baseUrl!, target.schema!);
  const ids = await seedAdmissions(writer, generator(Date.now() | 0), { org, doctors: doctors.map((d) => d.id), patients: patients.map((p) => p.id), appliedBy: admin?.id ?? '', total: count, now: Date.now() });
  meta.invoiceAdmissionIds = [...(meta.invoiceAdmissionIds ?? []), ...ids];
  await writer.exec(`update "benchMeta" set value = '${JSON.stringify(meta).replaceAll("'", "''")}' where key = 'meta'`);
  await writer.close();
}

// ---------------------------------------------------------------------------------------------
// the generator

/** mulberry32: a small deterministic generator */
function generator(seed: number) {
  let s = seed;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return (x ^ (x >>> 14)) >>> 0;
  };
  return {
    int: (n: number) => next() % n,
    pick: <T>(list: readonly T[]): T => list[next() % list.length]!,
    chance: (p: number) => next() / 4294967296 < p,
  };
}

const FIRST = ['Aarav', 'Priya', 'Rahul', 'Ananya', 'Vikram', 'Sneha', 'Arjun', 'Kavya', 'Rohan', 'Meera', 'John', 'Mary', 'David', 'Sarah', 'James', 'Emma', 'Omar', 'Fatima', 'Chen', 'Mei', 'Lucas', 'Sofia', 'Ivan', 'Olga', 'Kwame', 'Amara', 'Diego', 'Lucia', 'Hiro', 'Yuki'];
const LAST = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Singh', 'Khan', 'Das', 'Menon', 'Smith', 'Johnson', 'Brown', 'Garcia', 'Miller', 'Davis', 'Wilson', 'Taylor', 'Lee', 'Wang', 'Kim', 'Silva', 'Costa', 'Novak', 'Mensah', 'Okafor', 'Rossi', 'Tanaka', 'Sato', 'Müller'];
const STAFF_ROLES = ['nurse', 'receptionist', 'staff', 'lab_technician', 'accountant', 'hr'] as const;
const REASONS = ['Fever and cough', 'Routine check-up', 'Follow-up visit', 'Back pain', 'Headache', 'Skin rash', 'Diabetes review', 'Blood pressure review', 'Vaccination', 'Stomach ache'];
const STYLES = ['Grilled', 'Steamed', 'Fried', 'Baked', 'Roasted', 'Spicy', 'Sweet', 'Smoked', 'Braised', 'Fresh', 'Crispy', 'Creamy'];
const DISHES = ['Chicken', 'Paneer', 'Rice', 'Lentils', 'Salmon', 'Tofu', 'Noodles', 'Oats', 'Potato', 'Beans', 'Egg', 'Yogurt', 'Bread', 'Soup', 'Salad', 'Curry', 'Pasta', 'Mushroom'];
const INGREDIENTS = Array.from({ length: 120 }, (_, i) => `ingredient${i} ${['salt', 'garlic', 'onion', 'tomato', 'cumin', 'ginger'][i % 6]!}`);
const MEDICINES = ['Paracetamol', 'Amoxicillin', 'Metformin', 'Atorvastatin', 'Omeprazole', 'Cetirizine', 'Azithromycin', 'Ibuprofen', 'Amlodipine', 'Losartan'];

const json = (v: unknown) => JSON.stringify(v);
const isoDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

interface OrgPlan {
  id: string;
  doctors: number;
  users: number;
  patients: number;
  appointments: number;
  notifications: number;
  items: number;
  admissions: number;
}

/** Seeds everything; returns the meta (without seedSeconds). */
async function seed(writer: BulkWriter, scale: number): Promise<Meta> {
  const rnd = generator(20260101);
  const now = Date.now();
  const today = Math.floor(now / DAY_MS);
  const nowMinute = Math.floor(now / 60_000);
  const n = (x: number) => Math.max(1, Math.round(x * scale));

  const orgCount = Math.max(10, Math.round(1000 * scale));
  const plans: OrgPlan[] = Array.from({ length: orgCount }, (_, i) =>
    i === 0
      ? { id: newId(), doctors: 50, users: n(5000), patients: n(20_000), appointments: n(101_000), notifications: n(101_000), items: 100, admissions: n(ADMISSIONS) }
      : { id: newId(), doctors: 5, users: 10, patients: n(100), appointments: n(900), notifications: n(900), items: Math.max(5, Math.round(100 * Math.min(1, scale * 10))), admissions: 0 },
  );
  const foods = n(100_000);
  const sum = (f: (p: OrgPlan) => number) => plans.reduce((s, p) => s + f(p), 0);
  const counts = {
    organizations: orgCount,
    users: sum((p) => p.users) + 1,
    patients: sum((p) => p.patients),
    appointments: sum((p) => p.appointments),
    notifications: sum((p) => p.notifications),
    inventoryItems: sum((p) => p.items),
    inventoryBatches: sum((p) => p.items),
    inventoryMovements: sum((p) => p.items) * 3,
    services: plans[0]!.admissions > 0 ? CATALOGUE.length : 0,
    admissions: sum((p) => p.admissions),
    admissionLogs: sum((p) => p.admissions),
    admissionCharges: sum((p) => p.admissions) * CHARGES_PER_ADMISSION,
    foods,
  };
  const progress = new Progress(Object.values(counts).reduce((a, b) => a + b, 0));
  writer.onRows = (k) => progress.add(k);

  const meta: Meta = {
    seedVersion: SEED_VERSION,
    scale,
    seededAt: now,
    seedSeconds: 0,
    counts,
    adminIdpUserId: ADMIN,
    bigOrganizationId: plans[0]!.id,
    appointmentSamples: [],
    createTriples: [],
    contendedDoctorId: '',
    scheduledDoctorId: '',
    slotsFrom: isoDate(today),
    bigPatientIds: [],
    hotItemId: '',
    userSearchTerms: ['sharma', 'smith', 'priya', 'wang', 'okafor', 'kim', 'rossi', 'patel'],
    foodSearchTerms: ['chicken', 'grilled paneer', 'curry', 'ingredient17', 'spicy rice', 'soup', 'creamy pasta', 'ginger'],
  };

  // the platform admin the benchmark signs its token for
  await writer.insert('users', userRow({ id: newId(), idpUserId: ADMIN, organizationId: null, email: 'admin@bench.test', displayName: 'Bench Admin', role: 'platform_admin', now }));

  for (const [index, plan] of plans.entries()) {
    if (index % 50 === 0) progress.label(`organization ${index + 1}/${orgCount}`);
    const org = plan.id;
    const created = now - (400 + rnd.int(400)) * DAY_MS;
    await writer.insert('organizations', {
      id: org,
      name: index === 0 ? 'Bench General Hospital' : `Bench Clinic ${index}`,
      slug: `bench-${index}`,
      type: index === 0 ? 'hospital' : 'clinic',
      idpTeamId: null,
      timezone: null,
      address: json({ line1: `${index} Main Road`, city: 'Bengaluru', country: 'IN' }),
      latitude: 12.9 + rnd.int(1000) / 10_000,
      longitude: 77.5 + rnd.int(1000) / 10_000,
      isActive: true,
      // the big hospital is registered for GST (its invoices: the invoice scenario); the others keep every default
      settings: index === 0 ? json({ ...SETTINGS_DEFAULTS, taxRegime: 'in_gst', gstin: BIG_GSTIN }) : null,
      createdAt: created,
      updatedAt: created,
    });

    // users: doctors, an admin, a pharmacist, other staff
    const doctors: string[] = [];
    let adminUserId = '';
    const people: { idpUserId: string; role: string }[] = [];
    for (let u = 0; u < plan.users; u++) {
      const role = u < plan.doctors ? 'doctor' : u === plan.doctors ? 'admin' : u === plan.doctors + 1 ? 'pharmacist' : STAFF_ROLES[u % STAFF_ROLES.length]!;
      const first = rnd.pick(FIRST);
      const last = rnd.pick(LAST);
      const id = newId();
      const idpUserId = `idp-${index}-${u}`;
      const email = `${first}.${last}.${u}@org${index}.bench.test`.toLowerCase();
      const displayName = `${role === 'doctor' ? 'Dr. ' : ''}${first} ${last}`;
      await writer.insert(
        'users',
        userRow({
          id,
          idpUserId,
          organizationId: org,
          email,
          displayName,
          role,
          now: created + u * 1000,
          doctor: role === 'doctor' ? { yoe: 1 + rnd.int(30), reviews: rnd.int(500), rating: 3 + rnd.int(21) / 10 } : undefined,
        }),
      );
      // users.search's index (migration 0148), as the service writes it
      for (const row of wordRowsOf({ id, organizationId: org, displayName, email, createdAt: created + u * 1000 })) await writer.insert('userWords', row);
      if (role === 'doctor') doctors.push(id);
      if (role === 'admin') adminUserId = id;
      people.push({ idpUserId, role });
    }

    const patients: string[] = [];
    for (let p = 0; p < plan.patients; p++) {
      const id = newId();
      const first = rnd.pick(FIRST);
      const last = rnd.pick(LAST);
      const at = created + p * 1000;
      await writer.insert('patients', {
        id,
        organizationId: org,
        createdAt: at,
        updatedAt: at,
        name: `${first} ${last}`,
        dob: isoDate(today - 365 * (1 + rnd.int(85)) - rnd.int(365)),
        gender: rnd.pick(['male', 'female', 'other']),
        mobileNumber: `+9198${String(rnd.int(100_000_000)).padStart(8, '0')}`,
        email: rnd.chance(0.6) ? `${first}.${last}.${p}@mail.bench.test`.toLowerCase() : null,
        address: rnd.chance(0.5) ? json({ city: 'Bengaluru', pincode: String(560_000 + rnd.int(100)) }) : null,
        idpUserId: null,
        linkPendingIdpUserId: null,
        linkRequestedBy: null,
        linkRequestedAt: null,
        linkExpiresAt: null,
      });
      patients.push(id);
    }
    if (index === 0) meta.bigPatientIds = patients.slice(0, 1000);

    await seedAppointments(writer, rnd, { org, doctors, patients, total: plan.appointments, today, nowMinute, now, samples: meta.appointmentSamples });

    for (let k = 0; k < plan.notifications; k++) {
      const person = rnd.pick(people);
      const at = now - rnd.int(365 * DAY_MS);
      const kind = rnd.pick(['appointment', 'inventory', 'lab', 'billing']);
      const read = rnd.chance(0.6);
      await writer.insert('notifications', {
        id: newId(),
        organizationId: org,
        createdAt: at,
        updatedAt: read ? at + 3_600_000 : at,
        recipientIdpUserId: person.idpUserId,
        recipientRole: person.role,
        type: kind,
        title: kind === 'appointment' ? 'Appointment reminder' : kind === 'inventory' ? 'Low stock' : kind === 'lab' ? 'Lab result ready' : 'Payment received',
        message: `Notification ${k} for ${person.role}`,
        priority: rnd.chance(0.1) ? 'high' : 'normal',
        relatedEntityType: kind === 'appointment' ? 'appointments' : kind === 'inventory' ? 'inventoryItems' : kind === 'lab' ? 'labOrders' : null,
        relatedEntityId: null,
        actionUrl: null,
        navigationTarget: null,
        navigationParams: null,
        channels: json(['in_app']),
        deliveryState: null,
        pushTicketIds: null,
        deliveryError: null,
        channelDelivery: null,
        recipientRule: true,
        dedupeKey: null,
        expiresAt: rnd.chance(0.05) ? at + 30 * DAY_MS : null,
        isRead: read,
        readAt: read ? at + 3_600_000 : null,
        openedAt: null,
      });
    }

    for (let k = 0; k < plan.items; k++) {
      const hot = index === 0 && k === 0;
      const itemId = await seedItem(writer, rnd, { org, index, k, now, today, opening: hot ? 10_000_000 : 500 + rnd.int(500) });
      if (hot) meta.hotItemId = itemId;
    }

    if (index === 0) {
      meta.contendedDoctorId = doctors[0]!;
      meta.scheduledDoctorId = doctors[1]!;
      await writer.insert('practitionerSchedules', allDaySchedule(org, doctors[1]!, isoDate(today - 365), now));
      // A patient of its own per doctor: one patient booked by two doctors at the same time is refused (409).
      doctors.slice(1, 1 + patients.length).forEach((doctorId, i) => meta.createTriples.push({ organizationId: org, doctorId, patientId: patients[i]! }));
      if (plan.admissions > 0) {
        progress.label('admissions');
        meta.invoiceAdmissionIds = await seedAdmissions(writer, rnd, { org, doctors, patients, appliedBy: adminUserId, total: plan.admissions, now });
      }
    } else if (meta.createTriples.length < 200) {
      meta.createTriples.push({ organizationId: org, doctorId: doctors[0]!, patientId: rnd.pick(patients) });
    }
  }

  progress.label('foods');
  for (let i = 0; i < foods; i++) await writer.insert('foods', foodRow(rnd, i, now));
  await writer.flush();
  progress.finish();
  return meta;
}

function userRow(u: {
  id: string;
  idpUserId: string;
  organizationId: string | null;
  email: string;
  displayName: string;
  role: string;
  now: number;
  doctor?: { yoe: number; reviews: number; rating: number } | undefined;
}): Row {
  return {
    id: u.id,
    idpUserId: u.idpUserId,
    organizationId: u.organizationId,
    organizationBranchIds: null,
    email: u.email,
    title: u.doctor ? 'Dr.' : null,
    displayName: u.displayName,
    avatarUrl: null,
    role: u.role,
    roles: json([u.role]),
    isActive: true,
    isBlocked: false,
    blockedAt: null,
    blockedBy: null,
    lastLoginAt: null,
    isVerified: true,
    verifiedAt: u.now,
    verifiedBy: ADMIN,
    gender: null,
    yoe: u.doctor?.yoe ?? null,
    totalReviews: u.doctor?.reviews ?? null,
    averageRatings: u.doctor?.rating ?? null,
    onboardingStatus: u.doctor ? 'completed' : null,
    invitationStatus: 'accepted',
    invitedBy: null,
    invitedAt: null,
    invitationExpiresAt: null,
    respondedAt: null,
    invitationCodeHash: null,
    createdAt: u.now,
    updatedAt: u.now,
  };
}

/** Every day 00:00-24:00 in 30-minute slots, from `validFrom` on. */
function allDaySchedule(organizationId: string, doctorId: string, validFrom: string, now: number) {
  const weeklyHours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startTime: '00:00', endTime: '24:00' }));
  return {
    id: newId(), organizationId, doctorId, organizationBranchId: null, serviceId: null, slotMinutes: 30, validFrom, validTo: null,
    weeklyHours: JSON.stringify(weeklyHours), exceptions: '[]', createdAt: now, updatedAt: now,
  };
}

/**
 * A doctor's appointments: 30-minute slots from 09:00 to 17:00 over the two years around today,
 * spread evenly (so no two overlap). Past ones are mostly completed and paid, future ones
 * scheduled or confirmed; a few of each cancelled or no-show.
 */
async function seedAppointments(
  writer: BulkWriter,
  rnd: ReturnType<typeof generator>,
  a: { org: string; doctors: string[]; patients: string[]; total: number; today: number; nowMinute: number; now: number; samples: [string, string][] },
): Promise<void> {
  const days = 730;
  const perDay = 16;
  const firstDay = a.today - 365;
  for (const [d, doctorId] of a.doctors.entries()) {
    const count = Math.floor(a.total / a.doctors.length) + (d < a.total % a.doctors.length ? 1 : 0);
    if (count === 0) continue;
    const spacing = Math.max(1, Math.floor((days * perDay) / count));
    for (let k = 0; k < count; k++) {
      const slot = k * spacing + (d % spacing);
      const day = firstDay + Math.floor(slot / perDay);
      const minuteOfDay = 540 + (slot % perDay) * 30;
      const start = day * 1440 + minuteOfDay;
      const past = start < a.nowMinute;
      const status = past
        ? rnd.chance(0.8) ? 'completed' : rnd.chance(0.5) ? 'cancelled' : 'no_show'
        : rnd.chance(0.05) ? 'cancelled' : rnd.chance(0.7) ? 'scheduled' : 'confirmed';
      const createdAt = Math.min(a.now, start * 60_000 - (1 + rnd.int(30)) * DAY_MS);
      const paid = status === 'completed' || status === 'confirmed';
      const fee = 50_000 + rnd.int(10) * 5_000;
      const id = newId();
      if (rnd.chance(0.01)) a.samples.push([a.org, id]);
      await writer.insert('appointments', {
        id,
        organizationId: a.org,
        createdAt,
        updatedAt: createdAt,
        organizationBranchId: null,
        patientId: rnd.pick(a.patients),
        doctorId,
        serviceId: null,
        scheduledDate: isoDate(day),
        scheduledTime: hhmm(minuteOfDay),
        duration: 30,
        startMinute: start,
        endMinute: start + 30,
        type: rnd.chance(0.7) ? 'consultation' : 'follow_up',
        status,
        stage: status,
        reason: rnd.pick(REASONS),
        notes: null,
        rescheduleReason: null,
        cancelledAt: status === 'cancelled' ? createdAt + DAY_MS : null,
        cancelledReason: status === 'cancelled' ? 'Patient unavailable' : null,
        consultationFee: fee,
        paymentStatus: paid ? 'paid' : 'unpaid',
        amountPaid: paid ? fee : null,
        paidAt: paid ? createdAt + 60_000 : null,
        paymentMethod: paid ? rnd.pick(['cash', 'card', 'upi']) : null,
        gateway: null,
        gatewayOrderId: null,
        gatewayPaymentId: null,
        checkoutSessionId: null,
        holdExpiresAt: null,
        isPreConsultationCompleted: past ? rnd.chance(0.5) : false,
        followUpDate: null,
        followUpStatus: null,
        followUpNotificationSent: null,
        callJoinNotifiedAt: null,
        patientJoinedAt: null,
        history: null,
        seriesId: null,
        holdLapsedAt: null,
      });
    }
  }
}

/**
 * An item with one batch and a balanced ledger: an OPENING receipt and two issues, so that
 * item quantity = batch quantity = sum of movements, each movement's balanceAfter the running sum.
 */
async function seedItem(
  writer: BulkWriter,
  rnd: ReturnType<typeof generator>,
  s: { org: string; index: number; k: number; now: number; today: number; opening: number },
): Promise<string> {
  const itemId = newId();
  const batchId = newId();
  const medicine = MEDICINES[s.k % MEDICINES.length]!;
  const strength = [250, 500, 650, 10, 20][s.k % 5]!;
  const batchNumber = `B${s.index}-${s.k}`;
  const lotNumber = `L${s.k}`;
  const expiryDate = isoDate(s.today + 365 + rnd.int(730));
  const issues = [1 + rnd.int(50), 1 + rnd.int(50)];
  const quantity = s.opening - issues[0]! - issues[1]!;
  const received = s.now - (60 + rnd.int(200)) * DAY_MS;
  await writer.insert('inventoryItems', {
    id: itemId,
    organizationId: s.org,
    createdAt: received,
    updatedAt: received + 2 * DAY_MS,
    module: 'pharmacy',
    itemName: `${medicine} ${strength}mg #${s.k}`,
    category: 'Medicines',
    genericName: medicine,
    brandName: `${medicine.slice(0, 4)}ex`,
    unitOfMeasure: 'tablet',
    hsnCode: '3004',
    gstPercentage: 1200,
    mrp: 2_500 + s.k * 10,
    onlinePrice: 2_300 + s.k * 10,
    offlinePrice: 2_400 + s.k * 10,
    supplierId: null,
    supplierName: null,
    quantity,
    unitPrice: 2_000,
    minStock: 10,
    maxStock: null,
    locationId: null,
    locationName: null,
    batchId,
    batchNumber,
    lotNumber,
    expiryDate,
    productId: `P-${s.index}-${s.k}`,
    variantId: null,
    medicineType: 'tablet',
    strength: String(strength),
    strengthUnit: 'mg',
    lowStockEpisode: 0,
    lowStockOpen: false,
  });
  await writer.insert('inventoryBatches', {
    id: batchId,
    organizationId: s.org,
    createdAt: received,
    updatedAt: received + 2 * DAY_MS,
    inventoryItemId: itemId,
    batchKey: `b:${batchNumber}`,
    batchNumber,
    lotNumber,
    expiryDate,
    quantity,
    purchasePrice: 1_500,
    supplierId: null,
    receivedAt: received,
    expiryAlertedFor: null,
  });
  let balance = 0;
  const moves: [string, number][] = [['OPENING', s.opening], ['ISSUE', -issues[0]!], ['ISSUE', -issues[1]!]];
  for (const [i, [type, delta]] of moves.entries()) {
    balance += delta;
    const at = received + i * DAY_MS;
    await writer.insert('inventoryMovements', {
      id: newId(),
      organizationId: s.org,
      inventoryItemId: itemId,
      batchId,
      transactionId: newId(),
      type,
      quantity: delta,
      balanceAfter: balance,
      batchNumber,
      lotNumber,
      expiryDate,
      unitPrice: 2_000,
      purchasePrice: type === 'OPENING' ? 1_500 : null,
      supplierId: null,
      issuedToId: null,
      issuedToName: type === 'ISSUE' ? 'Ward 3' : null,
      issuedToType: null,
      departmentId: null,
      originalTransactionId: null,
      reason: null,
      notes: null,
      locationId: null,
      performedBy: ADMIN,
      transactionAt: at,
      createdAt: at,
    });
  }
  return itemId;
}

/** The big hospital's services an admission is charged for: name, category, price (paise), GST (basis points), SAC / HSN code. */
const CATALOGUE: readonly [string, string, number, number, string][] = [
  ['General ward bed (per day)', 'room', 150_000, 0, '999311'],
  ['Private room (per day)', 'room', 650_000, 500, '999311'],
  ['Nursing care (per day)', 'nursing', 80_000, 0, '999311'],
  ['Doctor visit', 'consultation', 100_000, 0, '999312'],
  ['Specialist consultation', 'consultation', 150_000, 0, '999312'],
  ['Complete blood count', 'lab', 45_000, 0, '999316'],
  ['Liver function test', 'lab', 90_000, 0, '999316'],
  ['Chest X-ray', 'imaging', 60_000, 0, '999316'],
  ['CT scan', 'imaging', 450_000, 0, '999316'],
  ['ECG', 'diagnostics', 30_000, 0, '999316'],
  ['Physiotherapy session', 'therapy', 70_000, 0, '999319'],
  ['Oxygen (per hour)', 'consumables', 15_000, 1200, '2804'],
  ['IV fluids', 'pharmacy', 12_050, 1200, '3004'],
  ['Antibiotic injection', 'pharmacy', 38_575, 1200, '3004'],
  ['Paracetamol 650 mg (strip)', 'pharmacy', 3_120, 1200, '3004'],
  ['Surgical gloves (pair)', 'consumables', 2_500, 1200, '4015'],
  ['Syringes and cannula', 'consumables', 8_990, 1200, '9018'],
  ['Patient meals (per day)', 'food', 40_000, 500, '996331'],
  ['Attendant pass', 'other', 20_000, 1800, '999799'],
  ['Ambulance', 'transport', 250_000, 0, '999313'],
];
/** The charges of each seeded admission, one of each service (the invoice scenario bills them all on one invoice). */
export const CHARGES_PER_ADMISSION = CATALOGUE.length;
/** The big hospital's admissions the invoice scenario can bill: enough for a few runs at its rate (each request bills one). */
const ADMISSIONS = 20_000;

/**
 * Admitted patients of the big hospital, each with a charge of every service of the catalogue
 * (CHARGES_PER_ADMISSION), as admissionCharges.applyCharge writes them (unit price x quantity,
 * the tax rounded to the paisa, the amount), none billed yet. Returns the admissions' ids.
 */
async function seedAdmissions(
  writer: BulkWriter,
  rnd: ReturnType<typeof generator>,
  a: { org: string; doctors: string[]; patients: string[]; appliedBy: string; total: number; now: number },
): Promise<string[]> {
  const services = CATALOGUE.map(([name, category, price, taxPercent, sacCode]) => ({ id: newId(), name, category, price, taxPercent, sacCode }));
  const opened = a.now - 400 * DAY_MS;
  for (const s of services) {
    await writer.insert('services', { id: s.id, organizationId: a.org, name: s.name, category: s.category, code: null, sacCode: s.sacCode, price: s.price, taxPercent: s.taxPercent, doctorId: null, isActive: true, createdAt: opened, updatedAt: opened });
  }
  const ids: string[] = [];
  for (let k = 0; k < a.total; k++) {
    const id = newId();
    const patientId = rnd.pick(a.patients);
    const admittedAt = a.now - (1 + rnd.int(20)) * DAY_MS - rnd.int(DAY_MS);
    await writer.insert('admissions', {
      id, organizationId: a.org, patientId, admittingDoctorId: rnd.pick(a.doctors), appointmentId: null, consultationId: null, status: 'ADMITTED', stage: 'ADMITTED',
      admissionReason: rnd.pick(REASONS), admissionNotes: null, requestedAt: admittedAt, wardId: null, roomId: null, bedId: null, admittedAt, confirmedByUserId: null,
      dischargingDoctorId: null, dischargeReason: null, dischargeSummary: null, dischargeRequestedAt: null, dischargedAt: null, billingClearedByUserId: null, billingClearedAt: null,
      advanceAmount: null, advancePaymentMethod: null, advanceTransactionId: null, advancePaidAt: null, advanceCollectedByUserId: null, firstCareStartedByNurseId: null,
      firstCareStartedAt: null, cancelledAt: null, cancelledByUserId: null, createdAt: admittedAt, updatedAt: admittedAt,
    });
    await writer.insert('admissionLogs', {
      id: newId(), organizationId: a.org, admissionId: id, patientId, event: 'ADMITTED', performedByUserId: null, performedByRole: null, notes: 'created as ADMITTED', source: 'system',
      createdAt: admittedAt, updatedAt: admittedAt,
    });
    for (const [c, s] of services.entries()) {
      const quantity = s.category === 'room' || s.category === 'nursing' || s.category === 'food' ? 1 + rnd.int(7) : 1 + rnd.int(3);
      const subtotal = multiply(s.price, quantity);
      const taxAmount = applyRate(subtotal, s.taxPercent);
      const at = admittedAt + (c + 1) * 600_000;
      await writer.insert('admissionCharges', {
        id: newId(), organizationId: a.org, admissionId: id, patientId, serviceId: s.id, serviceName: s.name, serviceCategory: s.category, chargeType: s.category,
        quantity, unitPrice: s.price, subtotal, taxPercent: s.taxPercent, taxAmount, amount: subtotal + taxAmount, referenceType: null, referenceId: null, doctorId: null,
        notes: null, appliedByUserId: a.appliedBy, voidedAt: null, voidedByUserId: null, voidReason: null, createdAt: at, updatedAt: at,
      });
    }
    ids.push(id);
  }
  return ids;
}

/** A catalogue food: "<style> <dish> <n>" in 40 categories with 3..7 of 120 ingredients (as bench/foods-search.ts). */
function foodRow(rnd: ReturnType<typeof generator>, i: number, now: number): Row {
  const name = `${rnd.pick(STYLES)} ${rnd.pick(DISHES)} ${i}`;
  const c = rnd.int(40);
  const category = `Category ${c}`;
  const ingredients = Array.from({ length: 3 + rnd.int(5) }, () => rnd.pick(INGREDIENTS));
  const calories = rnd.int(900);
  const foodCode = `FC${i}`;
  const at = now - rnd.int(365) * DAY_MS;
  return {
    id: newId(),
    name,
    foodCode,
    categoryId: `cat-${c}`,
    category,
    description: null,
    calories,
    protein: rnd.int(400) / 10,
    carbs: rnd.int(800) / 10,
    fat: rnd.int(300) / 10,
    fiber: rnd.int(100) / 10,
    sugar: rnd.int(200) / 10,
    sodium: rnd.int(2000),
    cholesterol: rnd.int(300),
    serving_size: '100 g',
    ingredients: json(ingredients),
    image_url: null,
    imageUrl: null,
    nutritionPer100g: json({ calories, nutritionBaseWeight: 100 }),
    servings: json([{ id: 's1', servingName: 'bowl', weightInGrams: 250, displayOrder: 1 }]),
    isActive: true,
    nameKey: keyOf(name),
    categoryKey: keyOf(category),
    foodCodeKey: keyOf(foodCode),
    searchText: searchTextOf(name, category, ingredients),
    createdAt: at,
    updatedAt: at,
  };
}
