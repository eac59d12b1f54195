import { appError } from '@paydesk/domain';
import type { TVatDetails } from '@paydesk/domain/contracts/documents';
import { vatNumberName } from '@paydesk/domain/documents/vat';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../ledger.ts';
import { checkVatNumber } from './vat.ts';

/** The number checked for the account's country, or the error the wizard shows. */
async function validNumber(input: string, country: string) {
  const check = await checkVatNumber(input, country);
  if (check.valid) return check;
  if (check.reason === 'unsupported_country')
    throw appError('wcpay_vat_country_unsupported', { args: [country] });
  throw appError('wcpay_vat_number_invalid', {
    args: [input.trim() || '""', vatNumberName(country), country.toUpperCase()],
  });
}

/** Whether the account has given the VAT details its invoices print (`hasSubmittedVatData`). */
export async function hasSubmittedVatData(db: Executor, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('vat_details')
    .select('account_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Saves the account's VAT details: the number checked offline (absent when the business is not
 * registered), the name and address trimmed and required. The name and address are remembered
 * with the number, for the next time it is entered.
 */
export async function saveVatDetails(
  db: Db,
  account: { id: string; country: string },
  input: { vat_number?: string | null | undefined; name: string; address: string },
  now: Date,
): Promise<TVatDetails> {
  const name = input.name.trim();
  const address = input.address.trim();
  const number = input.vat_number?.trim()
    ? (await validNumber(input.vat_number, account.country)).number
    : null;
  if (!name) throw appError('wcpay_vat_name_required', { params: { name: 'Required.' } });
  if (!address) throw appError('wcpay_vat_address_required', { params: { address: 'Required.' } });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('vat_details')
      .values({ account_id: account.id, vat_number: number, name, address, submitted_at: now })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({
          vat_number: number,
          name,
          address,
          submitted_at: now,
        }),
      )
      .execute();
    if (number) {
      await trx
        .insertInto('vat_numbers')
        .values({ account_id: account.id, vat_number: number, name, address, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['account_id', 'vat_number']).doUpdateSet({
            name: sql`excluded.name`,
            address: sql`excluded.address`,
            updated_at: now,
          }),
        )
        .execute();
    }
  });
  return { vat_number: number, name, address };
}

/** Checks a number for the account's country and answers what was saved with it before. */
export async function lookUpVatNumber(db: Executor, account: { id: string; country: string }, input: string) {
  const check = await validNumber(input, account.country);
  const saved = await db
    .selectFrom('vat_numbers')
    .select(['name', 'address'])
    .where('account_id', '=', account.id)
    .where('vat_number', '=', check.number)
    .executeTakeFirst();
  return {
    vat_number: check.number,
    country_code: check.country,
    valid: true as const,
    name: saved?.name ?? null,
    address: saved?.address ?? null,
  };
}
