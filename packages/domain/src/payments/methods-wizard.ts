/**
 * The payment-methods setup wizard: which
 * methods it offers, which can be changed and why not, when Continue works, what it saves and
 * what the last step says. Messages are plain English templates (`%s` in order, `%1$s` by
 * position); the page fills them after `__()`.
 */
import { formatCurrency, formatFeeRate } from '../money/format.ts';
import type { MethodFees } from '../processor/pricing.ts';
import {
  getPaymentMethod,
  methodSupportsCurrency,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHOD_MESSAGES,
  PAYMENT_METHOD_REQUIREMENT_LABELS,
  PAYMENT_METHOD_STATUS_LABELS,
  type PaymentMethodId,
  paymentMethodSetupLabel,
} from './methods.ts';

/** The wizard's steps, in order. */
export const PAYMENT_METHODS_WIZARD_STEPS = ['add-payment-methods', 'setup-complete'] as const;
export type PaymentMethodsWizardStep = (typeof PAYMENT_METHODS_WIZARD_STEPS)[number];

/** Enabling a method shows a spinner this long; disabling is immediate. */
export const ENABLE_METHOD_DELAY_MS = 1500;

/** How long the checkbox spins before a change takes effect. */
export function methodToggleDelayMs(enabling: boolean): number {
  return enabling ? ENABLE_METHOD_DELAY_MS : 0;
}

/** A message template and what fills it. */
export interface WizardText {
  template: string;
  args: readonly string[];
}

const text = (template: string, ...args: string[]): WizardText => ({ template, args });

export const PAYMENT_METHODS_WIZARD_MESSAGES = {
  stepTitles: {
    'add-payment-methods': 'Add payment methods',
    'setup-complete': 'Setup complete',
  } satisfies Record<PaymentMethodsWizardStep, string>,
  /** %1$d is the step's number, %2$d how many there are. */
  stepOf: 'Step %1$d of %2$d',
  stepDone: 'Done',
  intro: 'Choose the payment methods your customers can use at checkout.',
  popularGroup: 'Payment methods',
  payLaterGroup: 'Buy now, pay later',
  continue: 'Continue',
  saving: 'Saving…',
  required: 'Required',
  cardRequired: 'Card payments are always on: every other method needs them.',
  lockedNotice:
    'Some payment methods cannot be enabled until your account is fully verified. Finish verifying your account to enable them.',
  locked: 'Can be enabled once your account is fully verified.',
  cannotBeEnabled: PAYMENT_METHOD_MESSAGES.cannotBeEnabled,
  needsMoreInformation: PAYMENT_METHOD_MESSAGES.needsMoreInformation,
  /** %1$s is the method, %2$s the currency it needs. */
  missingCurrency: '%1$s needs the %2$s currency. Add it to your store to enable this method.',
  /** %1$s is the method, %2$s the list of currencies it takes. */
  missingCurrencies: '%1$s needs one of these currencies: %2$s. Add one to your store to enable this method.',
  /** %s is the list of currencies a method takes. */
  currencies: 'Currencies: %s',
  anyCurrency: 'Currencies: all',
  /** %s is the fee, e.g. "2.9% + $0.30". */
  fees: 'Fees: %s',
  /** What is shown when the account has no fees for a method. */
  missingFees: 'Fees: missing fees',
  enabling: 'Enabling…',
  /** The requirements modal. %s is the method. */
  modalTitle: 'More information needed to enable %s',
  modalIntro: 'To enable %s, the payments provider needs this information about your business:',
  modalIntroUnlisted: 'To enable %s, the payments provider needs more information about your business.',
  modalOutro: 'If you continue, the method is enabled and you will be asked for the information by e-mail.',
  modalCancel: 'Cancel',
  modalConfirm: 'Enable',
  completeNone: 'Setup complete. Your payment methods are saved.',
  completeOne: 'Setup complete. One new payment method is now enabled.',
  /** %d is how many methods were added. */
  completeMany: 'Setup complete. %d new payment methods are now enabled.',
  enabledList: 'Enabled payment methods',
  toSettings: 'Go to payments settings',
  toOverview: 'Go to the Overview',
} as const;

const M = PAYMENT_METHODS_WIZARD_MESSAGES;

/** A method's fees as the wizard shows them; 'missing fees' when the account has none for it. */
export function methodFeesText(fees: MethodFees | undefined, locale = 'en_US'): WizardText {
  if (!fees) return text(M.missingFees);
  const { percentage_rate, fixed_rate, currency } = fees.base;
  const percentage = formatFeeRate(percentage_rate, locale);
  return text(
    M.fees,
    fixed_rate > 0 ? `${percentage} + ${formatCurrency(fixed_rate, currency, locale)}` : percentage,
  );
}

/** What the wizard reads: the settings object, the page's store data and the account. */
export interface WizardAccount {
  available_payment_method_ids: readonly string[];
  enabled_payment_method_ids: readonly string[];
  payment_method_statuses: Readonly<Record<string, { status: string; requirements: readonly string[] }>>;
  is_multi_currency_enabled: boolean;
  /** The account's settlement currency, in any case. */
  account_domestic_currency: string;
  account_country: string;
  /** The store's currency, in any case. */
  storeCurrency: string;
  progressiveOnboarding: { isEnabled: boolean; isComplete: boolean };
}

export interface WizardMethod {
  id: PaymentMethodId;
  label: string;
  description: string;
  group: 'popular' | 'pay_later';
  /** Uppercase codes the method takes here; empty means all. Pay-later: the domestic one only. */
  currencies: readonly string[];
  status: string | null;
  /** 'Pending approval' or 'Pending activation', or null. */
  statusLabel: string | null;
  requirements: readonly string[];
  /** Card: always on. */
  required: boolean;
  /** Progressive onboarding is pending: the method cannot be changed. */
  locked: boolean;
  /** The status is inactive: forced off and disabled. */
  inactive: boolean;
  /** Multi-currency is off and the store currency is not one the method takes. */
  setupRequired: boolean;
  /** Whether the merchant may check or uncheck it. */
  selectable: boolean;
  /** Why it cannot be changed, shown beside it; null when it can. */
  reason: WizardText | null;
  /** The hint read with a method that cannot be enabled at checkout, null otherwise. */
  hint: WizardText | null;
}

export function isProgressiveOnboardingPending(po: { isEnabled: boolean; isComplete: boolean }): boolean {
  return po.isEnabled && !po.isComplete;
}

/**
 * The currencies a method takes for this account: buy-now-pay-later methods only the
 * domestic currency, and none when their list does not include it (they are not offered then).
 */
export function wizardMethodCurrencies(id: PaymentMethodId, domesticCurrency: string): readonly string[] {
  const method = getPaymentMethod(id)!;
  if (!method.accepts_only_domestic_payment) return method.currencies;
  const domestic = domesticCurrency.toUpperCase();
  return method.currencies.includes(domestic) ? [domestic] : [];
}

/** Whether a method can take payments in the account's currency: pay-later ones only then. */
function takesDomesticCurrency(id: PaymentMethodId, domesticCurrency: string): boolean {
  return (
    !getPaymentMethod(id)!.accepts_only_domestic_payment ||
    wizardMethodCurrencies(id, domesticCurrency).length > 0
  );
}

/**
 * With multi-currency off, a non-card method whose currencies do not include the store
 * currency needs setup; a pay-later method also when the store currency is not the domestic one.
 */
export function wizardMethodNeedsSetup(id: PaymentMethodId, account: WizardAccount): boolean {
  if (id === 'card' || account.is_multi_currency_enabled) return false;
  return !methodSupportsCurrency(id, account.storeCurrency, {
    domesticCurrency: account.account_domestic_currency,
  });
}

/** The tooltip of a method that needs setup: which currency must be added. */
export function missingCurrencyText(label: string, currencies: readonly string[]): WizardText {
  if (currencies.length === 1) return text(M.missingCurrency, label, currencies[0]!);
  return text(M.missingCurrencies, label, currencies.join(', '));
}

/**
 * The methods of step 1, card first, in catalogue order; pay-later methods in their own group,
 * and only when they take the account's domestic currency.
 */
export function wizardMethods(account: WizardAccount): WizardMethod[] {
  const poPending = isProgressiveOnboardingPending(account.progressiveOnboarding);
  return PAYMENT_METHOD_IDS.filter(
    (id) =>
      id === 'card' ||
      (account.available_payment_method_ids.includes(id) &&
        takesDomesticCurrency(id, account.account_domestic_currency)),
  ).map((id) => {
    const method = getPaymentMethod(id)!;
    const label = paymentMethodSetupLabel(id, account.account_country);
    const entry = account.payment_method_statuses[id];
    const status = entry?.status ?? null;
    const required = id === 'card';
    const inactive = status === 'inactive';
    const locked = !required && poPending;
    const currencies = wizardMethodCurrencies(id, account.account_domestic_currency);
    const setupRequired = !inactive && wizardMethodNeedsSetup(id, account);
    const reason = required
      ? text(M.cardRequired)
      : inactive
        ? text(M.needsMoreInformation)
        : locked
          ? text(M.locked)
          : setupRequired
            ? missingCurrencyText(label, currencies)
            : null;
    return {
      id,
      label,
      description: method.description,
      group: method.allows_pay_later ? 'pay_later' : 'popular',
      currencies,
      status,
      statusLabel: (status && PAYMENT_METHOD_STATUS_LABELS[status]) ?? null,
      requirements: entry?.requirements ?? [],
      required,
      locked,
      inactive,
      setupRequired,
      selectable: reason === null,
      reason,
      hint: inactive || setupRequired ? text(M.cannotBeEnabled, label) : null,
    };
  });
}

/**
 * What step 1 starts with checked: the enabled methods and card, without inactive ones, which
 * are forced off.
 */
export function initialSelection(
  account: WizardAccount,
  methods: readonly WizardMethod[],
): PaymentMethodId[] {
  return methods
    .filter(
      (method) =>
        method.required || (!method.inactive && account.enabled_payment_method_ids.includes(method.id)),
    )
    .map((method) => method.id);
}

/** Checks or unchecks a method; a method that cannot be changed keeps its state, card stays on. */
export function toggleMethod(
  selection: readonly PaymentMethodId[],
  method: WizardMethod,
  enabled: boolean,
): PaymentMethodId[] {
  if (!method.selectable) return [...selection];
  const without = selection.filter((id) => id !== method.id);
  return enabled ? [...without, method.id] : without;
}

/**
 * Enabling a method whose status carries requirements asks first, listing what is
 * needed. Disabling never asks.
 */
export function needsRequirementsConfirmation(method: WizardMethod, enabling: boolean): boolean {
  return statusNeedsConfirmation(
    { status: method.status ?? '', requirements: method.requirements },
    enabling,
  );
}

/** The same rule for a page holding a method's status entry (the settings page). */
export function statusNeedsConfirmation(
  entry: { status: string; requirements: readonly string[] } | undefined,
  enabling: boolean,
): boolean {
  return enabling && !!entry && entry.status !== 'inactive' && entry.requirements.length > 0;
}

/** The requirement labels the modal lists; requirements it has no label for are left out. */
export function requirementLabels(requirements: readonly string[]): string[] {
  return [...new Set(requirements)]
    .map((requirement) => PAYMENT_METHOD_REQUIREMENT_LABELS[requirement])
    .filter((label): label is string => label !== undefined);
}

/** The methods chosen besides card, which is always on. */
export function addedSelection(selection: readonly PaymentMethodId[]): PaymentMethodId[] {
  return selection.filter((id) => id !== 'card');
}

/** Continue is disabled with no selection (nothing besides card) or while saving. */
export function canContinue(selection: readonly PaymentMethodId[], saving: boolean): boolean {
  return !saving && addedSelection(selection).length > 0;
}

export function continueLabel(saving: boolean): string {
  return saving ? M.saving : M.continue;
}

/**
 * What Continue saves as `enabled_payment_method_ids`: card and the checked methods, in
 * catalogue order, so that the saved list never depends on the order they were clicked.
 */
export function enabledIdsToSave(selection: readonly PaymentMethodId[]): PaymentMethodId[] {
  return PAYMENT_METHOD_IDS.filter((id) => id === 'card' || selection.includes(id));
}

/** The setup-complete message: how many methods are enabled now that were not before. */
export function setupCompleteText(before: readonly string[], after: readonly string[]): WizardText {
  const added = after.filter((id) => !before.includes(id)).length;
  if (added === 0) return text(M.completeNone);
  if (added === 1) return text(M.completeOne);
  return text(M.completeMany, String(added));
}

/** The heading line of a step: "Step 1 of 2". */
export function stepOfText(step: PaymentMethodsWizardStep): WizardText {
  return text(
    M.stepOf,
    String(PAYMENT_METHODS_WIZARD_STEPS.indexOf(step) + 1),
    String(PAYMENT_METHODS_WIZARD_STEPS.length),
  );
}
