import type { TaxRules } from '../billing.lines.ts';
import { amountsOf, lineProblems, refuseIfAny } from './line-amounts.ts';

/**
 * No tax (an organization outside any tax regime written here): gross, discount and taxable as
 * GST has them, no tax. A line's rate is shown as 0, since none applies.
 */
export const noTax: TaxRules = {
  name: 'none',
  tax(lines) {
    refuseIfAny(lines.flatMap(lineProblems));
    return lines.map((line) => {
      const { gross, taxable } = amountsOf(line);
      return { ...line, taxRate: 0, gross, taxable, cgst: 0, sgst: 0, igst: 0, total: taxable };
    });
  },
};
