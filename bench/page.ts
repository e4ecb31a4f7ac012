// Small waits and reads on the page shared by the browser sections.
import type { Page } from 'playwright-core';
import { ASSETS } from '../src/common/texts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(
  what: string,
  check: () => Promise<boolean>,
  ms: number,
  tick?: () => Promise<void>,
): Promise<void> {
  for (const end = Date.now() + ms; ; await sleep(100)) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await tick?.();
  }
}

export const sectionCount = async (page: Page, id: string) => {
  const el = page.getByTestId(`${id}-count`);
  return (await el.count()) ? Number(await el.first().textContent()) : 0;
};
export const sectionLoading = async (page: Page, id: string) =>
  (await page.getByTestId(id).getByText(ASSETS.loading).count()) > 0;
