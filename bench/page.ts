// Small waits and reads on the page shared by the browser sections.
import type { Page } from 'playwright-core';
import { ASSETS } from '../src/common/texts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const sectionCount = async (page: Page, id: string) => {
  const el = page.getByTestId(`${id}-count`);
  return (await el.count()) ? Number(await el.first().textContent()) : 0;
};
export const sectionLoading = async (page: Page, id: string) =>
  (await page.getByTestId(id).getByText(ASSETS.loading).count()) > 0;
