const second = 1_000_000_000n;
const minute = 60n * second;
const hour = 60n * minute;
const day = 24n * hour;
const week = 7n * day;

/**
 * gomplate's HumanDuration: weeks/days/hours past a week, days/hours/minutes past a day, Go's
 * h/m/s below; then every "0s" and "0m" is dropped, as gomplate does ("1h0m0s" → "1h").
 */
export function humanDuration(nanos: bigint): string {
  const negative = nanos < 0n;
  const u = negative ? -nanos : nanos;
  let text: string;
  if (u === 0n) return '0s';
  if (u < second) text = subSecond(u);
  else if (u > week) {
    const hours = u / hour;
    const days = hours / 24n;
    text = `${hours % 24n}h`;
    if (days > 0n) text = `${days % 7n}d${text}`;
    if (days / 7n > 0n) text = `${days / 7n}w${text}`;
  } else if (u > day) {
    const minutes = u / minute;
    const hours = minutes / 60n;
    text = `${minutes % 60n}m`;
    if (hours > 0n) text = `${hours % 24n}h${text}`;
    if (hours / 24n > 0n) text = `${hours / 24n}d${text}`;
  } else {
    const seconds = u / second;
    const minutes = seconds / 60n;
    text = `${seconds % 60n}${fraction(u % second, 9)}s`;
    if (minutes > 0n) text = `${minutes % 60n}m${text}`;
    if (minutes / 60n > 0n) text = `${minutes / 60n}h${text}`;
  }
  if (negative) text = `-${text}`;
  return text.replaceAll('0s', '').replaceAll('0m', '');
}

function subSecond(u: bigint): string {
  if (u < 1_000n) return `${u}ns`;
  if (u < 1_000_000n) return `${u / 1_000n}${fraction(u % 1_000n, 3)}µs`;
  return `${u / 1_000_000n}${fraction(u % 1_000_000n, 6)}ms`;
}

function fraction(remainder: bigint, digits: number): string {
  if (remainder === 0n) return '';
  return `.${remainder.toString().padStart(digits, '0').replace(/0+$/, '')}`;
}
