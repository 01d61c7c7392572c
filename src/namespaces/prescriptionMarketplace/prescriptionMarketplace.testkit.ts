import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/harness.ts';
import { ok } from '../../../test/harness.ts';
import { newId } from '../../values/ids.ts';

/** Shared helpers of the marketplace tests. */

export interface Place {
  latitude: number;
  longitude: number;
}

/** A point `km` kilometres north of `p` (one degree of latitude = 111.195 km). */
export const north = (p: Place, km: number): Place => ({ latitude: p.latitude + km / 111.195, longitude: p.longitude });

/** Somewhere of our own on the map, far from every other test's pharmacies (tests share one database per suite). */
export function somewhere(): Place {
  const n = randomBytes(4).readUInt32BE();
  return { latitude: -60 + (n % 12000) / 100, longitude: -170 + ((n >>> 13) % 34000) / 100 };
}

type Rec = Record<string, unknown> & { id: string };
/** The `data.item` of a success envelope. */
const itemOf = (response: Awaited<ReturnType<TestApp['call']>>): Rec => (ok(response) as { item: Rec }).item;

export function marketplaceCalls(t: () => TestApp) {
  const call = (op: string, data: Record<string, unknown>, token?: string) =>
    t().call('prescriptionMarketplace', op, data, token ? { token } : {});

  async function pharmacy(place: Place | null, data: Record<string, unknown> = {}): Promise<string> {
    const created = itemOf(
      await t().call('organizations', 'create', {
        name: `Pharmacy ${randomBytes(3).toString('hex')}`,
        slug: `ph-${randomBytes(6).toString('hex')}`,
        type: 'pharmacy',
        ...(place ?? {}),
        ...data,
      }),
    );
    return created.id;
  }

  /** A catalogue item of the pharmacy (module pharmacy) with opening stock. */
  async function product(organizationId: string, data: Record<string, unknown> = {}): Promise<string> {
    const created = itemOf(
      await t().call('inventoryItems', 'create', {
        organizationId,
        module: 'pharmacy',
        itemName: 'Dolo 650',
        genericName: 'Paracetamol',
        medicineType: 'Tablet',
        strength: '650',
        strengthUnit: 'mg',
        mrp: 30.5,
        onlinePrice: 28.75,
        quantity: 40,
        ...data,
      }),
    );
    return created.id;
  }

  /** A person (identity) with a name: the patient of the marketplace is their idpUserId. */
  async function person(name = 'Asha Rao'): Promise<string> {
    const id = newId();
    const now = Date.now();
    await t()
      .database.db.insertInto('identities')
      .values({ id, email: `${id}@example.test`, phone: null, name, passwordHash: null, socialSubject: null, isVerified: true, lastLoginAt: null, tokenVersion: 0, createdAt: now, updatedAt: now })
      .execute();
    return id;
  }

  async function upload(patientId: string, data: Record<string, unknown>, token?: string) {
    return call('uploadPrescription', { patientId, uploadedFileUrl: 'https://files.example.test/rx/1.jpg', ...data }, token);
  }

  /** A request sent to one named pharmacy with one medicine; returns its ids. */
  async function requestTo(organizationId: string, patientId: string, items: Record<string, unknown>[] = [{ medicineName: 'Paracetamol', quantity: 10 }]) {
    const request = itemOf(await upload(patientId, { organizationId, items }));
    const broadcastId = await broadcastOf(request.id, organizationId);
    return { requestId: request.id, broadcastId };
  }

  async function broadcastOf(requestId: string, organizationId: string): Promise<string> {
    const row = await t()
      .database.db.selectFrom('prescriptionBroadcasts')
      .select('id')
      .where('prescriptionRequestId', '=', requestId)
      .where('organizationId', '=', organizationId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A submitted quote of the pharmacy for the broadcast: `quantity` units of `productId`. */
  async function submitted(organizationId: string, broadcastId: string, productId: string, quantity = 10, data: Record<string, unknown> = {}) {
    const draft = itemOf(await call('saveDraftQuote', { organizationId, broadcastId, items: [{ productId, quantity, requestedMedicineName: 'Paracetamol' }], ...data }));
    return itemOf(await call('submitQuote', { organizationId, quoteId: draft.id }));
  }

  const statuses = async (requestId: string) => {
    const db = t().database.db;
    const request = await db.selectFrom('prescriptionRequests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow();
    const broadcasts = await db.selectFrom('prescriptionBroadcasts').select(['organizationId', 'status']).where('prescriptionRequestId', '=', requestId).execute();
    const quotes = await db.selectFrom('prescriptionQuotes').select(['organizationId', 'status']).where('prescriptionRequestId', '=', requestId).execute();
    return {
      request: request.status,
      broadcasts: Object.fromEntries(broadcasts.map((b) => [b.organizationId, b.status])),
      quotes: Object.fromEntries(quotes.map((q) => [q.organizationId, q.status])),
    };
  };

  return { call, pharmacy, product, person, upload, requestTo, broadcastOf, submitted, statuses };
}
