import { z } from 'zod';

/**
 * Options the admin pages may write through `POST /wp-json/wc-admin/options`, each with the
 * shape its value must have. Anything else is refused with a 400.
 */
export const ZWritableOptions = z
  .object({
    wcpay_next_deposit_notice_dismissed: z.boolean(),
    wcpay_instant_deposit_notice_dismissed: z.boolean(),
    wcpay_connection_success_modal_dismissed: z.boolean(),
    wcpay_onboarding_eligibility_modal_dismissed: z.boolean(),
    wcpay_multi_currency_setup_completed: z.enum(['yes', 'no']),
    wcpay_frt_discover_banner_settings: z.string().max(1000),
    woocommerce_dismissed_todo_tasks: z.array(z.string().max(100)).max(200),
    woocommerce_deleted_todo_tasks: z.array(z.string().max(100)).max(200),
    woocommerce_remind_me_later_todo_tasks: z.record(z.string().max(100), z.number().int().nonnegative()),
  })
  .partial()
  .strict();
export type TWritableOptions = z.infer<typeof ZWritableOptions>;
export const WRITABLE_OPTION_NAMES = Object.keys(ZWritableOptions.shape) as (keyof TWritableOptions)[];

/**
 * Per-user preferences (the lists' hidden columns and the inbox last-read time). Column
 * lists are bounded so a client cannot store an unbounded value.
 */
const hiddenColumns = z.array(z.string().max(64)).max(50);
export const ZUserPreferences = z
  .object({
    wc_payments_payouts_hidden_columns: hiddenColumns,
    wc_payments_transactions_hidden_columns: hiddenColumns,
    wc_payments_transactions_uncaptured_hidden_columns: hiddenColumns,
    wc_payments_transactions_blocked_hidden_columns: hiddenColumns,
    wc_payments_disputes_hidden_columns: hiddenColumns,
    activity_panel_inbox_last_read: z.number().int().nonnegative(),
  })
  .partial()
  .strict();
export type TUserPreferences = z.infer<typeof ZUserPreferences>;
