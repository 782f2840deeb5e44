/** Digit grouping that does not depend on the runtime's locale data. */

/** Groups the digits of a non-negative whole number with commas: 1234567 → '1,234,567'. */
export function groupThousands(whole: number): string {
  return String(Math.trunc(Math.abs(whole))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
