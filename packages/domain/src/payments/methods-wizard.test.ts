import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../template.ts';
import { PAYMENT_METHOD_IDS, type PaymentMethodId } from './methods.ts';
import {
  addedSelection,
  canContinue,
  continueLabel,
  ENABLE_METHOD_DELAY_MS,
  enabledIdsToSave,
  initialSelection,
  isProgressiveOnboardingPending,
  methodFeesText,
  methodToggleDelayMs,
  missingCurrencyText,
  needsRequirementsConfirmation,
  PAYMENT_METHODS_WIZARD_STEPS,
  requirementLabels,
  setupCompleteText,
  statusNeedsConfirmation,
  stepOfText,
  toggleMethod,
  type WizardAccount,
  type WizardMethod,
  type WizardText,
  wizardMethodCurrencies,
  wizardMethodNeedsSetup,
  wizardMethods,
} from './methods-wizard.ts';
import { PAYMENT_METHODS_WIZARD_PATH } from './paths.ts';

const active = { status: 'active', requirements: [] as string[] };

function account(overrides: Partial<WizardAccount> = {}): WizardAccount {
  return {
    available_payment_method_ids: [...PAYMENT_METHOD_IDS],
    enabled_payment_method_ids: ['card'],
    payment_method_statuses: Object.fromEntries(PAYMENT_METHOD_IDS.map((id) => [id, active])),
    is_multi_currency_enabled: false,
    account_domestic_currency: 'usd',
    account_country: 'US',
    storeCurrency: 'USD',
    progressiveOnboarding: { isEnabled: false, isComplete: false },
    ...overrides,
  };
}

const fill = (value: WizardText | null) => (value ? fillTemplate(value.template, ...value.args) : null);
const byId = (methods: WizardMethod[], id: PaymentMethodId) => methods.find((method) => method.id === id)!;

it('lives at /payments/additional-payment-methods and has two steps', () => {
  expect(PAYMENT_METHODS_WIZARD_PATH).toBe('/payments/additional-payment-methods');
  expect(PAYMENT_METHODS_WIZARD_STEPS).toEqual(['add-payment-methods', 'setup-complete']);
  expect(fill(stepOfText('add-payment-methods'))).toBe('Step 1 of 2');
  expect(fill(stepOfText('setup-complete'))).toBe('Step 2 of 2');
});

describe('wizardMethods', () => {
  it('lists card first and pay-later methods in their own group', () => {
    const methods = wizardMethods(account());
    expect(methods[0]!.id).toBe('card');
    expect(methods.filter((m) => m.group === 'pay_later').map((m) => m.id)).toEqual([
      'affirm',
      'afterpay_clearpay',
      'klarna',
    ]);
    expect(byId(methods, 'ideal')).toMatchObject({ label: 'iDEAL', currencies: ['EUR'], group: 'popular' });
  });

  it('keeps card required and locked, with the reason', () => {
    const card = byId(wizardMethods(account()), 'card');
    expect(card).toMatchObject({ required: true, selectable: false, setupRequired: false });
    expect(fill(card.reason)).toBe('Card payments are always on: every other method needs them.');
  });

  it('lists only methods the settings make available, card always', () => {
    const methods = wizardMethods(account({ available_payment_method_ids: ['alipay'] }));
    expect(methods.map((m) => m.id)).toEqual(['card', 'alipay']);
  });

  it('flags a non-card method needing another currency when multi-currency is off', () => {
    const methods = wizardMethods(account());
    const ideal = byId(methods, 'ideal');
    expect(ideal).toMatchObject({ setupRequired: true, selectable: false });
    expect(fill(ideal.reason)).toBe(
      'iDEAL needs the EUR currency. Add it to your store to enable this method.',
    );
    expect(fill(ideal.hint)).toBe('iDEAL cannot be enabled at checkout.');
    expect(fill(byId(methods, 'p24').reason)).toBe(
      'Przelewy24 (P24) needs one of these currencies: EUR, PLN. Add one to your store to enable this method.',
    );
    // Card and unrestricted methods never need setup; USD methods do not in a USD store.
    expect(byId(methods, 'alipay')).toMatchObject({ setupRequired: false, selectable: true, hint: null });
    expect(byId(methods, 'affirm')).toMatchObject({ setupRequired: false, selectable: true });
  });

  it('flags nothing for setup when multi-currency is on', () => {
    const methods = wizardMethods(account({ is_multi_currency_enabled: true }));
    expect(methods.filter((m) => m.setupRequired)).toEqual([]);
    expect(byId(methods, 'ideal').selectable).toBe(true);
  });

  it('offers pay-later methods with the domestic currency only', () => {
    const eur = account({ account_domestic_currency: 'eur', storeCurrency: 'EUR', account_country: 'DE' });
    const methods = wizardMethods(eur);
    expect(methods.filter((m) => m.group === 'pay_later').map((m) => m.id)).toEqual(['klarna']);
    expect(byId(methods, 'klarna').currencies).toEqual(['EUR']);
    expect(wizardMethodCurrencies('afterpay_clearpay', 'eur')).toEqual([]);
    expect(wizardMethodCurrencies('afterpay_clearpay', 'gbp')).toEqual(['GBP']);
    expect(wizardMethodCurrencies('ideal', 'usd')).toEqual(['EUR']);
  });

  it('needs setup for a pay-later method when the store currency is not the domestic one', () => {
    const store = account({ account_domestic_currency: 'usd', storeCurrency: 'CAD' });
    expect(wizardMethodNeedsSetup('affirm', store)).toBe(true);
    expect(fill(byId(wizardMethods(store), 'affirm').reason)).toBe(
      'Affirm needs the USD currency. Add it to your store to enable this method.',
    );
    expect(wizardMethodNeedsSetup('affirm', account())).toBe(false);
    expect(wizardMethodNeedsSetup('card', store)).toBe(false);
  });

  it('calls Afterpay Clearpay for accounts in GB', () => {
    const gb = account({ account_country: 'GB', account_domestic_currency: 'gbp', storeCurrency: 'GBP' });
    expect(byId(wizardMethods(gb), 'afterpay_clearpay').label).toBe('Clearpay');
  });

  it('locks every method but card while progressive onboarding is pending', () => {
    const pending = account({ progressiveOnboarding: { isEnabled: true, isComplete: false } });
    expect(isProgressiveOnboardingPending(pending.progressiveOnboarding)).toBe(true);
    const methods = wizardMethods(pending);
    expect(methods.filter((m) => m.selectable)).toEqual([]);
    expect(byId(methods, 'alipay').locked).toBe(true);
    expect(fill(byId(methods, 'alipay').reason)).toBe('Can be enabled once your account is fully verified.');
    expect(byId(methods, 'card').locked).toBe(false);
    for (const po of [
      { isEnabled: true, isComplete: true },
      { isEnabled: false, isComplete: false },
    ]) {
      expect(isProgressiveOnboardingPending(po)).toBe(false);
      expect(byId(wizardMethods(account({ progressiveOnboarding: po })), 'alipay').locked).toBe(false);
    }
  });

  it('disables inactive methods with the hints, and labels pending statuses', () => {
    const methods = wizardMethods(
      account({
        payment_method_statuses: {
          alipay: { status: 'inactive', requirements: [] },
          affirm: { status: 'pending', requirements: [] },
          klarna: { status: 'pending_verification', requirements: ['company.tax_id'] },
        },
      }),
    );
    const alipay = byId(methods, 'alipay');
    expect(alipay).toMatchObject({ inactive: true, selectable: false });
    expect(fill(alipay.reason)).toBe('We need more information from you to enable this method.');
    expect(fill(alipay.hint)).toBe('Alipay cannot be enabled at checkout.');
    expect(byId(methods, 'affirm').statusLabel).toBe('Pending approval');
    expect(byId(methods, 'klarna')).toMatchObject({
      statusLabel: 'Pending activation',
      requirements: ['company.tax_id'],
      selectable: true,
    });
    expect(byId(methods, 'card').status).toBeNull();
  });
});

describe('selection', () => {
  it('starts with card and the enabled methods, inactive ones forced off', () => {
    const state = account({
      enabled_payment_method_ids: ['card', 'alipay', 'klarna'],
      payment_method_statuses: { klarna: { status: 'inactive', requirements: [] } },
    });
    expect(initialSelection(state, wizardMethods(state))).toEqual(['card', 'alipay']);
    const noCard = account({ enabled_payment_method_ids: [] });
    expect(initialSelection(noCard, wizardMethods(noCard))).toEqual(['card']);
  });

  it('toggles selectable methods only and never drops card', () => {
    const methods = wizardMethods(account());
    const alipay = byId(methods, 'alipay');
    expect(toggleMethod(['card'], alipay, true)).toEqual(['card', 'alipay']);
    expect(toggleMethod(['card', 'alipay'], alipay, true)).toEqual(['card', 'alipay']);
    expect(toggleMethod(['card', 'alipay'], alipay, false)).toEqual(['card']);
    expect(toggleMethod(['card'], byId(methods, 'card'), false)).toEqual(['card']);
    expect(toggleMethod(['card'], byId(methods, 'ideal'), true)).toEqual(['card']);
  });

  it('allows Continue with a selection besides card, not while saving', () => {
    expect(canContinue(['card'], false)).toBe(false);
    expect(canContinue([], false)).toBe(false);
    expect(canContinue(['card', 'alipay'], false)).toBe(true);
    expect(canContinue(['card', 'alipay'], true)).toBe(false);
    expect(addedSelection(['card', 'eps'])).toEqual(['eps']);
  });

  it('labels Continue, and Saving… while saving', () => {
    expect(continueLabel(false)).toBe('Continue');
    expect(continueLabel(true)).toBe('Saving…');
  });

  it('saves card and the checked methods in catalogue order', () => {
    expect(enabledIdsToSave(['klarna', 'alipay'])).toEqual(['card', 'alipay', 'klarna']);
    expect(enabledIdsToSave([])).toEqual(['card']);
  });
});

describe('enabling', () => {
  it('spins 1500 ms when enabling and not when disabling', () => {
    expect(ENABLE_METHOD_DELAY_MS).toBe(1500);
    expect(methodToggleDelayMs(true)).toBe(1500);
    expect(methodToggleDelayMs(false)).toBe(0);
  });

  it('asks first when enabling a method whose status has requirements', () => {
    const methods = wizardMethods(
      account({
        payment_method_statuses: {
          alipay: { status: 'pending_verification', requirements: ['individual.id_number'] },
          klarna: { status: 'inactive', requirements: ['company.tax_id'] },
        },
      }),
    );
    expect(needsRequirementsConfirmation(byId(methods, 'alipay'), true)).toBe(true);
    expect(needsRequirementsConfirmation(byId(methods, 'alipay'), false)).toBe(false);
    expect(needsRequirementsConfirmation(byId(methods, 'eps'), true)).toBe(false);
    expect(needsRequirementsConfirmation(byId(methods, 'klarna'), true)).toBe(false);
    const entry = { status: 'pending_verification', requirements: ['company.tax_id'] };
    expect(statusNeedsConfirmation(entry, true)).toBe(true);
    expect(statusNeedsConfirmation(entry, false)).toBe(false);
    expect(statusNeedsConfirmation({ ...entry, requirements: [] }, true)).toBe(false);
    expect(statusNeedsConfirmation({ ...entry, status: 'inactive' }, true)).toBe(false);
    expect(statusNeedsConfirmation(undefined, true)).toBe(false);
  });

  it('lists the requirements by their labels, leaving out unknown ones', () => {
    expect(
      requirementLabels([
        'individual.id_number',
        'business_profile.url',
        'company.tax_id',
        'external_account',
        'company.tax_id',
      ]),
    ).toEqual(['Personal Identification Number', 'Business Website', 'Business Number']);
    expect(requirementLabels([])).toEqual([]);
  });
});

describe('texts', () => {
  it('shows fees, or missing fees when the account has none', () => {
    expect(fill(methodFeesText(undefined))).toBe('Fees: missing fees');
    const base = { percentage_rate: 0.029, fixed_rate: 30, currency: 'usd' };
    expect(fill(methodFeesText({ base }))).toBe('Fees: 2.9% + $0.30');
    expect(fill(methodFeesText({ base: { ...base, fixed_rate: 0 } }))).toBe('Fees: 2.9%');
  });

  it('names the missing currency or currencies', () => {
    expect(fill(missingCurrencyText('EPS', ['EUR']))).toContain('needs the EUR currency');
    expect(fill(missingCurrencyText('P24', ['EUR', 'PLN']))).toContain('EUR, PLN');
  });

  it('counts the methods added on the last step', () => {
    expect(fill(setupCompleteText(['card'], ['card']))).toBe(
      'Setup complete. Your payment methods are saved.',
    );
    expect(fill(setupCompleteText(['card'], ['card', 'alipay']))).toBe(
      'Setup complete. One new payment method is now enabled.',
    );
    expect(fill(setupCompleteText(['card', 'eps'], ['card', 'alipay', 'klarna']))).toBe(
      'Setup complete. 2 new payment methods are now enabled.',
    );
  });
});
