/**
 * @jest-environment node
 */
// One fee statement everywhere it is stated: the landing page's cost line (the catalogue), the README and
// docs/PRODUCT.md#fees say it word for word, and the fee functions charge what it says.
import fs from 'fs';
import path from 'path';
import { nftBurnServiceFee, serviceFee } from '../../../src/chain/fees';
import { ASSETS_SCREEN } from '../../../src/common/texts';

const root = path.resolve(__dirname, '../../..');
/** A Markdown file's prose with its line breaks and block-quote marks undone. */
const prose = (file: string) =>
  fs.readFileSync(path.join(root, file), 'utf8').replace(/^> ?/gm, '').replace(/\s+/g, ' ');

it.each(['README.md', 'docs/PRODUCT.md'])('%s states the landing page’s cost line word for word', (file) => {
  expect(prose(file)).toContain(ASSETS_SCREEN.landingCost);
});

it('the fee functions charge what the statement says: 1 %, rounded down; none for one NFT burned alone', () => {
  expect(ASSETS_SCREEN.landingCost).toContain('a 1% service fee');
  expect(serviceFee(2_039_280)).toBe(20_392);
  expect(nftBurnServiceFee(1, 10_509_600)).toBe(0);
  expect(nftBurnServiceFee(2, 21_019_200)).toBe(serviceFee(21_019_200));
});
