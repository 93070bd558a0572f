const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** JMD cents for display: "JMD 4,250.00". */
export function formatJmd(cents: number): string {
  return `JMD ${amount.format(cents / 100)}`;
}

/** USD cents for display: "USD 28.33". */
export function formatUsd(cents: number): string {
  return `USD ${amount.format(cents / 100)}`;
}

/** Whole JMD for tables of round prices: "JMD 4,250". */
export function formatJmdWhole(jmd: number): string {
  return `JMD ${whole.format(jmd)}`;
}
