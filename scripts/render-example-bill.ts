/**
 * Writes docs/example-bill.pdf from the sample invoice (src/namespaces/billing/render/render.sample.ts)
 * and, where poppler's pdftoppm is installed, docs/example-bill.png (page 1 at 110 dpi) to look at.
 * Run: node scripts/render-example-bill.ts [sample], sample one of: invoice, inter-state, cancelled,
 * long, bill-of-supply, receipt, credit-note (default invoice; others are written to /tmp).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHtml } from '../src/namespaces/billing/render/html.ts';
import { renderPdf } from '../src/namespaces/billing/render/pdf.ts';
import {
  sampleBillOfSupply, sampleCancelledInvoice, sampleCreditNote, sampleInterStateInvoice, sampleInvoice, sampleLongInvoice, sampleReceipt,
} from '../src/namespaces/billing/render/render.sample.ts';

const samples = {
  invoice: sampleInvoice,
  'inter-state': sampleInterStateInvoice,
  cancelled: sampleCancelledInvoice,
  long: () => sampleLongInvoice(120),
  'bill-of-supply': sampleBillOfSupply,
  receipt: sampleReceipt,
  'credit-note': sampleCreditNote,
};

const name = process.argv[2] ?? 'invoice';
if (!(name in samples)) throw new Error(`unknown sample ${name}; one of ${Object.keys(samples).join(', ')}`);
const view = samples[name as keyof typeof samples]();
const base = name === 'invoice' ? join(import.meta.dirname, '..', 'docs', 'example-bill') : `/tmp/example-${name}`;

writeFileSync(`${base}.pdf`, await renderPdf(view));
writeFileSync(`${base}.html`, renderHtml(view));
console.log(`wrote ${base}.pdf and ${base}.html`);
try {
  execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', `${base}.pdf`, base]);
  console.log(`wrote ${base}.png`);
} catch (error) {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') console.log('pdftoppm not found: no PNG (apt-get install poppler-utils)');
  else throw error;
}
