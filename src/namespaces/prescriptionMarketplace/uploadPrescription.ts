import { self } from '../../operations/audience.ts';
import { ownerByIdentity } from '../../access/owners.ts';
import { z } from 'zod';
import { AppError, notFound } from '../../values/errors.ts';
import { id, jsonList, reqStr } from '../../values/fields.ts';
import { newId } from '../../values/ids.ts';
import { defineOperation, type Context } from '../../operations/operation.ts';
import { requestResult } from './prescriptionMarketplace.results.ts';
import { toJsonText } from '../../values/record.ts';
import { lineQuantity, MAX_LINES, remarks, shortText } from './prescriptionMarketplace.fields.ts';
import { requestRecord } from './prescriptionMarketplace.records.ts';
import { findActivePharmacy, insertRequest, pharmaciesNear, type BroadcastRow, type RequestItemRow } from './prescriptionMarketplace.repo.ts';

/**
 * A requested medicine. `id`, `prescriptionRequestId` and `products` are the service's (accepted,
 * ignored); `productIds` are kept as the client's mapping of the medicine to catalogue products.
 */
const requestLine = z.object({
  medicineName: shortText().min(1, 'must not be empty'),
  medicineType: z.string().trim().max(100).nullish(),
  strength: z.string().trim().max(100).nullish(),
  strengthUnit: z.string().trim().max(50).nullish(),
  quantity: lineQuantity().nullish(),
  notes: remarks().nullish(),
  productIds: z.array(id()).max(50).nullish(),
  id: z.string().nullish(),
  prescriptionRequestId: z.string().nullish(),
  products: jsonList().nullish(),
});

const input = z
  .object({
    patientId: id(),
    uploadedFileUrl: reqStr().max(2000),
    organizationId: id().nullish(),
    organizationBranchId: id().nullish(),
    addressId: id().nullish(),
    latitude: z.number().min(-90).max(90).nullish(),
    longitude: z.number().min(-180).max(180).nullish(),
    radiusKm: z.number().positive('must be greater than 0').max(500).nullish(),
    items: z.array(requestLine).max(MAX_LINES, `at most ${MAX_LINES} items`).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.organizationId) return;
    for (const field of ['latitude', 'longitude'] as const) {
      if (v[field] == null) ctx.addIssue({ code: 'custom', path: [field], message: 'give latitude and longitude, or the organizationId of a pharmacy' });
    }
  });

type Input = z.output<typeof input>;

/** Where the request goes: the pharmacy named, else every active pharmacy within the radius. */
async function recipients(ctx: Context, v: Input): Promise<{ id: string; distanceKm: number | null; branch: string | null }[]> {
  if (v.organizationId) {
    const pharmacy = await findActivePharmacy(ctx.db, v.organizationId);
    if (!pharmacy) throw notFound('active pharmacy');
    return [{ id: pharmacy.id, distanceKm: null, branch: v.organizationBranchId ?? null }];
  }
  const radiusKm = v.radiusKm ?? ctx.config.marketplace.defaultRadiusKm;
  const near = await pharmaciesNear(ctx.db, { latitude: v.latitude!, longitude: v.longitude! }, radiusKm);
  if (near.length === 0) throw new AppError('INVALID_STATE', `no active pharmacy within ${radiusKm} km of this location: widen radiusKm or name a pharmacy`);
  return near.map((p) => ({ id: p.id, distanceKm: p.distanceKm, branch: null }));
}

/**
 * Stores a patient's prescription request with its medicines (BROADCASTED) and its broadcasts
 * (SENT), in the operation's one transaction: to the pharmacy named by organizationId, else to
 * every active pharmacy within radiusKm (default MARKETPLACE_DEFAULT_RADIUS_KM) of the location.
 */
export const uploadPrescription = defineOperation({
  namespace: 'prescriptionMarketplace',
  name: 'uploadPrescription', audience: self(ownerByIdentity('patientId')),
  summary: "Upload a prescription and broadcast it to the named pharmacy or to the pharmacies near the patient",
  writes: true,
  input,
  output: requestResult,
  // organizationId names the pharmacy to send to, not the caller's tenant.
  organizationOf: () => null,
  async handler(ctx, v) {
    const to = await recipients(ctx, v);
    const now = ctx.now();
    const requestId = newId();
    const items = (v.items ?? []).map(
      (line, position): RequestItemRow => ({
        id: newId(),
        prescriptionRequestId: requestId,
        position,
        medicineName: line.medicineName,
        medicineType: line.medicineType ?? null,
        strength: line.strength ?? null,
        strengthUnit: line.strengthUnit ?? null,
        quantity: line.quantity ?? 1,
        notes: line.notes ?? null,
        productIds: toJsonText([...new Set(line.productIds ?? [])])!,
        createdAt: now,
      }),
    );
    const broadcasts = to.map(
      (p): BroadcastRow => ({
        id: newId(),
        prescriptionRequestId: requestId,
        organizationId: p.id,
        organizationBranchId: p.branch,
        distanceKm: p.distanceKm,
        status: 'SENT',
        rejectionReason: null,
        viewedAt: null,
        respondedAt: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    const request = await insertRequest(
      ctx.db,
      {
        id: requestId,
        patientId: v.patientId,
        organizationId: v.organizationId ?? null,
        organizationBranchId: v.organizationBranchId ?? null,
        addressId: v.addressId ?? null,
        uploadedFileUrl: v.uploadedFileUrl,
        latitude: v.latitude ?? null,
        longitude: v.longitude ?? null,
        radiusKm: v.organizationId ? null : (v.radiusKm ?? ctx.config.marketplace.defaultRadiusKm),
        status: 'BROADCASTED',
        acceptedQuoteId: null,
        acceptedAt: null,
        cancelledAt: null,
        createdAt: now,
        updatedAt: now,
      },
      items,
      broadcasts,
    );
    return { success: true as const, item: requestRecord(request) };
  },
});
