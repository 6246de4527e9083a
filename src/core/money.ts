// Dollar amounts as people read them: whole dollars when large, cents, two significant digits when tiny.
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (Math.abs(usd) >= 100) return `$${usd.toFixed(0)}`;
  if (Math.abs(usd) >= 0.01) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(2)}`;
}
