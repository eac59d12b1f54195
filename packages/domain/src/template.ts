/**
 * Fills `%s` and `%d` (in order) and `%1$s`-style (by position) placeholders, as the product's
 * strings and `sprintf` write them. A missing value fills in as nothing.
 */
export function fillTemplate(template: string, ...args: readonly (string | number)[]): string {
  let next = 0;
  return template.replace(/%(?:(\d+)\$)?[sd]/g, (_match, position: string | undefined) => {
    const index = position === undefined ? next++ : Number(position) - 1;
    return String(args[index] ?? '');
  });
}
