import type { RefundReason } from '@paydesk/domain/payments/refunds';
import type { TransactionType } from '@paydesk/domain/transactions/status';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  login: string;
  email: string;
  role: 'administrator' | 'shop_manager' | 'customer';
  password_hash: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  display_name: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  nonce: string;
  user_agent: ColumnType<string, string | undefined, string>;
  ip: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface AppPasswordsTable {
  uuid: string;
  user_id: number;
  name: string;
  password_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  last_ip: string | null;
}

export interface SignInAttemptsTable {
  id: Generated<number>;
  login_key: string;
  ip: string;
  attempted_at: Timestamp;
}

export interface OptionsTable {
  name: string;
  value: Json;
  updated_at: Timestamp;
}

export interface UserPreferencesTable {
  user_id: number;
  name: string;
  value: Json;
  updated_at: Timestamp;
}

export interface UserMetaTable {
  user_id: number;
  meta_key: string;
  meta_value: string;
  updated_at: Generated<Timestamp>;
}

export interface UsageEventsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  properties: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** One audited request (docs/audit-log.md); rows are only ever inserted. */
export interface AuditLogTable {
  id: Generated<number>;
  created_at: Generated<Date>;
  user_id: number | null;
  username: string | null;
  credential: string;
  ip: string;
  method: string;
  action: string;
  object_id: string | null;
  status: number | null;
  outcome: 'changed' | 'unchanged' | 'refused' | 'failed' | 'failed_sign_in';
  change: ColumnType<unknown, string | null, never>;
  request_id: string;
}

export interface AuditLogStatusTable {
  audit_id: number;
  status: number;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

type Money = ColumnType<number, number | undefined, number>;
type JsonCol<T = unknown> = ColumnType<T, string | undefined, string>;
/** A document column of a charge or an order: written as JSON text, read back only on rows kept before it was moved. */
type WrittenDocument<T> = ColumnType<T | null, string | undefined, string>;
/** The `charge_documents` row a document is kept in; only the triggers write it. */
type DocumentId = ColumnType<number | null, never, never>;
type TimestampNullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AccountsTable {
  id: string;
  mode: 'test' | 'live';
  status: string;
  country: string;
  default_currency: string;
  business_name: ColumnType<string, string | undefined, string>;
  business_type: string | null;
  business_structure: string | null;
  mcc: string | null;
  business_url: ColumnType<string, string | undefined, string>;
  support_email: ColumnType<string, string | undefined, string>;
  details_submitted: ColumnType<boolean, boolean | undefined, boolean>;
  payments_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  payouts_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  is_test_drive: ColumnType<boolean, boolean | undefined, boolean>;
  requirements: JsonCol<AccountRequirements>;
  progressive_onboarding: JsonCol<{ isEnabled: boolean; isComplete: boolean }>;
  onboarding_data: JsonCol<Record<string, unknown>>;
  deposit_schedule_interval: ColumnType<
    'daily' | 'weekly' | 'monthly' | 'manual',
    string | undefined,
    string
  >;
  deposit_delay_days: ColumnType<number, number | undefined, number>;
  deposit_weekly_anchor: string | null;
  deposit_monthly_anchor: number | null;
  deposits_blocked: ColumnType<boolean, boolean | undefined, boolean>;
  deposit_completed_waiting_period: ColumnType<boolean, boolean | undefined, boolean>;
  deposit_minimum_amounts: JsonCol<Record<string, number>>;
  external_accounts: JsonCol<ExternalAccount[]>;
  instant_payout_fee_bp: ColumnType<number, number | undefined, number>;
  decline_on_avs_failure: ColumnType<boolean, boolean | undefined, boolean>;
  is_manual_capture_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  fraud_protection_level: ColumnType<string, string | undefined, string>;
  fraud_rules: JsonCol<unknown[]>;
  settings: JsonCol<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountRequirements {
  errors: { code: string; reason: string; requirement: string }[];
  currently_due: string[];
  past_due: string[];
  current_deadline: number | null;
}

export interface ExternalAccount {
  id: string;
  currency: string;
  status: 'new' | 'verified' | 'errored';
  bank_name: string;
  last4: string;
  country: string;
}

export interface OrdersTable {
  id: Generated<number>;
  number: string;
  status: ColumnType<string, string | undefined, string>;
  currency: string;
  total: number;
  items_count: ColumnType<number, number | undefined, number>;
  customer_name: ColumnType<string, string | undefined, string>;
  customer_email: ColumnType<string, string | undefined, string>;
  customer_country: string | null;
  /**
   * The order's addresses as written. The trigger of migration 0041 keeps each in
   * `charge_documents` and the column null, so read them through `orderRows`
   * (engine/document-rows.ts), never from here.
   */
  billing_address: WrittenDocument<Record<string, string>>;
  billing_address_id: DocumentId;
  shipping_address: WrittenDocument<Record<string, string>>;
  shipping_address_id: DocumentId;
  subscriptions: JsonCol<{ number: string; url: string }[]>;
  /** The store's page of the order and of its customer (migration 0008); null when not sent. */
  url: ColumnType<string | null, string | null | undefined, string | null>;
  customer_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface PaymentIntentsTable {
  id: string;
  account_id: string;
  order_id: number | null;
  amount: number;
  currency: string;
  capture_method: 'automatic' | 'manual';
  status: 'requires_payment_method' | 'requires_capture' | 'succeeded' | 'canceled';
  payment_method_type: string;
  latest_charge_id: string | null;
  last_payment_error: ColumnType<
    { code: string; message: string; decline_code?: string } | null,
    string | null | undefined,
    string | null
  >;
  fraud_outcome: 'allow' | 'review' | 'block' | null;
  cancellation_reason: string | null;
  created_at: Timestamp;
  canceled_at: TimestampNullable;
}

export interface ChargesTable {
  id: string;
  account_id: string;
  payment_intent_id: string;
  order_id: number | null;
  amount: number;
  amount_captured: Money;
  amount_refunded: Money;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
  paid: boolean;
  captured: ColumnType<boolean, boolean | undefined, boolean>;
  refunded: ColumnType<boolean, boolean | undefined, boolean>;
  failure_code: string | null;
  failure_message: string | null;
  /**
   * The charge's documents as written. The trigger of migration 0041 keeps each in
   * `charge_documents` and the column null, so read them through `chargeRows` (engine/document-rows.ts),
   * never from here.
   */
  outcome: WrittenDocument<ChargeOutcome>;
  outcome_id: DocumentId;
  risk_level: number | null;
  payment_method_id: string;
  payment_method_type: string;
  payment_method_details: WrittenDocument<Record<string, unknown>>;
  payment_method_details_id: DocumentId;
  billing_details: WrittenDocument<Record<string, unknown>>;
  billing_details_id: DocumentId;
  channel: ColumnType<'online' | 'in_person' | 'in_person_pos', string | undefined, string>;
  source_device: 'ios' | 'android' | null;
  reader_id: string | null;
  settlement_currency: string;
  exchange_rate: string | null;
  application_fee_amount: Money;
  fee_rates: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  fee_rates_id: DocumentId;
  refunds_fail: ColumnType<boolean, boolean | undefined, boolean>;
  scripted_dispute: ColumnType<
    { reason: string; inquiry: boolean } | null,
    string | null | undefined,
    string | null
  >;
  ip_address: string | null;
  ip_country: string | null;
  /** The account's statement descriptor when the charge was made. */
  statement_descriptor: ColumnType<string | null, string | null | undefined, string | null>;
  dispute_id: string | null;
  authorization_expires_at: TimestampNullable;
  captured_at: TimestampNullable;
  created_at: Timestamp;
}

export interface ChargeOutcome {
  type: 'authorized' | 'issuer_declined' | 'blocked' | 'manual_review' | 'invalid';
  network_status: string;
  reason: string | null;
  risk_level: string;
  risk_score: number;
  seller_message: string;
}

export interface RefundsTable {
  id: string;
  account_id: string;
  charge_id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: Exclude<RefundReason, 'other'> | null;
  failure_reason: string | null;
  user_id: number | null;
  created_at: Timestamp;
}

/** The columns a dispute keeps as copies of its charge's and order's, for its list (0043, 0044). */
export type DisputeListCopies =
  | 'customer_name'
  | 'customer_email'
  | 'order_number'
  | 'customer_country'
  | 'source';

export interface DisputesTable {
  id: string;
  account_id: string;
  charge_id: string;
  amount: number;
  currency: string;
  status: string;
  reason: string;
  evidence: JsonCol<Record<string, string>>;
  metadata: JsonCol<Record<string, string>>;
  due_by: Timestamp;
  has_evidence: ColumnType<boolean, boolean | undefined, boolean>;
  submission_count: ColumnType<number, number | undefined, number>;
  issuer_evidence: JsonCol<unknown[]>;
  created_at: Timestamp;
  closed_at: TimestampNullable;
  /** The merchant's edit of the cover letter; null while it is the composed one. */
  cover_letter: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether the cover letter goes with the response; null until the merchant says. */
  cover_letter_included: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /**
   * Copies of the order's customer, which the search matches (migration 0043), and of the
   * columns the list sorts by (0044), written by a trigger from the charge and the order.
   */
  customer_name: ColumnType<string, never, never>;
  customer_email: ColumnType<string, never, never>;
  order_number: ColumnType<string | null, never, never>;
  customer_country: ColumnType<string | null, never, never>;
  source: ColumnType<string, never, never>;
}

export interface PayoutsTable {
  id: string;
  account_id: string;
  type: ColumnType<'deposit' | 'withdrawal', string | undefined, string>;
  method: ColumnType<'standard' | 'instant', string | undefined, string>;
  automatic: ColumnType<boolean, boolean | undefined, boolean>;
  amount: number;
  fee: Money;
  fee_percentage_bp: ColumnType<number, number | undefined, number>;
  currency: string;
  status: 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';
  arrival_date: Timestamp;
  bank_account: JsonCol<Record<string, unknown>>;
  bank_reference_key: string;
  failure_code: string | null;
  failure_message: string | null;
  created_at: Timestamp;
}

export interface LoansTable {
  id: string;
  account_id: string;
  stripe_loan_id: string;
  amount: number;
  fee_amount: number;
  currency: string;
  withhold_rate_bp: number;
  paid_amount: Money;
  paid_out_at: Timestamp;
  first_paydown_at: TimestampNullable;
  fully_paid_at: TimestampNullable;
  repayments_begin_at: TimestampNullable;
  created_at: Timestamp;
}

/** A ledger row's type: the transaction types of domain/transactions/status. */
export type LedgerType = TransactionType;

export interface BalanceTransactionsTable {
  id: string;
  seq: Generated<number>;
  account_id: string;
  type: LedgerType;
  amount: number;
  fee: Money;
  net: number;
  currency: string;
  customer_amount: number | null;
  customer_currency: string | null;
  exchange_rate: string | null;
  source_id: string;
  charge_id: string | null;
  payment_intent_id: string | null;
  order_id: number | null;
  dispute_id: string | null;
  loan_id: string | null;
  available_on: Timestamp;
  created_at: Timestamp;
  customer_name: string | null;
  customer_email: string | null;
  customer_country: string | null;
  risk_level: number | null;
  channel: string | null;
  source: string | null;
  source_device: string | null;
  description: string | null;
}

/**
 * What the fraud rules read of one payment of the ledger (migration 0026), written by the
 * ledger's insert trigger; read by the backtest. Addresses only when shipping differs from billing.
 */
export interface PaymentRiskTable {
  /** The ledger row's `seq` (migration 0053). */
  seq: number;
  account_id: string;
  created_at: Timestamp;
  amount: number;
  currency: string;
  items_count: number | null;
  ip_country: string | null;
  billing_country: string | null;
  billing_address: Json<Record<string, string | null> | null>;
  shipping_address: Json<Record<string, string | null> | null>;
  line1_check: string | null;
  postal_code_check: string | null;
}

export interface LedgerRollupsTable {
  account_id: string;
  hour: Timestamp;
  type: string;
  currency: string;
  customer_currency: string;
  count: number;
  amount: number;
  fee: number;
  net: number;
}

/** Daily sums of the ledger by every attribute the transactions filters read (migration 0037). */
export interface LedgerCubeTable {
  account_id: string;
  /** The UTC day's start. */
  day: Timestamp;
  type: string;
  currency: string;
  customer_currency: string | null;
  customer_country: string | null;
  source: string | null;
  channel: string | null;
  source_device: string | null;
  risk_level: number | null;
  payout_id: string | null;
  /** The loan of the row in the loan filter: its own rows and the payments it was repaid from. */
  loan_id: string | null;
  count: number;
  amount: number;
  fee: number;
  net: number;
}

/** `ledger_cube`'s cells by UTC hour (migration 0039). */
export type LedgerCubeHoursTable = Omit<LedgerCubeTable, 'day'> & {
  /** The UTC hour's start. */
  hour: Timestamp;
};

/**
 * The ledger's sums per customer and the attributes a search's summary reports or filters by
 * (migration 0047), columns named as the ledger's; written by the ledger's insert trigger.
 */
export interface LedgerCustomersTable {
  account_id: string;
  customer_name: string | null;
  customer_email: string | null;
  type: string;
  currency: string;
  customer_currency: string | null;
  customer_country: string | null;
  source: string | null;
  count: number;
  amount: number;
  fee: number;
  net: number;
}

/** Which payout swept each swept ledger row (migration 0049): written once, by the sweep. */
export interface LedgerPayoutsTable {
  /** The ledger row's `seq`. */
  seq: number;
  payout_id: string;
  /** The ledger row's, for the payout's list order. */
  created_at: Timestamp;
}

/**
 * The ledger rows no payout has swept yet (migration 0049), with what balances and payouts read
 * of them; written by the ledger's insert trigger, deleted by the sweep.
 */
export interface LedgerUnsweptTable {
  /** The ledger row's `seq`. */
  seq: number;
  account_id: string;
  currency: string;
  available_on: Timestamp;
  net: number;
}

/**
 * `ledger_unswept`'s count and net per account, currency and UTC hour of `available_on`
 * (migration 0055), kept by that table's own triggers: what the balances sum.
 */
export interface LedgerUnsweptHoursTable {
  account_id: string;
  currency: string;
  hour: Timestamp;
  count: number;
  net: number;
}

export interface FraudOutcomesTable {
  id: Generated<number>;
  account_id: string;
  payment_intent_id: string;
  charge_id: string | null;
  order_id: number | null;
  status: 'review' | 'block';
  manual_action: 'approved' | 'blocked' | null;
  amount: number;
  currency: string;
  customer_name: ColumnType<string, string | undefined, string>;
  ruleset_results: JsonCol<Record<string, string>>;
  created_at: Timestamp;
}

export interface TimelineEventsTable {
  id: Generated<number>;
  payment_intent_id: string;
  charge_id: string | null;
  type: string;
  datetime: Timestamp;
  data: JsonCol<Record<string, unknown>>;
}

export interface DocumentsTable {
  id: string;
  account_id: string;
  type: 'vat_invoice';
  period_from: Timestamp;
  period_to: Timestamp;
  issued_at: Timestamp;
  invoice_number: string;
  file_id: string;
  created_at: Generated<Timestamp>;
}

export interface InvoiceCountersTable {
  year: number;
  last_number: number;
}

export interface VatDetailsTable {
  account_id: string;
  vat_number: string | null;
  name: string;
  address: string;
  submitted_at: Timestamp;
}

export interface VatNumbersTable {
  account_id: string;
  vat_number: string;
  name: string;
  address: string;
  updated_at: Timestamp;
}

export interface FilesTable {
  id: string;
  account_id: string | null;
  purpose: string;
  filename: string;
  title: string | null;
  mime_type: string;
  size: number;
  user_id: number | null;
  created_at: Timestamp;
}

/** A file's bytes in order, in pieces (db/file-content.ts). */
export interface FileChunksTable {
  file_id: string;
  seq: number;
  data: Buffer;
}

export interface CardReadersTable {
  id: string;
  account_id: string;
  device_type: string;
  label: ColumnType<string, string | undefined, string>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  /** 0003: the reader's in-person charges captured up to this instant have been billed. */
  fees_counted_until: TimestampNullable;
}

export interface ReaderFeeItemsTable {
  balance_transaction_id: string;
  reader_id: string;
  status: string;
  count: number;
  fee: number;
  currency: string;
}

export interface ExchangeRatesTable {
  base: string;
  quote: string;
  rate: string;
  effective_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: JsonCol<Record<string, unknown>>;
  run_at: Timestamp;
  status: ColumnType<'queued' | 'running' | 'done' | 'failed', string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  unique_key: string | null;
  locked_at: TimestampNullable;
  created_at: Timestamp;
  finished_at: TimestampNullable;
}

export interface ClockTable {
  id: boolean;
  offset_ms: number;
}

/** What the embedded database's upkeep has counted of a table across runs (migration 0051). */
export interface UpkeepCountsTable {
  table_name: string;
  dead: number;
  inserted: number;
  changed: number;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status: 'in_flight' | 'done';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** 0035: the request that holds the claim, the process it runs in, and until when. */
  request_id: string | null;
  claimed_by: string | null;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** 0005: CSV exports of the lists (engine/exports). */
export interface ExportsTable {
  id: string;
  account_id: string;
  user_id: number;
  /** 0019 adds deposits (payouts). */
  kind: 'transactions' | 'fraud_outcomes' | 'deposits';
  filters: JsonCol<Record<string, unknown>>;
  user_email: string;
  locale: string | null;
  user_timezone: string | null;
  status: ColumnType<'pending' | 'success' | 'failed', string | undefined, string>;
  mime_type: ColumnType<string, string | undefined, string>;
  filename: string;
  row_count: number | null;
  size_bytes: number | null;
  mailed_at: TimestampNullable;
  mail_error: string | null;
  error: string | null;
  created_at: Timestamp;
  finished_at: TimestampNullable;
}

export interface ExportChunksTable {
  export_id: string;
  seq: number;
  /** CSV text, UTF-8 on the wire. */
  data: string;
}

export interface NotesTable {
  id: Generated<number>;
  account_id: string;
  name: string;
  type: ColumnType<string, string | undefined, string>;
  title: string;
  content: string;
  status: ColumnType<'unactioned' | 'actioned', string | undefined, string>;
  source: ColumnType<string, string | undefined, string>;
  actions: JsonCol<NoteActionRow[]>;
  layout: ColumnType<string, string | undefined, string>;
  image: ColumnType<string, string | undefined, string>;
  is_deleted: ColumnType<boolean, boolean | undefined, boolean>;
  date_created: Timestamp;
  updated_at: Timestamp;
}

export interface NoteActionRow {
  id: number;
  name: string;
  label: string;
  url: string;
  status: 'unactioned' | 'actioned';
  primary: boolean;
}

export interface SurveyResponsesTable {
  id: Generated<number>;
  survey: string;
  user_id: number;
  outcome: 'answered' | 'dismissed';
  rating: string | null;
  comments: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

/** The whole schema, one entry per table; engine tables are added beside their migrations. */
/**
 * Each distinct document of a charge (outcome, payment method and billing details, fee rates) or
 * of an order (its addresses), kept once (migrations 0040 and 0041). Only the triggers on
 * `charges` and `orders` write here.
 */
export interface ChargeDocumentsTable {
  id: ColumnType<number, never, never>;
  doc: ColumnType<Record<string, unknown>, never, never>;
  digest: ColumnType<Uint8Array, never, never>;
}

export interface Database {
  charge_documents: ChargeDocumentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  app_passwords: AppPasswordsTable;
  sign_in_attempts: SignInAttemptsTable;
  options: OptionsTable;
  user_preferences: UserPreferencesTable;
  user_meta: UserMetaTable;
  usage_events: UsageEventsTable;
  audit_log: AuditLogTable;
  audit_log_status: AuditLogStatusTable;
  schema_migrations: SchemaMigrationsTable;
  accounts: AccountsTable;
  orders: OrdersTable;
  payment_intents: PaymentIntentsTable;
  charges: ChargesTable;
  refunds: RefundsTable;
  disputes: DisputesTable;
  payouts: PayoutsTable;
  loans: LoansTable;
  balance_transactions: BalanceTransactionsTable;
  payment_risk: PaymentRiskTable;
  ledger_rollups: LedgerRollupsTable;
  ledger_cube: LedgerCubeTable;
  ledger_cube_hours: LedgerCubeHoursTable;
  ledger_customers: LedgerCustomersTable;
  /** The same sums per first letter of the name and e-mail, lower-cased (migration 0056). */
  ledger_customer_letters: LedgerCustomersTable;
  ledger_payouts: LedgerPayoutsTable;
  ledger_unswept: LedgerUnsweptTable;
  ledger_unswept_hours: LedgerUnsweptHoursTable;
  fraud_outcomes: FraudOutcomesTable;
  timeline_events: TimelineEventsTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  documents: DocumentsTable;
  invoice_counters: InvoiceCountersTable;
  vat_details: VatDetailsTable;
  vat_numbers: VatNumbersTable;
  card_readers: CardReadersTable;
  reader_fee_items: ReaderFeeItemsTable;
  exchange_rates: ExchangeRatesTable;
  jobs: JobsTable;
  clock: ClockTable;
  upkeep_counts: UpkeepCountsTable;
  idempotency_keys: IdempotencyKeysTable;
  exports: ExportsTable;
  notes: NotesTable;
  survey_responses: SurveyResponsesTable;
  export_chunks: ExportChunksTable;
}
