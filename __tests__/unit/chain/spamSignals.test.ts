// Spam signals from the data itself (PRODUCT, the page: spam labels): a link or bidi controls in a name or symbol, a frozen account
// that cannot be burned, a cNFT whose tree needs a proof too large for a transaction. Labels, never actions.
// Real examples where a recorded public answer has them:
// - __tests__/fixtures/das/spam/getAssetsByOwner-spam-mainnet.json: a Helius getAssetsByOwner answer of a mainnet wallet
//   with airdropped spam advertising sites ("jupfinally.com 🎁 Airdrop", "_eNFTGift.com", "Flip.gg | ...");
// - __tests__/fixtures/upstream/solana/getTokenAccountsByOwner-spl.json: a public RPC's jsonParsed token account;
// - __tests__/fixtures/upstream/das/getAssetProof.json: a published getAssetProof answer (14 proof nodes).
// No recorded answer with bidi controls or with a too-deep tree was found; those cases are built (said where).
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import path from 'path';
import type * as Compression from '@solana/spl-account-compression/dist/types/src';
import spamAnswer from '../../fixtures/das/spam/getAssetsByOwner-spam-mainnet.json';
import tokenAccounts from '../../fixtures/upstream/solana/getTokenAccountsByOwner-spl.json';
import recordedProof from '../../fixtures/upstream/das/getAssetProof.json';
import { cnftTransferIx } from '../../../src/chain/cnft';
import { MAX_TRANSFER_PROOF_NODES, proofFitsTransfer, treeProofNodes } from '../../../src/chain/cnftProofFit';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { leftAloneAccounts } from '../../../src/chain/leftAlone';
import { sizeAfterWalletAdditions } from '../../../src/chain/pack';
import { TRANSACTION_SIZE_LIMIT_BYTES } from '../../../src/common/constants';
import { inspectText, spamLabels } from '../../../src/common/safeText';

// The package's main entry points at a folder it does not ship (see backend/localnet/metaplex/merkleTree.ts).
const idl = require.resolve('@solana/spl-account-compression/idl/spl_account_compression.json');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const compression: typeof Compression = require(path.join(path.dirname(idl), '..', 'dist', 'cjs', 'src', 'index.js'));
const { ALL_DEPTH_SIZE_PAIRS, getConcurrentMerkleTreeAccountSize } = compression;

describe('a link in a name or symbol', () => {
  const items = spamAnswer.answer.items;
  it('labels exactly the recorded wallet items that advertise a site, and none of the others', () => {
    const labelled = items
      .filter((a) => spamLabels(a.content.metadata.name, a.content.metadata.symbol).includes('link-in-name'))
      .map((a) => a.id);
    expect(labelled).toEqual(spamAnswer.expected.linkInName);
    const names = labelled.map((id) => items.find((a) => a.id === id)!.content.metadata.name);
    expect(names).toEqual([
      'Flip.gg | #1 Lootbox Game',
      'jupfinally.com 🎁 Airdrop',
      'Bonk.bet',
      '_eNFTGift.com',
      '_eNFTGift.com',
    ]);
    // Genuine names of the same wallet stay unlabelled ("Bonk", "Okay Bear #4165", "DeGods Coin", "CS:GO Web3" ...).
    expect(items.length - labelled.length).toBe(45);
  });
  it('schemes, www. and invites are links too; version numbers and initials are not', () => {
    expect(spamLabels('Visit claim-rewards.xyz to claim', 'RWD')).toEqual(['link-in-name']);
    expect(spamLabels('$5000 AIRDROP', 't.me/freesol')).toEqual(['link-in-name']);
    expect(spamLabels('https://example.app gift')).toEqual(['link-in-name']);
    expect(spamLabels('www.bonus pass')).toEqual(['link-in-name']);
    for (const ok of ['USD Coin', 'Wrapped SOL', 'Dr. Stone', 'v2.0 Pass', '.abc Claim Token', 'y00ts airdrop'])
      expect(spamLabels(ok)).toEqual([]);
  });
  it('what the recorded answer shows that these rules do not catch: look-alike letters are not a link or bidi', () => {
    // "Rауdium аlрhа рrоgrаm" mixes Cyrillic letters into a Latin name (a homoglyph spoof); it is shown as stored.
    const spoof = items.find((a) => a.id === 'okaTA9EXfiUm2qsXf8NQ6tTz4FihakMXZxQCDJNUdBs')!;
    expect(/[\u0400-\u04ff]/.test(spoof.content.metadata.name)).toBe(true);
    expect(spamLabels(spoof.content.metadata.name)).toEqual([]);
  });
});

describe('bidirectional control characters (built: no recorded answer carries them)', () => {
  it('a right-to-left override turning a recorded spam name around is labelled, and its link still found', () => {
    const reversed = '\u202Emoc.tfiGTFNe_'; // drawn as "_eNFTGift.com"
    expect(spamLabels(reversed)).toEqual(['bidi-control']);
    expect(spamLabels('_eNFTGift\u2066.com')).toEqual(['link-in-name', 'bidi-control']);
    expect(inspectText('_eNFTGift\u2066.com').display).toBe('_eNFTGift.com');
  });
  it('isolates (U+2066–2069), marks (U+200E/F, U+061C) and embeddings (U+202A–202E) all count', () => {
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])
      expect(spamLabels(`USDC${c}`)).toEqual(['bidi-control']);
    for (const c of ['\u200E', '\u200F', '\u061C']) expect(spamLabels('Sol', `S${c}OL`)).toEqual(['bidi-control']);
    expect(spamLabels(undefined, null, '')).toEqual([]);
  });
});

describe('a frozen account that cannot be burned', () => {
  const recorded = tokenAccounts.response.value[0];
  const owner = recorded.account.data.parsed.info.owner;
  const entry = (state: string) => ({
    address: recorded.pubkey,
    lamports: recorded.account.lamports,
    info: { ...recorded.account.data.parsed.info, state },
  });
  it('the recorded account (state "initialized", with a balance) is not left alone', () => {
    expect(recorded.account.data.parsed.info.state).toBe('initialized');
    expect(leftAloneAccounts([entry('initialized')], owner)).toEqual([]);
  });
  it('the same account frozen by its mint is listed as left alone, reason frozen (label + hide on its card)', () => {
    const [left] = leftAloneAccounts([entry('frozen')], owner);
    expect(left).toMatchObject({ address: recorded.pubkey, reason: 'frozen' });
  });
  it('empty, the frozen or delegated account is not left alone: CloseAccount closes it with the others', () => {
    const empty = (state: string, extra: object = {}) => {
      const e = entry(state);
      return { ...e, info: { ...e.info, ...extra, tokenAmount: { ...e.info.tokenAmount, amount: '0' } } };
    };
    expect(leftAloneAccounts([empty('frozen'), empty('initialized', { delegate: owner })], owner)).toEqual([]);
    const other = '11111111111111111111111111111112';
    const [left] = leftAloneAccounts([empty('initialized', { closeAuthority: other })], owner);
    expect(left).toMatchObject({ reason: 'close-authority', party: other });
  });
  it('a pNFT that DAS reports frozen is not this signal: its token record freezes it, burnV1 still burns it', () => {
    const pnfts = spamAnswer.answer.items.filter((a) => a.interface === 'ProgrammableNFT');
    expect(pnfts.length).toBe(4);
    for (const p of pnfts) expect(p.ownership.frozen).toBe(true);
  });
});

describe('a cNFT in a tree whose proof cannot fit a transfer transaction', () => {
  const key = () => Keypair.generate().publicKey.toBase58();
  const transferBytes = (nodes: number) => {
    const owner = key();
    const tx = new Transaction({ feePayer: new PublicKey(owner), recentBlockhash: key() });
    tx.add(
      ...computeBudgetIxs(200_000, 1),
      cnftTransferIx(
        {
          tree: key(),
          owner,
          delegate: owner,
          root: key(),
          dataHash: key(),
          creatorHash: key(),
          index: 7,
          nonce: 7,
          proof: Array.from({ length: nodes }, key),
        },
        key(),
      ),
    );
    return sizeAfterWalletAdditions(tx);
  };
  it("16 proof nodes is the limit, measured on real transfer transactions with compute budget and a wallet's guard", () => {
    expect(MAX_TRANSFER_PROOF_NODES).toBe(16);
    expect(transferBytes(16)).toBeLessThanOrEqual(TRANSACTION_SIZE_LIMIT_BYTES);
    expect(transferBytes(17)).toBeGreaterThan(TRANSACTION_SIZE_LIMIT_BYTES);
    expect(transferBytes(16) - transferBytes(15)).toBe(33);
  });
  it('the recorded proof (14 nodes, tree depth 14) fits even with no canopy', () => {
    expect(recordedProof.response.proof).toHaveLength(14);
    expect(proofFitsTransfer({ maxDepth: recordedProof.response.proof.length, canopyDepth: 0 })).toBe(true);
  });
  it('tree accounts of every size account-compression allows: too deep below the canopy → labelled', () => {
    // Account bytes laid out as spl-account-compression sizes them, header filled in.
    const account = (maxDepth: number, maxBufferSize: number, canopyDepth: number) => {
      const data = new Uint8Array(getConcurrentMerkleTreeAccountSize(maxDepth, maxBufferSize, canopyDepth));
      const view = new DataView(data.buffer);
      data[0] = 1; // account type: concurrent merkle tree
      view.setUint32(2, maxBufferSize, true);
      view.setUint32(6, maxDepth, true);
      return data;
    };
    for (const { maxDepth, maxBufferSize } of ALL_DEPTH_SIZE_PAIRS) {
      expect(treeProofNodes(account(maxDepth, maxBufferSize, 0))).toBe(maxDepth);
      expect(proofFitsTransfer({ maxDepth, canopyDepth: 0 })).toBe(maxDepth <= 16);
    }
    expect(treeProofNodes(account(30, 2048, 14))).toBe(16); // a depth-30 tree with a 14-level canopy fits
    expect(treeProofNodes(account(30, 2048, 13))).toBe(17); // with 13 levels it does not
    expect(treeProofNodes(new Uint8Array(40))).toBeNull();
  });
});
