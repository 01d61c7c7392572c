/**
 * What a billing document is made of (docs/billing.md): the lines a source yields, the same lines
 * taxed by the organization's tax rules, and their totals. Every amount is in integer paise
 * (minor units), every rate in basis points (1800 = 18%).
 */

/** A line as its source yields it, before tax. */
export interface LineInput {
  description: string;
  /** HSN (goods) or SAC (services) code; null where the record has none */
  code: string | null;
  /** up to 3 decimals (a bed-day may be 0.5) */
  quantity: number;
  unitPrice: number;
  /** off the line's gross amount, before tax; 0..gross */
  discount: number;
  /** the GST rate of the item or service; 0 for a nil-rated or exempt line */
  taxRate: number;
  /** exempt supply (most healthcare services): no tax whatever the rate; billed on a bill of supply */
  exempt: boolean;
  /** the record the line bills: an admission charge, an appointment, a lab test, a stock movement */
  sourceType: string;
  sourceId: string;
}

/** A line with its tax worked out (each tax rounded on the line, docs/billing.md "Rounding"). */
export interface TaxedLine extends LineInput {
  /** unitPrice × quantity, rounded half away from zero */
  gross: number;
  /** gross − discount */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** taxable + cgst + sgst + igst */
  total: number;
}

/** Where the supply is made from and to: GST state codes ('27' Maharashtra), null where unknown. */
export interface Supply {
  sellerState: string | null;
  placeOfSupply: string | null;
}

/** The tax of a country's rules: GST in India, none elsewhere until another is written. */
export interface TaxRules {
  readonly name: TaxRegime;
  /** The lines with their tax; a refusal (AppError VALIDATION_FAILED) for a line the rules cannot tax. */
  tax(lines: readonly LineInput[], supply: Supply): TaxedLine[];
}

export type TaxRegime = 'in_gst' | 'none';

/** The tax of the lines at one rate: the table a GST return is filled from. */
export interface RateSummary {
  taxRate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface Totals {
  gross: number;
  discount: number;
  taxable: number;
  /** the taxable value of the exempt lines (part of `taxable`) */
  exempt: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** cgst + sgst + igst */
  tax: number;
  /** taxable + tax */
  total: number;
  /** grandTotal − total: the grand total is rounded to the rupee, 50 paise up (−49..+50 paise) */
  roundOff: number;
  grandTotal: number;
}
