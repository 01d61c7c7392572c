/**
 * The benchmark's scenarios (bench/run.ts runs them one after another, bench/compare.ts against
 * another commit): each makes the Lua body of a wrk run from the seeded database's meta.
 */
import type { Db } from '../src/db/database.ts';
import { dateOfDay } from '../src/time/local-minutes.ts';
import { newId } from '../src/values/ids.ts';
import { addDays } from '../src/time/zone.ts';
import { CHARGES_PER_ADMISSION, type Meta } from './seed.ts';
import { luaString, rotating, type WrkResult } from './wrk.ts';

export interface RunState {
  meta: Meta;
  /** the next day (day number) no benchmark booking has used yet */
  nextDay: number;
  /** the index in meta.invoiceAdmissionIds of the first admission no run has billed yet */
  nextAdmission: number;
}

export interface Scenario {
  name: string;
  what: string;
  kind: 'read' | 'write' | 'contended';
  /** which page-1 scenario a page-500 one is compared with */
  pageOf?: string;
  /** Lua body(n) for one wrk run; `after` moves the day cursor past what the run booked */
  body(state: RunState): { lua: string; after?: (r: WrkResult) => void };
  /** adds to the seeded database what the scenario reads and the seed lacks, once (bench/run.ts calls it before starting the service) */
  prepare?(db: Db, meta: Meta): Promise<void>;
}

export const envelope = (namespace: string, apiName: string, data: unknown) => ({ namespace, apiName, data });
const SLOTS_PER_DAY = 48;

export const SCENARIOS: Scenario[] = [
  {
    name: 'getById',
    what: 'appointments.getById, random appointments of every organization',
    kind: 'read',
    body: ({ meta }) => ({ lua: rotating(meta.appointmentSamples.map(([organizationId, id]) => envelope('appointments', 'getById', { id, organizationId }))) }),
  },
  {
    name: 'fhir-read',
    what: 'GET /fhir/R4/Appointment/{id}: the appointments of getById as FHIR Appointments',
    kind: 'read',
    body: ({ meta }) => ({ lua: fhirGets(meta.appointmentSamples.map(([organizationId, id]) => [organizationId, `/fhir/R4/Appointment/${id}`])) }),
  },
  {
    name: 'fhir-search',
    what: 'GET /fhir/R4/Appointment?patient=...&_count=20: a patient\'s appointments of the big organization as a searchset Bundle (with its total)',
    kind: 'read',
    body: ({ meta }) => ({ lua: fhirGets(meta.bigPatientIds.slice(0, 200).map((patientId) => [meta.bigOrganizationId, `/fhir/R4/Appointment?patient=${patientId}&_count=20`])) }),
  },
  createAtFreeSlots('create', 'appointments.create at distinct free slots of 199 doctors (row + audit row, durable)'),
  createAtFreeSlots('create-keyed', 'create as above, each request with its own Idempotency-Key (the key row is written with the booking)', true),
  {
    name: 'invoice',
    what: `billing.issueInvoice of an admission with ${CHARGES_PER_ADMISSION} charges (a tax invoice, CGST + SGST per line), each request another admission of the big hospital, all in one numbering series`,
    kind: 'write',
    body: (state) => {
      const ids = (state.meta.invoiceAdmissionIds ?? []).slice(state.nextAdmission);
      if (ids.length === 0) throw new Error('the invoice scenario has no unbilled admission left in this seed (or the seed is older than version 4): run with --reseed');
      return {
        lua: `local org = ${luaString(state.meta.bigOrganizationId)}
local ids = {${ids.map(luaString).join(',')}}
function body(n)
  return string.format('{"namespace":"billing","apiName":"issueInvoice","data":{"organizationId":"%s","admissionId":"%s"}}', org, ids[(n % #ids) + 1])
end
`,
        // every admission a request was sent for may be billed, answered or not
        after: (r) => (state.nextAdmission += r.sent),
      };
    },
  },
  {
    name: 'list-p1',
    what: 'appointments.listByOrganization, big organization, dateFilter upcoming, page 1 of 20',
    kind: 'read',
    body: ({ meta }) => ({ lua: rotating([envelope('appointments', 'listByOrganization', { organizationId: meta.bigOrganizationId, dateFilter: 'upcoming', page: 1, pageSize: 20 })]) }),
  },
  {
    name: 'list-p500',
    what: 'the same at page 500 (rows 9,981..10,000)',
    kind: 'read',
    pageOf: 'list-p1',
    body: ({ meta }) => ({ lua: rotating([envelope('appointments', 'listByOrganization', { organizationId: meta.bigOrganizationId, dateFilter: 'upcoming', page: 500, pageSize: 20 })]) }),
  },
  {
    name: 'findSlots',
    what: "appointments.findSlots, one scheduled doctor's week (7 days, 30-minute slots, as issue 29 asks) in the big organization",
    kind: 'read',
    body: ({ meta }) => ({
      lua: rotating([envelope('appointments', 'findSlots', { organizationId: meta.bigOrganizationId, doctorId: meta.scheduledDoctorId, dateFrom: meta.slotsFrom, dateTo: addDays(meta.slotsFrom, 6) })]),
    }),
  },
  {
    name: 'findSlots-month',
    what: 'the same over 31 days (the findSlots scenario before issue 29; ~1,500 slots, ~140 KB per answer)',
    kind: 'read',
    body: ({ meta }) => ({
      lua: rotating([envelope('appointments', 'findSlots', { organizationId: meta.bigOrganizationId, doctorId: meta.scheduledDoctorId, dateFrom: meta.slotsFrom, dateTo: addDays(meta.slotsFrom, 30) })]),
    }),
  },
  {
    name: 'findSlots-clinic',
    what: `GET /fhir/R4/Slot?start={day}: the free slots of every doctor of the big organization on one day (its 50 doctors, each with a schedule of every day 09:00-17:00 in 30-minute slots, where their seeded appointments are), first page of 20 with the total`,
    kind: 'read',
    prepare: scheduleEveryDoctor,
    body: ({ meta }) => ({ lua: fhirGets([[meta.bigOrganizationId, `/fhir/R4/Slot?start=${clinicDay(meta)}`]]) }),
  },
  {
    name: 'users.search',
    what: 'users.search by name in the big organization (5,000 users), 8 rotating terms',
    kind: 'read',
    body: ({ meta }) => ({ lua: rotating(meta.userSearchTerms.map((query) => envelope('users', 'search', { organizationId: meta.bigOrganizationId, query }))) }),
  },
  {
    name: 'foods.search',
    what: 'foods.search over 100,000 foods, 8 rotating queries (first page, with total)',
    kind: 'read',
    body: ({ meta }) => ({ lua: rotating(meta.foodSearchTerms.map((query) => envelope('foods', 'search', { query }))) }),
  },
  {
    name: 'notif-p1',
    what: 'notifications.listByOrganization, big organization (101,000), page 1',
    kind: 'read',
    body: ({ meta }) => ({ lua: rotating([envelope('notifications', 'listByOrganization', { organizationId: meta.bigOrganizationId, page: 1 })]) }),
  },
  {
    name: 'notif-p500',
    what: 'the same at page 500',
    kind: 'read',
    pageOf: 'notif-p1',
    body: ({ meta }) => ({ lua: rotating([envelope('notifications', 'listByOrganization', { organizationId: meta.bigOrganizationId, page: 500 })]) }),
  },
  {
    name: 'issueStock-50',
    what: '50 connections issue 1 unit of one item (inventoryItems.issueStock)',
    kind: 'contended',
    body: ({ meta }) => ({
      lua: rotating([envelope('inventoryItems', 'issueStock', { organizationId: meta.bigOrganizationId, inventoryItemId: meta.hotItemId, type: 'ISSUE', quantity: 1, issuedToName: 'Ward 3' })]),
    }),
  },
  {
    name: 'booking-50',
    what: "50 connections book one doctor's day at random times (most get CONFLICT)",
    kind: 'contended',
    body: (state) => {
      const day = state.nextDay;
      return {
        lua: `local org = ${luaString(state.meta.bigOrganizationId)}
local doc = ${luaString(state.meta.contendedDoctorId)}
local pats = {${state.meta.bigPatientIds.slice(0, 200).map(luaString).join(',')}}
local date = os.date("!%Y-%m-%d", ${day} * 86400)
math.randomseed(os.time() + (tid or 0))
function body(n)
  local minute = 480 + 5 * math.random(0, 143)
  return string.format('{"namespace":"appointments","apiName":"create","data":{"organizationId":"%s","patientId":"%s","doctorId":"%s","scheduledDate":"%s","scheduledTime":"%02d:%02d","duration":30,"type":"consultation"}}',
    org, pats[(n % #pats) + 1], doc, date, math.floor(minute / 60), minute % 60)
end
`,
        after: () => (state.nextDay += 1),
      };
    },
  },
];

/** The scenarios named in a comma-separated list, in its order; all of them when it is empty. */
export function chooseScenarios(names: string): Scenario[] {
  if (!names) return SCENARIOS;
  return names.split(',').map((name) => {
    const s = SCENARIOS.find((x) => x.name === name.trim());
    if (!s) throw new Error(`unknown scenario ${name}; known: ${SCENARIOS.map((x) => x.name).join(', ')}`);
    return s;
  });
}

/** Failed requests of a run: socket errors, non-2xx answers, and 409s unless the scenario expects them. */
export function unexpectedErrors(scenario: Pick<Scenario, 'kind'>, r: WrkResult): number {
  return r.socketErrors + r.other + (scenario.kind === 'contended' ? 0 : r.conflict);
}

/** The first day after every appointment of the database: where the booking scenarios start. */
export async function firstFreeDay(db: Db): Promise<number> {
  const row = await db.selectFrom('appointments').select((eb) => eb.fn.max('endMinute').as('m')).executeTakeFirstOrThrow();
  return Math.floor(Number(row.m ?? 0) / 1440) + 2;
}

/** The index of the first seeded admission after every one that is billed already: where the invoice scenario starts. */
export async function firstUnbilledAdmission(db: Db, meta: Meta): Promise<number> {
  const ids = meta.invoiceAdmissionIds ?? [];
  if (ids.length === 0) return 0;
  const rows = await db.selectFrom('billingDocuments').select('sourceId').where('organizationId', '=', meta.bigOrganizationId).where('sourceType', '=', 'admission').execute();
  const billed = new Set(rows.map((row) => row.sourceId));
  return ids.findLastIndex((id) => billed.has(id)) + 1;
}

/** The days the clinic's schedules hold at most, from the seeding day (fewer when the booking scenarios' first free day comes sooner). */
const CLINIC_DAYS = 364;

/** The day findSlots-clinic searches: tomorrow (UTC, the bench service's zone), within the clinic's schedules. */
function clinicDay(meta: Meta): string {
  const tomorrow = dateOfDay(Math.floor(Date.now() / 86_400_000) + 1);
  const last = addDays(meta.slotsFrom, CLINIC_DAYS - 1);
  return tomorrow < meta.slotsFrom ? addDays(meta.slotsFrom, 1) : tomorrow > last ? last : tomorrow;
}

/**
 * A schedule for each doctor of the big organization that has none (the seed gives one doctor
 * one): every day 09:00-17:00 in 30-minute slots, from the seeding day to the day after the last
 * booked one at most, so that the days the booking scenarios book (from firstFreeDay on, at any
 * hour) stay unscheduled and those scenarios run as before.
 */
async function scheduleEveryDoctor(db: Db, meta: Meta): Promise<void> {
  const [longest, beforeBookings] = [addDays(meta.slotsFrom, CLINIC_DAYS - 1), dateOfDay((await firstFreeDay(db)) - 1)];
  const validTo = beforeBookings < longest ? beforeBookings : longest;
  const organizationId = meta.bigOrganizationId;
  const scheduled = new Set((await db.selectFrom('practitionerSchedules').select('doctorId').where('organizationId', '=', organizationId).execute()).map((r) => r.doctorId));
  const doctors = await db.selectFrom('users').select('id').where('organizationId', '=', organizationId).where('role', '=', 'doctor').execute();
  const weeklyHours = JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startTime: '09:00', endTime: '17:00' })));
  const now = Date.now();
  const rows = doctors
    .filter((d) => !scheduled.has(d.id))
    .map((d) => ({
      id: newId(), organizationId, doctorId: d.id, organizationBranchId: null, serviceId: null, slotMinutes: 30, validFrom: meta.slotsFrom,
      validTo, weeklyHours, exceptions: '[]', createdAt: now, updatedAt: now,
    }));
  if (rows.length) await db.insertInto('practitionerSchedules').values(rows).execute();
}

/** GETs of the FHIR API cycling through (organization, path) pairs, each with its X-Organization-Id. */
function fhirGets(requests: [string, string][]): string {
  const list = (i: 0 | 1) => requests.map((request) => `  ${luaString(request[i])},`).join('\n');
  return `local orgs = {\n${list(0)}\n}\nlocal paths = {\n${list(1)}\n}
function path(n) return paths[(n % #paths) + 1] end
function headers(n) return { ["X-Organization-Id"] = orgs[(n % #orgs) + 1], ["Accept"] = "application/fhir+json" } end
`;
}

/** appointments.create at distinct free slots of the seeded doctors; `keyed`: each request with its own Idempotency-Key. */
function createAtFreeSlots(name: string, what: string, keyed = false): Scenario {
  return {
    name,
    what,
    kind: 'write',
    body: (state) => {
      const t = state.meta.createTriples;
      const list = (f: (x: (typeof t)[number]) => string) => `{${t.map((x) => luaString(f(x))).join(',')}}`;
      const base = state.nextDay;
      const headers = keyed ? `function headers(n) return { ["Idempotency-Key"] = "bench-${base}-" .. n } end\n` : '';
      return {
        lua: `local orgs = ${list((x) => x.organizationId)}
local docs = ${list((x) => x.doctorId)}
local pats = ${list((x) => x.patientId)}
local K = #docs
function body(n)
  local t = (n % K) + 1
  local slot = math.floor(n / K)
  local day = ${base} + math.floor(slot / ${SLOTS_PER_DAY})
  local minute = (slot % ${SLOTS_PER_DAY}) * 30
  return string.format('{"namespace":"appointments","apiName":"create","data":{"organizationId":"%s","patientId":"%s","doctorId":"%s","scheduledDate":"%s","scheduledTime":"%02d:%02d","duration":30,"type":"consultation","consultationFee":500,"reason":"Routine check-up"}}',
    orgs[t], pats[t], docs[t], os.date("!%Y-%m-%d", day * 86400), math.floor(minute / 60), minute % 60)
end
${headers}`,
        after: (r) => (state.nextDay += Math.ceil(r.requests / (t.length * SLOTS_PER_DAY)) + 1),
      };
    },
  };
}
