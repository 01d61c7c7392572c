import type { TaxRegime, TaxRules } from '../billing.lines.ts';
import { indiaGst } from './india-gst.ts';
import { noTax } from './no-tax.ts';

const RULES: Readonly<Record<TaxRegime, TaxRules>> = { in_gst: indiaGst, none: noTax };

export function taxRulesOf(regime: TaxRegime): TaxRules {
  return RULES[regime];
}
