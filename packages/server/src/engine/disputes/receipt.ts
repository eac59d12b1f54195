import {
  appError,
  formatExplicitCurrency,
  paymentMethodLabel,
  postalAddressLines,
  type TStoreSettings,
} from '@paydesk/domain';
import type { disputes as contracts } from '@paydesk/domain/contracts';
import { formatStoreDate, formatStoreDateTime } from '@paydesk/domain/date-format';
import { epochSeconds } from '@paydesk/domain/time';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ownedBy } from '../../db/scope.ts';
import { getStoreSettings } from '../../store/options.ts';
import { chargeRows, orderRows } from '../document-rows.ts';
import type { IdSource } from '../ids.ts';
import { renderPdf } from '../pdf.ts';
import { storeUploadedFile } from './files.ts';
import { assertEvidenceEditable, DISPUTE_ERRORS, disputeState } from './plan.ts';

type StoredFile = z.infer<typeof contracts.ZUploadedFile>;

/** What a receipt prints, every value already written as the store shows it. */
export interface ReceiptContent {
  store: { name: string; lines: string[] };
  orderNumber: string;
  orderDate: string;
  customer: { name: string; email: string };
  billing: string[];
  shipping: string[];
  items: number;
  amountPaid: string;
  paymentMethod: string;
  chargeId: string;
  paidAt: string;
  writtenOn: string;
}

/** "Visa ending in 4242"; a method without a card or account number is named alone. */
export function paymentMethodText(details: Record<string, unknown>): string {
  const type = typeof details.type === 'string' ? details.type : '';
  const block = (details[type] ?? {}) as Record<string, unknown>;
  const brand = typeof block.brand === 'string' ? block.brand : '';
  const last4 = typeof block.last4 === 'string' ? block.last4 : '';
  const name = paymentMethodLabel(brand || type);
  return last4 ? `${name} ending in ${last4}` : name;
}

/** The file a receipt is stored under; characters a file name should not carry become `_`. */
export const receiptFilename = (orderNumber: string) =>
  `receipt-order-${orderNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

/**
 * Writes a one-page receipt of an order and its payment with the standard Helvetica fonts, so
 * its text can be extracted as written; answers the file's bytes.
 */
export function renderReceiptPdf(receipt: ReceiptContent, now: Date): Promise<Buffer> {
  const info = {
    Title: `Receipt for order #${receipt.orderNumber}`,
    Author: receipt.store.name,
    CreationDate: now,
  };
  return renderPdf(info, (pdf) => {
    pdf.font('Helvetica-Bold').fontSize(14).text(receipt.store.name);
    pdf.font('Helvetica').fontSize(10);
    for (const line of receipt.store.lines) pdf.text(line);

    pdf.moveDown(1.5);
    pdf.font('Helvetica-Bold').fontSize(18).text(`Receipt for order #${receipt.orderNumber}`);
    pdf.font('Helvetica').fontSize(10).moveDown(0.3);
    pdf.text(`Order date: ${receipt.orderDate}`);

    pdf.moveDown(1);
    pdf.font('Helvetica-Bold').text('Customer');
    pdf.font('Helvetica').text(receipt.customer.name);
    pdf.text(receipt.customer.email);

    pdf.moveDown(1);
    const left = pdf.page.margins.left;
    const top = pdf.y;
    pdf.font('Helvetica-Bold').text('Billing address', left, top);
    pdf.font('Helvetica');
    for (const line of receipt.billing.length > 0 ? receipt.billing : ['None given']) pdf.text(line);
    const billingBottom = pdf.y;
    pdf.font('Helvetica-Bold').text('Shipping address', 310, top);
    pdf.font('Helvetica');
    for (const line of receipt.shipping.length > 0 ? receipt.shipping : ['None given']) pdf.text(line, 310);
    pdf.x = left;
    pdf.y = Math.max(pdf.y, billingBottom);

    pdf.moveDown(1.5);
    const rows: [string, string][] = [
      ['Items', String(receipt.items)],
      ['Amount paid', receipt.amountPaid],
      ['Payment method', receipt.paymentMethod],
      ['Charge', receipt.chargeId],
      ['Payment date', receipt.paidAt],
    ];
    for (const [label, value] of rows) {
      const y = pdf.y;
      pdf.font('Helvetica-Bold').text(label, left, y, { width: 140 });
      pdf.font('Helvetica').text(value, left + 150, y, { width: 330 });
      pdf.moveDown(0.4);
    }

    pdf.moveDown(1.5);
    pdf
      .fontSize(8)
      .text(`Written on ${receipt.writtenOn} from the store's records of the order and its payment.`, left);
  });
}

/** The store's name and the lines under it: where it is (state and country) and its address. */
function storeLines(store: TStoreSettings): { name: string; lines: string[] } {
  const [country, state] = store.woocommerce_default_country.split(':');
  return { name: store.blogname, lines: [...postalAddressLines({ state, country }), store.home] };
}

/**
 * `POST {base}/disputes/{id}/receipt`: writes a receipt of the disputed payment's order and
 * stores it as one of the account's evidence files, owned by the user who asked. Only while the
 * evidence can change (409 as the evidence update answers), and only for a payment with an order.
 * The dispute itself is not changed: the page attaches the file as the `receipt` evidence.
 */
export async function createDisputeReceipt(
  db: Db,
  ids: IdSource,
  owner: { accountId: string; userId: number },
  disputeId: string,
  now: Date,
): Promise<StoredFile> {
  const found = await db
    .selectFrom('disputes')
    .selectAll()
    .where('id', '=', disputeId)
    .where(ownedBy(owner.accountId))
    .executeTakeFirst();
  if (!found) throw DISPUTE_ERRORS.notFound();
  const dispute = disputeState(found);
  assertEvidenceEditable(dispute, now);

  // The charge is the dispute's, so of the same account; the order is what the receipt prints.
  const row = await db
    .selectFrom(chargeRows(db, 'c'))
    .innerJoin(orderRows(db, 'o'), 'o.id', 'c.order_id')
    .select([
      'c.amount_captured',
      'c.currency',
      'c.payment_method_details',
      'c.created_at as paid_at',
      'o.number as order_number',
      'o.created_at as ordered_at',
      'o.items_count',
      'o.customer_name',
      'o.customer_email',
      'o.billing_address',
      'o.shipping_address',
    ])
    .where('c.id', '=', dispute.charge_id)
    .executeTakeFirst();
  if (!row) throw appError('wcpay_dispute_no_order');

  const store = await getStoreSettings(db);
  const date = (at: Date) => formatStoreDate(epochSeconds(at), store.date_format, store.timezone_string);
  const content = await renderReceiptPdf(
    {
      store: storeLines(store),
      orderNumber: row.order_number,
      orderDate: date(row.ordered_at),
      customer: { name: row.customer_name, email: row.customer_email },
      billing: postalAddressLines(row.billing_address),
      shipping: postalAddressLines(row.shipping_address),
      items: Number(row.items_count),
      amountPaid: formatExplicitCurrency(Number(row.amount_captured), row.currency, store.locale),
      paymentMethod: paymentMethodText(row.payment_method_details),
      chargeId: dispute.charge_id,
      paidAt: formatStoreDateTime(epochSeconds(row.paid_at), {
        dateFormat: store.date_format,
        timeFormat: store.time_format,
        timezone: store.timezone_string,
      }),
      writtenOn: date(now),
    },
    now,
  );
  return storeUploadedFile(
    db,
    ids,
    owner,
    { purpose: 'dispute_evidence', file: { filename: receiptFilename(row.order_number), content } },
    now,
  );
}
