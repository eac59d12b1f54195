import { HOUR_MS } from '@paydesk/domain/time';

/*
 * When the seeded history's events happen: the store's sales curve over the period, and the
 * queue of follow-ups (captures, refunds, dispute steps) planned for later times.
 */

/** Sales by UTC hour of day: quiet at night, busiest in the evening. */
const HOURLY_WEIGHT = [
  0.35, 0.25, 0.18, 0.15, 0.15, 0.2, 0.35, 0.6, 0.85, 1, 1.1, 1.15, 1.2, 1.2, 1.15, 1.1, 1.1, 1.15, 1.25,
  1.35, 1.3, 1.1, 0.8, 0.5,
] as const;
/** Sunday first. */
const WEEKDAY_WEIGHT = [0.85, 1.05, 1, 1, 1, 1.05, 0.9] as const;

/**
 * Maps progress through the history (0 to 1) to a time: the cumulative sales intensity per hour
 * (time of day, weekday, and a business that grows by half over the period), inverted.
 */
export function timeline(start: number, end: number): (fraction: number) => number {
  const hours = Math.max(1, Math.ceil((end - start) / HOUR_MS));
  const cumulative = new Float64Array(hours + 1);
  for (let h = 0; h < hours; h++) {
    const at = new Date(start + h * HOUR_MS);
    const weight =
      HOURLY_WEIGHT[at.getUTCHours()]! * WEEKDAY_WEIGHT[at.getUTCDay()]! * (0.75 + (0.5 * h) / hours);
    cumulative[h + 1] = cumulative[h]! + weight;
  }
  const total = cumulative[hours]!;
  return (fraction) => {
    const target = Math.min(1, Math.max(0, fraction)) * total;
    let lo = 0;
    let hi = hours;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! <= target) lo = mid;
      else hi = mid;
    }
    const within = (target - cumulative[lo]!) / (cumulative[lo + 1]! - cumulative[lo]! || 1);
    return Math.min(end, start + (lo + within) * HOUR_MS);
  };
}

/** A min-heap of planned events by time (ties in the order they were scheduled). */
export class EventQueue {
  #items: { at: number; seq: number; run: () => void }[] = [];
  #seq = 0;

  peek(): number {
    return this.#items[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  push(at: number, run: () => void): void {
    const items = this.#items;
    items.push({ at, seq: this.#seq++, run });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#less(i, parent)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): (() => void) | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (!top || !last) return undefined;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && this.#less(left, smallest)) smallest = left;
        if (right < items.length && this.#less(right, smallest)) smallest = right;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest]!, items[i]!];
        i = smallest;
      }
    }
    return top.run;
  }

  #less(a: number, b: number): boolean {
    const x = this.#items[a]!;
    const y = this.#items[b]!;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }
}
