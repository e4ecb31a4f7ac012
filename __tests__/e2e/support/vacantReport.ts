// The empty-account recovery as a user runs it: Recover rent, the review dialog (confirmed, or cancelled), then the
// report the banner shows in the page (no native alert), with every signature.
import type { Page } from 'playwright-core';
import { ASSETS_SCREEN, VACANT } from '../../../src/common/texts';

export interface VacantReport {
  text: string;
  kind: 'success' | 'error';
  signatures: string[];
  /** Whether the review dialog was shown (a guard refusal ends the run before it). */
  reviewed: boolean;
}

export async function recoverVacant(
  page: Page,
  opts: { confirm?: boolean; timeout?: number } = {},
): Promise<VacantReport> {
  const report = page.getByTestId('vacant-report');
  if (await report.count()) await report.getByRole('button', { name: VACANT.dismiss }).click();
  await page.getByTestId('vacant-recover').click();
  const review = page.getByTestId('review-dialog');
  let reviewed = false;
  for (const end = Date.now() + (opts.timeout ?? 90_000); !(await report.count()); await page.waitForTimeout(100)) {
    if (Date.now() > end) throw new Error('the recovery showed no report');
    if (await review.isVisible()) {
      reviewed = true;
      await review
        .getByRole('button', {
          name: opts.confirm === false ? ASSETS_SCREEN.reviewCancel : ASSETS_SCREEN.reviewConfirm,
        })
        .click();
    }
  }
  return {
    text: (await report.getByTestId('vacant-report-text').textContent()) ?? '',
    kind: (await report.getAttribute('data-kind')) as 'success' | 'error',
    signatures: await report
      .locator('[data-signature]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-signature')!)),
    reviewed,
  };
}
