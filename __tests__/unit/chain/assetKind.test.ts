// PRODUCT difference 12: recorded DAS answers (fixtures with their sources, __tests__/fixtures/das) classify as their programs allow.
import fs from 'fs';
import path from 'path';
import { classifyAsset, kindOf } from '../../../src/chain/assetKind';

const dir = path.join(__dirname, '../../fixtures/das');
const fixtures = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, ...JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }));

test('every fixture names its source', () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(4);
  for (const f of fixtures)
    expect(f.source).toMatch(/digital-asset-rpc-infrastructure @ [0-9a-f]{8}, integration_tests\/.+\.snap$/);
});

test.each(fixtures.map((f) => [f.file, f]))('%s classifies as recorded', (_file, f) => {
  const info = classifyAsset(f.answer);
  expect(info).toMatchObject(f.expected);
});

test('the mainnet pNFT is burnable; the same answer with a delegate (staked or listed) is not, and says why', () => {
  const pnft = fixtures.find((f) => f.file === 'pnft-mainnet.json')!.answer;
  expect(pnft.ownership.frozen).toBe(true); // every pNFT token account is frozen
  expect(classifyAsset(pnft)).toMatchObject({ kind: 'pnft', canBurn: true, blocked: null });
  const locked = classifyAsset({
    ...pnft,
    ownership: { ...pnft.ownership, delegated: true, delegate: 'Stake11111111111111111111111111111111111111' },
  });
  expect(locked).toMatchObject({
    kind: 'pnft',
    canBurn: false,
    blocked: 'pnftLocked',
    actions: ['revoke', 'hide'],
  });
});

test('frozen V2 leaf: nothing but hide; non-transferable: burn or hide, never move', () => {
  const frozen = fixtures.find((f) => f.file === 'cnft-v2-frozen-devnet.json')!.answer;
  expect(classifyAsset(frozen)).toMatchObject({
    canBurn: false,
    canMove: false,
    actions: ['hide'],
    blocked: 'cnftFrozen',
  });
  const soulbound = fixtures.find((f) => f.file === 'cnft-v2-non-transferable-devnet.json')!.answer;
  expect(classifyAsset(soulbound)).toMatchObject({ canBurn: true, canMove: false, actions: ['burn', 'hide'] });
});

test("print editions by Helius' interface or the token standard; Token-2022 NFTs by their token program", () => {
  expect(kindOf({ interface: 'V1_PRINT' })).toBe('print');
  expect(kindOf({ interface: 'V1_NFT', content: { metadata: { token_standard: 'NonFungibleEdition' } } })).toBe(
    'print',
  );
  expect(
    kindOf({ interface: 'V1_NFT', token_info: { token_program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' } }),
  ).toBe('token2022Nft');
  expect(classifyAsset({ interface: 'FungibleToken', ownership: { frozen: true } })).toMatchObject({
    canBurn: false,
    blocked: 'fungibleFrozen',
  });
});

test('a master edition with prints outstanding (supply.print_current_supply) can only be hidden; without prints, burned', () => {
  const pnft = fixtures.find((f) => f.file === 'pnft-mainnet.json')!.answer;
  const master = { ...pnft, interface: 'V1_NFT', content: { metadata: { token_standard: 'NonFungible' } } };
  const withPrints = { ...master, supply: { print_max_supply: 10, print_current_supply: 3, edition_nonce: 254 } };
  expect(classifyAsset(withPrints)).toMatchObject({ kind: 'nft', canBurn: false, blocked: 'masterHasPrints' });
  expect(classifyAsset({ ...pnft, supply: withPrints.supply })).toMatchObject({ blocked: 'masterHasPrints' });
  const none = { ...master, ownership: { ...master.ownership, frozen: false }, supply: { print_current_supply: 0 } };
  expect(classifyAsset(none)).toMatchObject({ kind: 'nft', canBurn: true, blocked: null });
});

test('an NFT whose token account is frozen for its delegate (staked) can only be hidden, and says it is staked', () => {
  const staked = { interface: 'V1_NFT', ownership: { frozen: true, delegated: true, delegate: 'Staker111' } };
  expect(classifyAsset(staked)).toMatchObject({ kind: 'nft', canBurn: false, blocked: 'nftStaked' });
  const frozen = { interface: 'V1_NFT', ownership: { frozen: true, delegated: false, delegate: null } };
  expect(classifyAsset(frozen)).toMatchObject({ kind: 'nft', canBurn: false, blocked: 'fungibleFrozen' });
});
