import type { Db } from '../../db/database.ts';
import { AppError, validationFailed } from '../../values/errors.ts';
import { multiply } from '../../values/money.ts';
import { toBool } from '../../values/record.ts';
import type { LineInput } from './billing.lines.ts';
import type { LineRow, StoredDocument } from './billing.read.ts';

/** What a caller asks to credit of one line: all that is left of it, or part of its quantity. */
export interface CreditRequest {
  position: number;
  quantity?: number | null | undefined;
}

/** Quantities in thousandths (they have at most three decimals), so that they add up exactly. */
const milli = (quantity: number) => Math.round(quantity * 1000);

/** A credit note's line names the invoice's line it credits: '<invoiceId>:<position>'. */
export const creditedLineId = (invoiceId: string, position: number) => `${invoiceId}:${position}`;

/** How much of each of the invoice's lines live credit notes credit already, in thousandths, by position. */
export async function creditedQuantities(db: Db, organizationId: string, invoiceId: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('billingDocumentLines as l')
    .innerJoin('billingDocuments as d', 'd.id', 'l.documentId')
    .leftJoin('billingCancellations as c', 'c.documentId', 'd.id')
    .select(['l.sourceId', 'l.quantity'])
    .where('d.organizationId', '=', organizationId)
    .where('d.kind', '=', 'CREDIT_NOTE')
    .where('d.againstId', '=', invoiceId)
    .where('c.documentId', 'is', null)
    .where('l.sourceType', '=', 'invoiceLine')
    .execute();
  const credited = new Map<number, number>();
  for (const row of rows) {
    const position = Number(row.sourceId.slice(row.sourceId.lastIndexOf(':') + 1));
    credited.set(position, (credited.get(position) ?? 0) + milli(Number(row.quantity)));
  }
  return credited;
}

/** a × b / c rounded half up, for amounts ≥ 0. */
const share = (a: number, b: number, c: number) => Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));

/**
 * The credit of `quantity` thousandths of an invoice's line, `before` of them credited already: the
 * line's description, code, rate and unit price, and the part of its discount those units carry.
 * The discount is prorated on the running total (share up to the end less share up to the start),
 * so the parts of a line credited bit by bit add up to its discount exactly.
 */
function creditLine(invoiceId: string, line: LineRow, before: number, quantity: number): LineInput {
  const whole = milli(Number(line.quantity));
  const discount = Number(line.discount);
  const unitPrice = Number(line.unitPrice);
  const part = share(discount, before + quantity, whole) - share(discount, before, whole);
  return {
    description: line.description,
    code: line.code,
    quantity: quantity / 1000,
    unitPrice,
    discount: Math.min(part, multiply(unitPrice, quantity / 1000)),
    taxRate: Number(line.taxRate),
    exempt: toBool(line.exempt) ?? false,
    sourceType: 'invoiceLine',
    sourceId: creditedLineId(invoiceId, Number(line.position)),
  };
}

/**
 * The lines of a credit note against the invoice: those asked for (a quantity omitted: what is left
 * of the line), or, none asked for, what is left of every line. Crediting more of a line than it
 * has left is INVALID_STATE.
 */
export function creditLines(invoice: StoredDocument, credited: ReadonlyMap<number, number>, requested: readonly CreditRequest[] | undefined): LineInput[] {
  const { id, number } = invoice.row;
  const before = (line: LineRow) => credited.get(Number(line.position)) ?? 0;
  const left = (line: LineRow) => milli(Number(line.quantity)) - before(line);
  if (!requested) {
    const open = invoice.lines.filter((line) => left(line) > 0);
    if (open.length === 0) throw new AppError('INVALID_STATE', `every line of ${number} is credited already`);
    return open.map((line) => creditLine(id, line, before(line), left(line)));
  }
  return requested.map((request, i) => {
    const line = invoice.lines.find((l) => Number(l.position) === request.position);
    if (!line) throw validationFailed(`lines.${i}.position`, `${number} has no line at position ${request.position}`);
    const quantity = request.quantity == null ? left(line) : milli(request.quantity);
    if (left(line) <= 0) throw new AppError('INVALID_STATE', `line ${request.position} of ${number} is credited already`);
    if (quantity > left(line)) {
      throw new AppError('INVALID_STATE', `line ${request.position} of ${number}: only ${left(line) / 1000} of its quantity ${Number(line.quantity)} is left to credit`);
    }
    return creditLine(id, line, before(line), quantity);
  });
}
