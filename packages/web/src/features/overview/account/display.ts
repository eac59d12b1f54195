/** The Overview formats amounts and dates as every admin page does. */
export { CHIP_COLORS, money, storeDate } from '../../../lib/display.ts';
