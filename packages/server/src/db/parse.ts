/** int8 values (amounts, counts, ids) come back as text; we read them as numbers and refuse any
 * that a double cannot hold exactly, so money never loses a unit silently. */
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 value ${value} is outside the safe integer range`);
  return n;
}

export const INT8_OID = 20;
