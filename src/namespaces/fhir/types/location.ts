import { sql, type Expression, type SqlBool } from 'kysely';
import { BED_OPERATIONAL_STATUS, locationResource, PHYSICAL_TYPES } from '../fhir.resources.ts';
import { anyOf, inColumn } from '../search/params.ts';
import { idParam, lastUpdatedParam, literalColumn } from './common.ts';
import { defineFhirType } from './define.ts';

/** The bed statuses whose v2-0116 code is one of `codes`. */
function bedStatusIn(codes: readonly string[]): Expression<SqlBool> {
  const statuses = Object.entries(BED_OPERATIONAL_STATUS).filter(([, status]) => codes.includes(status.code)).map(([stored]) => stored);
  return statuses.length === 0 ? sql<SqlBool>`1 = 0` : inColumn('bedStatus')(statuses);
}

/** The organization's wards, rooms and beds, one list (docs/fhir.md, "Location"). */
export const location = defineFhirType({
  type: 'Location',
  describes: 'A ward, room or bed',
  table: 'wards',
  source: (db) =>
    db
      .selectFrom('wards')
      .select((eb) => ['id', 'organizationId', literalColumn('wa').as('physicalType'), 'name', eb.ref('description').as('description'), literalColumn(null).as('partOf'), literalColumn(null).as('bedStatus'), 'isActive', 'updatedAt'])
      .unionAll(
        db.selectFrom('rooms').select((eb) => [
          'id',
          'organizationId',
          literalColumn('ro').as('physicalType'),
          sql<string>`coalesce(${eb.ref('name')}, 'Room ' || ${eb.ref('roomNumber')})`.as('name'),
          literalColumn(null).as('description'),
          eb.ref('wardId').as('partOf'),
          literalColumn(null).as('bedStatus'),
          'isActive',
          'updatedAt',
        ]),
      )
      .unionAll(
        db.selectFrom('beds').select((eb) => ['id', 'organizationId', literalColumn('bd').as('physicalType'), eb.ref('displayName').as('name'), literalColumn(null).as('description'), eb.ref('roomId').as('partOf'), eb.ref('status').as('bedStatus'), 'isActive', 'updatedAt']),
      ) as never,
  resource: locationResource,
  searchParams: [
    idParam,
    {
      name: 'name',
      type: 'string',
      definition: 'http://hl7.org/fhir/SearchParameter/Location-name',
      documentation: 'Case-insensitive: a part of the name starts with the value; name:contains anywhere; name:exact the whole name, case and all.',
      column: 'name',
    },
    {
      name: 'partof',
      type: 'reference',
      definition: 'http://hl7.org/fhir/SearchParameter/Location-partof',
      documentation: 'Location/{id} or the id: the rooms of a ward, the beds of a room.',
      target: 'Location',
      column: 'partOf',
    },
    {
      name: 'type',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Location-type',
      documentation: 'The physical type: wa (ward), ro (room), bd (bed), optionally with the system http://terminology.hl7.org/CodeSystem/location-physical-type.',
      system: 'http://terminology.hl7.org/CodeSystem/location-physical-type',
      codes: Object.keys(PHYSICAL_TYPES),
      where: inColumn('physicalType'),
    },
    {
      name: 'status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Location-status',
      documentation: 'active or inactive (suspended matches none), optionally with the system http://hl7.org/fhir/location-status.',
      system: 'http://hl7.org/fhir/location-status',
      codes: ['active', 'suspended', 'inactive'],
      where: (codes) =>
        anyOf([
          ...(codes.includes('active') ? [sql<SqlBool>`${sql.ref('isActive')} = ${sql.lit(true)}`] : []),
          ...(codes.includes('inactive') ? [sql<SqlBool>`${sql.ref('isActive')} = ${sql.lit(false)}`] : []),
          ...(codes.includes('suspended') ? [sql<SqlBool>`1 = 0`] : []),
        ]),
    },
    {
      name: 'operational-status',
      type: 'token',
      definition: 'http://hl7.org/fhir/SearchParameter/Location-operational-status',
      documentation: 'A bed\'s v2-0116 status: U (unoccupied: available or reserved), O (occupied), H (housekeeping: cleaning), C (closed: maintenance); K and I match none.',
      system: 'http://terminology.hl7.org/CodeSystem/v2-0116',
      codes: ['C', 'H', 'O', 'U', 'K', 'I'],
      where: bedStatusIn,
    },
    lastUpdatedParam,
  ],
});
