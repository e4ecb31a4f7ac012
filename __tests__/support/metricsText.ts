// Reads Prometheus text exposition (format 0.0.4) as a test sees it from GET /metrics: one sample's value by name
// and labels, and which metric families are declared.

export interface Scrape {
  text: string;
  /** The sample `name{labels}`'s value; 0 when absent (a counter not yet moved). Labels must match exactly. */
  value(name: string, labels?: Record<string, string>): number;
  /** Families declared with `# TYPE`. */
  families(): Set<string>;
  /** Every label value of every sample (to check nothing like an address or id became a label). */
  labelValues(): string[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function parseLabels(raw = ''): Record<string, string> {
  return Object.fromEntries([...raw.matchAll(LABEL)].map((m) => [m[1], m[2]]));
}

export function parseMetrics(text: string): Scrape {
  const samples = text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => SAMPLE.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[1], labels: parseLabels(m[2]), value: Number(m[3]) }));
  return {
    text,
    value(name, labels = {}) {
      const want = Object.entries(labels);
      const hit = samples.find(
        (s) =>
          s.name === name && Object.keys(s.labels).length === want.length && want.every(([k, v]) => s.labels[k] === v),
      );
      return hit?.value ?? 0;
    },
    families: () => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1])),
    labelValues: () => samples.flatMap((s) => Object.values(s.labels)),
  };
}

export async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return parseMetrics(await res.text());
}
