// Money: US dollars stored as whole micro-dollars (millionths of a dollar) and answered as dollars
// with at most six decimals. Sums of whole numbers are exact on both engines (a bigint on
// PostgreSQL; on SQLite a REAL column holding whole numbers, exact below 2^53 µ$ = $9 billion),
// so a session's cost is exactly the sum of its interactions' and an agent's month the sum of its
// days', with no float noise such as 0.7611819999999999. A cost is rounded to the micro-dollar
// once, when it is stored (a price of $0.15 per million tokens makes 0.15 µ$ a token).

/** Micro-dollars in a dollar: the scale of every stored amount of money. */
export const MICROS_PER_DOLLAR = 1_000_000;

/** Dollars (a reported or computed cost) to the stored whole micro-dollars. */
export function toMicros(dollars: number): number {
  return Math.round(dollars * MICROS_PER_DOLLAR);
}

/** Stored micro-dollars (a number, or a bigint column's text) to dollars for an answer. */
export function toDollars(micros: number | string | bigint): number {
  // A whole number divided by 10^6 is the double nearest the six-decimal amount, which prints as it.
  return Number(micros) / MICROS_PER_DOLLAR;
}
