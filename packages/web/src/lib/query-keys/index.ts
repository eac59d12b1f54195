/**
 * The query keys of every server resource, one factory per resource. A resource that several
 * pages read has one key, so an update or invalidation reaches every page that shows it.
 */
export { accountKeys } from './account.ts';
export { auditLogKeys } from './audit-log.ts';
export { capitalKeys } from './capital.ts';
export { cardReadersKeys } from './card-readers.ts';
export { disputesKeys, fileKeys } from './disputes.ts';
export { documentsKeys } from './documents.ts';
export { inboxKeys } from './inbox.ts';
export { multiCurrencyKeys } from './multi-currency.ts';
export { onboardingKeys } from './onboarding.ts';
export { optionsKeys } from './options.ts';
export { payoutsKeys } from './payouts.ts';
export { preferencesKeys } from './preferences.ts';
export { reportingKeys } from './reporting.ts';
export { settingsKeys } from './settings.ts';
export { surveyKeys } from './survey.ts';
export { paymentDetailKeys, transactionsKeys } from './transactions.ts';
