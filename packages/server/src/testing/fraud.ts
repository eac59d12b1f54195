/**
 * The price range rule as the fraud protection page saves it: an order whose total in US dollars
 * is below `min_minor` or above `max_minor` is held for review.
 */
export function priceRangeRule(min_minor: number, max_minor: number) {
  return {
    key: 'purchase_price_threshold',
    outcome: 'review',
    check: {
      operator: 'or',
      checks: [
        { key: 'order_total', operator: 'less_than', value: `${min_minor}|usd` },
        { key: 'order_total', operator: 'greater_than', value: `${max_minor}|usd` },
      ],
    },
  };
}
