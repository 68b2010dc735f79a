/** How the browser benches print their lines and figures (one place for the format). */
export const log = (line: string): void => console.log(`  ${line}`);
export const ms = (value: number): string => `${value.toFixed(1)} ms`;
/** Each run's figure, rounded, for the lines that list them. */
export const runsOf = (values: number[]): string => values.map((v) => v.toFixed(0)).join(', ');
