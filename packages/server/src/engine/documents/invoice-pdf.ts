import { sumMinor, toMajorUnits } from '@paydesk/domain';
import { FEE_LINE_LABELS, type FeeLineKind } from '@paydesk/domain/documents/invoices';
import { renderPdf } from '../pdf.ts';

/** One printed line: a kind of fee in one currency, in integer minor units. */
export interface InvoiceLine {
  kind: FeeLineKind;
  currency: string;
  amount: number;
}

export interface InvoiceContent {
  number: string;
  issuedAt: Date;
  periodFrom: Date;
  /** The period's end, exclusive: the first instant of the next month. */
  periodTo: Date;
  issuer: { name: string; lines: string[] };
  customer: { name: string; address: string; vatNumber: string | null };
  lines: readonly InvoiceLine[];
  /** Sandbox accounts get invoices that say they are not tax documents. */
  sandbox: boolean;
}

const day = (at: Date) => at.toISOString().slice(0, 10);
const pdfAmount = (amount: number, currency: string) =>
  `${toMajorUnits(amount, currency)} ${currency.toUpperCase()}`;

/** The totals of an invoice's lines, one per currency, in the lines' order of currencies. */
export function invoiceTotals(lines: readonly InvoiceLine[]): { currency: string; amount: number }[] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    totals.set(line.currency, sumMinor(totals.get(line.currency) ?? 0, line.amount));
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

/**
 * Writes an invoice as a PDF with the standard Helvetica font, so its text can be extracted as
 * written; answers the file's bytes. The dates are UTC days; the period's last day is the day
 * before `periodTo`.
 */
export function renderInvoicePdf(invoice: InvoiceContent): Promise<Buffer> {
  const info = {
    Title: `Invoice ${invoice.number}`,
    Author: invoice.issuer.name,
    CreationDate: invoice.issuedAt,
  };
  return renderPdf(info, (pdf) => drawInvoice(pdf, invoice));
}

function drawInvoice(pdf: PDFKit.PDFDocument, invoice: InvoiceContent): void {
  const lastDay = new Date(invoice.periodTo.getTime() - 1);
  pdf.font('Helvetica-Bold').fontSize(18).text('Invoice', { align: 'left' });
  pdf.moveDown(0.3);
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`Invoice number: ${invoice.number}`);
  pdf.text(`Date of issue: ${day(invoice.issuedAt)}`);
  pdf.text(`Period: ${day(invoice.periodFrom)} to ${day(lastDay)}`);
  if (invoice.sandbox) {
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').text('Sandbox account: issued for testing, not valid for tax purposes.');
    pdf.font('Helvetica');
  }

  pdf.moveDown(1);
  const top = pdf.y;
  pdf.font('Helvetica-Bold').text('From', 56, top);
  pdf.font('Helvetica').text(invoice.issuer.name);
  for (const line of invoice.issuer.lines) pdf.text(line);
  const fromBottom = pdf.y;
  pdf.font('Helvetica-Bold').text('Billed to', 310, top);
  pdf.font('Helvetica').text(invoice.customer.name, 310);
  for (const line of invoice.customer.address.split('\n').filter(Boolean)) pdf.text(line, 310);
  if (invoice.customer.vatNumber) pdf.text(`VAT number: ${invoice.customer.vatNumber}`, 310);
  pdf.y = Math.max(pdf.y, fromBottom);

  pdf.moveDown(1.5);
  const columns = { description: 56, currency: 330, amount: 400 };
  const row = (description: string, currency: string, amount: string, bold = false) => {
    const y = pdf.y;
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(description, columns.description, y, { width: 260 });
    pdf.text(currency, columns.currency, y, { width: 60 });
    pdf.text(amount, columns.amount, y, { width: 140, align: 'right' });
    pdf.moveDown(0.4);
  };
  row('Description', 'Currency', 'Amount', true);
  for (const line of invoice.lines) {
    row(FEE_LINE_LABELS[line.kind], line.currency.toUpperCase(), pdfAmount(line.amount, line.currency));
  }
  pdf.moveDown(0.6);
  for (const total of invoiceTotals(invoice.lines)) {
    row(
      `Total ${total.currency.toUpperCase()}`,
      total.currency.toUpperCase(),
      pdfAmount(total.amount, total.currency),
      true,
    );
  }
  pdf.moveDown(1.5);
  pdf
    .font('Helvetica')
    .fontSize(8)
    .text(
      'Fees charged by the payments provider for the period. Negative lines are fees returned to you. ' +
        'Amounts in the currency in which each fee was charged.',
      56,
    );
}
