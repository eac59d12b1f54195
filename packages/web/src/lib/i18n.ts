/** Every string the pages show goes through these, so a translation can replace it. */
export { __, _n, _x, sprintf } from '@wordpress/i18n';
