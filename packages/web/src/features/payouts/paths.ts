export const DETAIL_PATH = '/payments/payouts/details';
