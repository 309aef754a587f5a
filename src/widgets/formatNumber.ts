/** A number as the demos print it: at most one decimal, a true minus sign, never "−0". */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 10) / 10
  return (Object.is(rounded, -0) ? 0 : rounded).toString().replace('-', '−')
}
