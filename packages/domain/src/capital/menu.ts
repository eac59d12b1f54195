/**
 * Whether the payments menu offers Loans. Apart from the loans rules because the admin shell
 * loads it with the menu, before any page.
 */
/** The payments menu shows Loans only when the account has or had a loan. */
export function showsLoansMenu(accountLoans: { has_active_loan: boolean; has_past_loans: boolean }): boolean {
  return accountLoans.has_active_loan || accountLoans.has_past_loans;
}
