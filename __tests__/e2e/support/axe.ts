// axe-core (the accessibility engine) run inside the page. It is evaluated through the browser's debugging
// protocol, which the page's Content-Security-Policy does not govern, so the page's CSP stays as it ships.
import fs from 'fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations axe finds in the page (or inside `selector`), with where they are. */
export async function seriousViolations(page: Page, selector?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<any> } }).axe;
    const result = await axe.run(sel ? { include: [sel] } : document, { resultTypes: ['violations'] });
    return result.violations as {
      id: string;
      impact: string;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  }, selector ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
    }));
}
