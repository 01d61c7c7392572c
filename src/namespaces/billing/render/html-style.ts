/** The CSS of the HTML document (html.ts): A4 with 12.7 mm margins in print, a centred sheet on screen. */
export const htmlStyle = `
@page { size: A4; margin: 12.7mm 12.7mm 16mm;
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 7pt "DejaVu Sans", Arial, sans-serif; color: #5b6775; } }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; background: #e9edf0; color: #1c2530; font: 9pt/1.35 "DejaVu Sans", "Noto Sans", Arial, sans-serif; }
main.document { position: relative; width: 210mm; min-height: 297mm; margin: 8mm auto; padding: 12.7mm; background: #fff; overflow: hidden; }
@media print { body { background: none; } main.document { width: auto; min-height: 0; margin: 0; padding: 0; overflow: visible; } }
h1, h2, h3, p, dl, dd, figure, ul { margin: 0; }
h3 { font-size: 7pt; font-weight: bold; color: #5b6775; text-transform: uppercase; letter-spacing: .04em; margin-bottom: 3pt; }
.top { display: flex; justify-content: space-between; gap: 16pt; border-bottom: 1.4pt solid #0f766e; padding-bottom: 8pt; margin-bottom: 10pt; }
.seller { display: flex; gap: 10pt; }
.logo { width: 58pt; height: 58pt; object-fit: contain; }
.seller h1 { font-size: 14pt; color: #0f766e; margin-bottom: 2pt; }
.seller p { font-size: 8pt; color: #5b6775; }
.seller p.run { color: #1c2530; margin-top: 3pt; }
.seller p.run span { color: #5b6775; margin-left: 10pt; } .seller p.run span:first-child { margin-left: 0; }
.title { text-align: right; min-width: 190pt; }
.title h2 { font-size: 17pt; margin-bottom: 6pt; }
dl.numbers { display: grid; grid-template-columns: 1fr auto; column-gap: 6pt; }
dl.numbers dt { color: #5b6775; font-size: 8pt; } dl.numbers dd { font-weight: bold; }
.cancelled-notice { color: #c62828; font-size: 8pt; margin-top: 4pt; } .cancelled-notice strong { font-size: 11pt; }
.parties { display: grid; grid-template-columns: 1fr 1fr; border: .6pt solid #c5ced8; margin-bottom: 12pt; }
.parties > div { padding: 8pt; } .parties > div + div { border-left: .6pt solid #c5ced8; }
.parties .name { font-weight: bold; font-size: 10pt; }
.parties p { font-size: 8pt; }
dl.fields { display: grid; grid-template-columns: max-content 1fr; column-gap: 10pt; row-gap: 2pt; font-size: 8pt; margin-top: 3pt; }
dl.fields dt { color: #5b6775; }
table { border-collapse: collapse; width: 100%; }
table.lines { font-size: 7.5pt; margin-bottom: 10pt; }
table.lines thead { display: table-header-group; }
table.lines th { background: #0f766e; color: #fff; font-size: 7pt; padding: 3.5pt 3pt; }
table.lines td { padding: 3.5pt 3pt; border-bottom: .4pt solid #c5ced8; vertical-align: top; }
table.lines td.right, table.lines th.right { white-space: nowrap; }
table.lines tbody tr:nth-child(even) { background: #f5f8f8; }
table.lines tr { break-inside: avoid; }
.left { text-align: left; } .right { text-align: right; } .center { text-align: center; } .strong { font-weight: bold; }
.summary { display: grid; grid-template-columns: 1fr 215pt; gap: 24pt; margin-bottom: 10pt; break-inside: avoid; }
.rates table { font-size: 7.5pt; } .rates th { background: #eaf1f1; padding: 3pt; } .rates td { padding: 3pt; border-bottom: .4pt solid #c5ced8; } .rates tfoot th { padding: 3pt; }
table.totals th { text-align: left; font-weight: normal; color: #5b6775; padding: 2pt 6pt; }
table.totals td { text-align: right; padding: 2pt 6pt; white-space: nowrap; }
table.totals tr.grand th, table.totals tr.grand td { background: #0f766e; color: #fff; font-weight: bold; font-size: 10pt; padding: 4pt 6pt; }
.words { margin-bottom: 10pt; } .words span { display: block; font-size: 7pt; font-weight: bold; color: #5b6775; text-transform: uppercase; }
.received { border: .6pt solid #c5ced8; padding: 10pt; margin-bottom: 14pt; } .received .sentence { font-size: 11pt; font-weight: bold; margin-bottom: 6pt; }
.received dl.fields { font-size: 9pt; }
.notes { margin-bottom: 10pt; font-size: 8pt; } .notes ul { padding-left: 12pt; }
.closing { display: grid; grid-template-columns: 1fr auto 1fr; gap: 16pt; align-items: start; break-inside: avoid; }
.badge { display: inline-block; color: #fff; font-weight: bold; font-size: 8pt; padding: 2pt 7pt; border-radius: 3pt; margin-bottom: 2pt; }
.badge.paid { background: #2e7d32; } .badge.partly_paid { background: #b26a00; } .badge.unpaid { background: #c62828; }
.qr { text-align: center; font-size: 7pt; color: #5b6775; } .qr svg { display: block; margin: 0 auto 2pt; }
.signature { text-align: right; }
.signature .for { font-weight: bold; margin-bottom: 34pt; }
.signature .sign { border-top: .6pt solid #1c2530; margin-left: 40pt; padding-top: 3pt; font-size: 8pt; }
.signature .issued { font-size: 7.5pt; color: #5b6775; }
footer { margin-top: 14pt; border-top: .5pt solid #c5ced8; padding-top: 3pt; font-size: 7pt; color: #5b6775; }
.watermark { position: absolute; top: 45%; left: 50%; transform: translate(-50%, -50%) rotate(-40deg); font-size: 96pt; font-weight: bold;
  color: #c62828; opacity: .14; pointer-events: none; white-space: nowrap; z-index: 1; }
@media print { .watermark { position: fixed; } footer { display: none; } }
`;
