/**
 * The payment-methods setup wizard, where a merchant enables additional payment
 * methods. A module of its own, so the app's route table and the links to it take nothing else.
 */
export const PAYMENT_METHODS_WIZARD_PATH = '/payments/additional-payment-methods';
