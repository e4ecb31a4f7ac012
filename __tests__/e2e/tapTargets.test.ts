// Tap targets at 390 px (WCAG 2.2, 2.5.8 "Target Size (Minimum)": at least 24 × 24 CSS px): every visible control of
// the connected screen — cards, their buttons and ticks, the banner, More SOL, the activity panel — measured in
// Chromium on the demo wallet, in bulk mode and out of it; axe's target-size rule agrees. Screenshots in
// .tmp/e2e-screen/. Links inside a sentence are the rule's own exception and are left out.
import type { Page } from 'playwright-core';
import { VIEWPORTS, screenHarness } from './screenSupport';
import { seriousViolations } from './support/axe';

const h = screenHarness();
const MIN_PX = 24;

/** Every visible control smaller than 24 px in either direction, named so a failure says which. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], [role="checkbox"], a[href]',
    );
    const small: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (el.tagName === 'A' && el.closest('p')) continue; // inline in a sentence: the criterion's exception
      // A visually hidden native input behind a larger label (a switch) is hit through its label.
      const label = (el as HTMLInputElement).labels?.[0]?.getBoundingClientRect();
      const hit = style.opacity === '0' && label ? label : r;
      if (hit.width < min || hit.height < min) {
        const name = [
          el.dataset.testid,
          el.className,
          el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30),
        ]
          .filter(Boolean)
          .join(' ');
        small.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(hit.width)}×${Math.round(hit.height)}`);
      }
    }
    return small;
  }, MIN_PX);
}

/** axe's target-size rule alone (WCAG 2.2 AA), whatever its default set holds. */
async function axeTargetSize(page: Page): Promise<string[]> {
  await seriousViolations(page); // loads axe into the page
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<any> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['target-size'] } });
    return result.violations.flatMap((v: { nodes: { target: string[] }[] }) => v.nodes.map((n) => n.target.join(' ')));
  });
}

test('at 390 px every control is at least 24 × 24 px, in bulk mode and out of it; axe target-size finds nothing', async () => {
  const { page } = await h.session('phone');
  await page.getByTestId('cnft-card').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('more-sol').getByTestId('recovery-source').first().waitFor({ timeout: 60_000 });
  expect(await smallTargets(page)).toEqual([]);
  expect(await axeTargetSize(page)).toEqual([]);
  await page.getByTestId('more-sol').scrollIntoViewIfNeeded();
  await h.shot(page, 'tap-targets-390-more-sol');

  await page.getByTestId('bulk-mode-toggle').click();
  await page.getByRole('button', { name: 'Burn', exact: true }).first().waitFor();
  expect(await smallTargets(page)).toEqual([]);
  expect(await axeTargetSize(page)).toEqual([]);
  await page.getByTestId('cnft-card').first().scrollIntoViewIfNeeded();
  await h.shot(page, 'tap-targets-390-cnfts');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.getByTestId('cnft-card').first().scrollIntoViewIfNeeded();
  await h.shot(page, 'tap-targets-1280-cnfts');
}, 180_000);
