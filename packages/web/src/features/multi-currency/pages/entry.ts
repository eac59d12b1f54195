/**
 * The route table's way in to the multi-currency pages, in two steps: the app's shell names
 * only this tiny chunk, and this chunk names the many the pages need, which keeps the shell
 * within its first-load budget.
 */
export default () => import('./multi-currency-pages.tsx');
