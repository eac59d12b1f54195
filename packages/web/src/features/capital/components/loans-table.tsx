import { Anchor, Badge, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import {
  filterLoans,
  LOAN_FILTER_LABELS,
  LOAN_FILTER_QUERY_KEY,
  LOAN_FILTERS,
  LOAN_STATUS_LABELS,
  loanStatus,
  loanTransactionsLink,
  readLoanFilter,
} from '@paydesk/domain/capital/loans';
import type { capital } from '@paydesk/domain/contracts';
import { fillTemplate } from '@paydesk/domain/template';
import { AdminLink } from '../../../components/admin-link.tsx';
import { ConfirmedSelect } from '../../../components/list/confirmed-select.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { currencyAmount as money } from '../../../lib/display.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { updateQuery, useQueryValues } from '../../../lib/navigation.ts';
import { useLoans } from '../api/list-loans.ts';
import { date, withholdRate } from './format.ts';

const COLUMNS = 7;

function LoanStatus({ loan }: { loan: capital.TLoan }) {
  if (loanStatus(loan) === 'active') {
    return (
      <Badge color="blue" variant="light">
        {__(LOAN_STATUS_LABELS.active)}
      </Badge>
    );
  }
  // "Paid off" with the date the loan was fully paid.
  return (
    <Badge color="green" variant="light">
      {fillTemplate(__(LOAN_STATUS_LABELS.paid_off), date(loan.fully_paid_at!))}
    </Badge>
  );
}

/**
 * The table of all loans: every loan, newest first, each linking to the charges it was repaid
 * from on the transactions page. The Loans filter keeps the loans In Progress or Paid in
 * Full; the choice lives in the URL.
 */
export function LoansTable() {
  const loans = useLoans();
  const query = useQueryValues();
  const filter = readLoanFilter(query[LOAN_FILTER_QUERY_KEY]);
  const rows = loans.data ? filterLoans(loans.data, filter) : [];
  const body = loans.isError ? (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS}>
        <LoadError
          message={__('Error retrieving the active loan summary.')}
          onRetry={() => void loans.refetch()}
          testId="loans-error"
        />
      </Table.Td>
    </Table.Tr>
  ) : loans.isPending ? (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS}>
        <Skeleton h={16} aria-label={__('Loading')} />
      </Table.Td>
    </Table.Tr>
  ) : rows.length === 0 ? (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS}>
        <Text size="sm" c="dimmed">
          {__('No loans found.')}
        </Text>
      </Table.Td>
    </Table.Tr>
  ) : (
    rows.map((loan) => {
      const link = loanTransactionsLink(loan);
      return (
        <Table.Tr key={loan.stripe_loan_id} data-testid="loan-row">
          <Table.Td>
            <Anchor
              component={AdminLink}
              path={link.path}
              query={link.query}
              aria-label={sprintf(__('Transactions of loan %s'), loan.stripe_loan_id)}
              ff="monospace"
            >
              {loan.stripe_loan_id}
            </Anchor>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(loan.paid_out_at)}</Table.Td>
          <Table.Td>
            <LoanStatus loan={loan} />
          </Table.Td>
          <Table.Td ta="right">{money(loan.amount, loan.currency)}</Table.Td>
          <Table.Td ta="right">{money(loan.fee_amount, loan.currency)}</Table.Td>
          <Table.Td ta="right">{withholdRate(loan.withhold_rate)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {loan.first_paydown_at === null ? '—' : date(loan.first_paydown_at)}
          </Table.Td>
        </Table.Tr>
      );
    })
  );
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="all-loans-title"
      data-testid="all-loans"
    >
      <Group justify="space-between" align="flex-end" mb="md">
        <Title id="all-loans-title" order={2} size="h4">
          {__('All loans')}
        </Title>
        <ConfirmedSelect
          label={__('Show')}
          size="sm"
          value={filter ?? ''}
          onConfirm={(value) =>
            updateQuery({ [LOAN_FILTER_QUERY_KEY]: value || undefined }, { replace: true })
          }
          data={[
            { value: '', label: __('All loans') },
            ...LOAN_FILTERS.map((value) => ({ value, label: __(LOAN_FILTER_LABELS[value]) })),
          ]}
          data-testid="loans-filter"
        />
      </Group>
      {/* Narrower than the table, the region scrolls, and takes the focus so the keyboard can too. */}
      <Table.ScrollContainer
        minWidth={720}
        type="native"
        tabIndex={0}
        role="region"
        aria-labelledby="all-loans-title"
      >
        <Table striped aria-labelledby="all-loans-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{__('Loan')}</Table.Th>
              <Table.Th>{__('Disbursed')}</Table.Th>
              <Table.Th>{__('Status')}</Table.Th>
              <Table.Th ta="right">{__('Amount')}</Table.Th>
              <Table.Th ta="right">{__('Fixed fee')}</Table.Th>
              <Table.Th ta="right">{__('Withhold rate')}</Table.Th>
              <Table.Th>{__('First paydown')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
