/** The value of one sample line (`name{a="b"} 3`) in Prometheus' text format, or undefined when absent. */
export function sampleIn(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
