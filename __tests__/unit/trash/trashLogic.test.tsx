// Trash logic and modal states without a browser: validation and error texts, the batch
// delays (docs/PRODUCT.md#validation, #error-texts, #figures-and-limits), and the
// robust/direct modal rules (key format, derived address, Confirm disabled, 'Try Robust Method' after a failure).
import { guardStep } from '../../../src/features/wallet/wallet/signingSteps';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import bs58 from 'bs58';
import { HIDE_ONLY } from '../../../src/common/texts/hideOnlyTexts';
import { Keypair, PublicKey, type Transaction } from '@solana/web3.js';
import { TRASH_UI } from '../../../src/common/texts/trashTexts';
import { setApiOrigin } from '../../../src/api/baseApi';
import { createAppExtra, type SignableTransaction } from '../../../src/app/walletPort';
import { SIGNING_TIMEOUT_MS } from '../../../src/common/constants';
import { CNFT_ERRORS, DIRECT_MODAL, ROBUST_MODAL, VALIDATION } from '../../../src/common/texts';
import { renderWithProviders } from '../../support/renderWithProviders';
import {
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
  type Responder,
} from '../../support/recordingServer';
import { cnftAssetId } from '../../../src/chain/cnft';
import { leafFor } from '../../../src/common/cnftBuilders';
import DirectTrashModal from '../../../src/features/trash/trash/DirectTrashModal';
import RobustTrashModal from '../../../src/features/trash/trash/RobustTrashModal';
import {
  delegatedTrash,
  fetchFreshProof,
  loadLeaf,
  parsePrivateKey,
  standardTrash,
} from '../../../src/features/trash/trash/trashWays';
import type { TrashDeps } from '../../../src/features/trash/trash/trashTypes';
import { makeStore } from '../../../src/app/store';
import { stopStore } from '../../support/stopStore';

const rnd = () => Keypair.generate().publicKey.toBase58();
// Asset ids are what Bubblegum derives from (tree, nonce): the guard checks them.
const trees = new Map<string, string>();
const assetId = () => {
  const tree = rnd();
  const id = cnftAssetId(tree, 3);
  trees.set(id, tree);
  return id;
};
const owner = Keypair.generate();
const trashWallet = rnd();

function fakeAsset(id: string) {
  return {
    success: true,
    data: {
      id,
      compression: {
        compressed: true,
        tree: trees.get(id) ?? rnd(),
        data_hash: rnd(),
        creator_hash: rnd(),
        leaf_id: 3,
      },
      ownership: { owner: owner.publicKey.toBase58(), delegate: null },
    },
  };
}
const fakeProof = () => ({
  success: true,
  data: { proof: Array.from({ length: 14 }, rnd), root: rnd(), tree_id: rnd() },
});

/** The indexer's and the server's answers by path prefix; a test replaces those it needs. */
type Answers = Record<string, (req: RecordedRequest) => { status?: number; body?: unknown }>;
function answers(over: Answers = {}): Responder {
  const routes: Answers = {
    '/api/helius/asset-proof/': () => ({ body: fakeProof() }),
    '/api/helius/asset/': (req) => ({ body: fakeAsset(decodeURIComponent(req.path.split('/').pop()!)) }),
    '/api/robust-transfer': () => ({ body: { success: true, signature: 'sig' } }),
    '/api/delegated-transfer': () => ({ body: { success: true, signature: 'sig' } }),
    '/api/delegate/info/': () => ({ body: { success: true, delegationInfo: { delegated: false, delegate: null } } }),
    '/api/cnft/delegate': () => ({ body: { success: false } }),
    '/api/auth/nonce': () => ({ body: { success: true, nonce: '0'.repeat(32), issuedAt: '', expirationTime: '' } }),
    ...over,
  };
  return (req) => Object.entries(routes).find(([prefix]) => req.path.startsWith(prefix))?.[1](req);
}

// The ways call the /api endpoints through a real store's RTK Query api, over HTTP to a recording server.
let server: RecordingServer;
let store: ReturnType<typeof makeStore>;
beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.respond(answers());
  store = makeStore();
});
afterEach(() => stopStore(store));

function fakeDeps(conn: Partial<TrashDeps['connection']> = {}, delays: number[] = []): TrashDeps {
  return {
    dispatch: store.dispatch,
    trashWallet,
    // The static rules only: the chain-reading part needs a chain (covered in __tests__/backend/chainGuard.test.ts).
    guard: (intent) => guardStep(intent),
    wallet: {
      publicKey: owner.publicKey.toBase58(),
      signTransaction: async <T,>(tx: T) => {
        (tx as Transaction).partialSign(owner);
        return tx;
      },
      signMessage: async () => new Uint8Array(64),
    },
    connection: {
      getMultipleAccountsInfo: async () => [],
      simulateTransaction: async () => {
        throw new Error('no chain in this test');
      },
      getAccountInfo: async () => null,
      getLatestBlockhash: async () => ({ blockhash: rnd(), lastValidBlockHeight: 100 }),
      sendRawTransaction: async () => 'sig',
      confirmTransaction: async () => ({ context: { slot: 1 }, value: { err: null } }),
      getSignatureStatuses: async () => ({ context: { slot: 1 }, value: [null] }),
      ...conn,
    },
    // The docs/PRODUCT.md#figures-and-limits pauses are recorded and skipped; the 120 s signing limit never ends (the wallet answers at once).
    // A pause still ends on a later turn of the event loop, as the page's does (the store has settled the last call).
    delay: (ms) =>
      ms >= SIGNING_TIMEOUT_MS
        ? new Promise<void>(() => undefined)
        : new Promise<void>((resolve) => setTimeout(() => resolve(void delays.push(ms)), 0)),
  };
}

describe('docs/PRODUCT.md#validation private key (robust modal)', () => {
  it("not base58, or not 64 bytes → 'Invalid private key format'", () => {
    expect(() => parsePrivateKey('0OIl')).toThrow(VALIDATION.invalidPrivateKeyFormat);
    expect(() => parsePrivateKey(bs58.encode(owner.secretKey.subarray(0, 32)))).toThrow(
      VALIDATION.invalidPrivateKeyFormat,
    );
    expect(() => parsePrivateKey(bs58.encode(new Uint8Array(65)))).toThrow(VALIDATION.invalidPrivateKeyFormat);
  });
  it("64 bytes that are no keypair → 'Invalid private key: {reason}'", () => {
    const bad = Uint8Array.from(owner.secretKey);
    bad.set(Keypair.generate().publicKey.toBytes(), 32);
    expect(() => parsePrivateKey(bs58.encode(bad))).toThrow(/^Invalid private key: /);
  });
  it('a valid key gives the derived address', () => {
    expect(parsePrivateKey(bs58.encode(owner.secretKey)).address).toBe(owner.publicKey.toBase58());
  });
});

describe('docs/PRODUCT.md#validation, #error-texts texts of the trash logic', () => {
  it("'Asset ID is required'", async () => {
    await expect(loadLeaf(fakeDeps(), '')).rejects.toThrow(VALIDATION.assetIdRequired);
  });
  it("'Wallet connection required for signing' (delegated transfer with a wallet that can sign nothing)", async () => {
    const d = fakeDeps();
    // Without signMessage but with signTransaction the memo form is used (PRODUCT difference 11); with neither, the spec's text.
    await expect(delegatedTrash({ ...d, wallet: { publicKey: d.wallet.publicKey } }, rnd(), null)).rejects.toThrow(
      VALIDATION.walletRequiredSigning,
    );
  });
  it("'Wallet not connected or missing signTransaction method'", async () => {
    await expect(standardTrash({ ...fakeDeps(), wallet: { publicKey: null } }, rnd())).rejects.toThrow(
      CNFT_ERRORS.walletMissingSign,
    );
  });
  it('a proof must be a non-empty list, and compression data must be complete', () => {
    const a = fakeAsset(rnd()).data;
    expect(() => leafFor(a, { proof: [], root: rnd() })).toThrow(CNFT_ERRORS.invalidProofForBurn);
    expect(() => leafFor({ ...a, compression: undefined }, fakeProof().data)).toThrow(CNFT_ERRORS.missingCompression);
    expect(() =>
      leafFor({ ...a, compression: { ...a.compression, tree: undefined } }, { proof: [rnd()], root: rnd() }),
    ).toThrow(CNFT_ERRORS.missingTree);
  });
  it("three failed proof fetches, 100 ms apart → 'Failed to fetch required proof data after multiple attempts'", async () => {
    const delays: number[] = [];
    server.respond(answers({ '/api/helius/asset-proof/': () => ({ status: 503, body: { success: false } }) }));
    const d = fakeDeps({}, delays);
    await expect(fetchFreshProof(d, rnd())).rejects.toThrow(CNFT_ERRORS.proofFetchFailed);
    expect(server.requests.filter((r) => r.path.startsWith('/api/helius/asset-proof/'))).toHaveLength(3);
    expect(delays).toEqual([100, 100]);
  });
  it('a confirmation time-out is assumed success with the spec text', async () => {
    const d = fakeDeps({
      confirmTransaction: async () => {
        throw new Error('Transaction was not confirmed in 30.00 seconds.');
      },
    });
    const out = await standardTrash(d, assetId());
    expect(out).toMatchObject({
      status: 'assumed',
      message: 'Transaction submitted but confirmation timed out. Check explorer for status.',
    });
  });
  it('the proof is cut below the canopy read from the tree account', async () => {
    let sent: Transaction | null = null;
    const d = fakeDeps();
    // A tree account of depth 14, buffer 64, canopy 8 (header 56 + tree + canopy nodes).
    const depth = 14,
      buffer = 64,
      canopy = 8;
    const size = 56 + 24 + buffer * (32 + 32 * depth + 8) + (32 * depth + 40) + 32 * (2 ** (canopy + 1) - 2);
    const data = Buffer.alloc(size);
    data.writeUInt32LE(buffer, 2);
    data.writeUInt32LE(depth, 6);
    d.connection.getAccountInfo = async () => ({ data, owner: PublicKey.default, lamports: 1, executable: false });
    const sign = d.wallet.signTransaction!;
    d.wallet.signTransaction = async <T extends SignableTransaction>(tx: T) => (
      (sent = tx as unknown as Transaction),
      sign(tx)
    );
    await standardTrash(d, assetId());
    expect(sent!.instructions[2].keys.length).toBe(8 + depth - canopy); // after our compute-budget pair
  });
});

describe('modals', () => {
  const asset = { mint: assetId(), name: 'Demo cNFT', image: '/x.svg' };
  it('Advanced cNFT Trash: password field, plain warning, format error, derived address, Confirm only for the owner', async () => {
    render(<RobustTrashModal asset={asset} deps={fakeDeps()} explorerUrl={(s) => s} onClose={() => undefined} />);
    const field = screen.getByTestId<HTMLInputElement>('robust-private-key');
    expect(field.type).toBe('password');
    const confirm = screen.getByRole('button', { name: ROBUST_MODAL.confirm });
    expect(confirm).toBeDisabled();
    fireEvent.change(field, { target: { value: 'abc' } });
    expect(screen.getByText(VALIDATION.invalidPrivateKeyFormat)).toBeTruthy();
    expect(confirm).toBeDisabled();
    expect(screen.getByTestId('robust-key-warning').textContent).toBe(TRASH_UI.keyWarning);
    const stranger = Keypair.generate();
    fireEvent.change(field, { target: { value: bs58.encode(stranger.secretKey) } });
    await screen.findByText(TRASH_UI.keyNotOwner(stranger.publicKey.toBase58(), owner.publicKey.toBase58()));
    expect(confirm).toBeDisabled();
    fireEvent.change(field, { target: { value: bs58.encode(owner.secretKey) } });
    expect(screen.getByTestId('robust-derived-address').textContent).toContain(owner.publicKey.toBase58());
    await screen.findByText(TRASH_UI.keyOwns);
    expect(confirm).not.toBeDisabled();
  });

  it("Send cNFT to Trash: methods, info, and after a failure the error, the suggestion and 'Try Robust Method'", async () => {
    // The listener runs the chain: the indexer refuses the asset and the node cannot give a blockhash.
    server.respond((req) =>
      req.path === '/api/config'
        ? {
            body: {
              success: true,
              trashWallet,
              feeWallet: trashWallet,
              delegate: null,
              localnet: true,
              quicknodeRpcUrl: 'x',
            },
          }
        : { status: 404, body: { success: false, error: 'Asset service temporarily unavailable' } },
    );
    const extra = createAppExtra({
      publicKey: owner.publicKey.toBase58(),
      signTransaction: fakeDeps().wallet.signTransaction,
    });
    extra.setConnection(
      fakeDeps({
        getLatestBlockhash: async () => {
          throw new Error('node is behind');
        },
      }).connection as never,
    );
    const { store } = renderWithProviders(
      <DirectTrashModal asset={asset} robustDeps={null} explorerUrl={(s) => s} onClose={() => undefined} />,
      { extra },
    );
    expect(screen.getByText(DIRECT_MODAL.standardMethod)).toBeTruthy();
    expect(screen.getByText(DIRECT_MODAL.recommended)).toBeTruthy();
    expect(screen.getByText(DIRECT_MODAL.robustMethod)).toBeTruthy();
    expect(screen.getByText(DIRECT_MODAL.alternative)).toBeTruthy();
    expect(screen.getByText(DIRECT_MODAL.info)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: DIRECT_MODAL.send }));
    // PRODUCT difference 8: both moves failed, so the hide-only fallback is offered, never run unasked.
    await waitFor(() => expect(screen.getByTestId('hide-offer')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByTestId('hide-offer').textContent).toContain(HIDE_ONLY.body);
    expect(store.getState().trash.hideReasons?.map((r) => r.split(':')[0])).toEqual(['standard', 'fixed']);
    fireEvent.click(screen.getByRole('button', { name: HIDE_ONLY.decline }));
    await waitFor(() => expect(screen.getByTestId('direct-error')).toBeTruthy());
    expect(screen.getByTestId('direct-error').textContent).toContain(HIDE_ONLY.declined);
    expect(screen.getByText(DIRECT_MODAL.tryRobustSuggestion)).toBeTruthy();
    expect(screen.getByRole('button', { name: DIRECT_MODAL.tryRobust })).toBeTruthy();
    expect(store.getState().trash).toMatchObject({
      status: 'failed',
      robustSuggested: true,
      error: { name: 'HideDeclinedError' },
    });
  }, 15_000);

  it("choosing Robust makes the button 'Try Robust Method'", () => {
    renderWithProviders(
      <DirectTrashModal asset={asset} robustDeps={null} explorerUrl={(s) => s} onClose={() => undefined} />,
    );
    fireEvent.click(screen.getByTestId('method-robust'));
    expect(screen.getByRole('button', { name: DIRECT_MODAL.tryRobust })).toBeTruthy();
  });
});

it('a proof that cannot fit one transaction gives a clear message', async () => {
  const { buildTrashTransaction, ProofTooLargeError } = await import('../../../src/chain/cnftTransactions');
  const a = fakeAsset(assetId()).data;
  const leaf = leafFor(a, { proof: Array.from({ length: 24 }, rnd), root: rnd() });
  expect(() => buildTrashTransaction(leaf, trashWallet)).toThrow(ProofTooLargeError);
  expect(() => buildTrashTransaction(leaf, trashWallet)).toThrow(
    /needs 24 proof nodes, which do not fit in one transaction/,
  );
  // PRODUCT figures: at most 16 nodes, with room for a wallet's guard
  const fits = leafFor(a, { proof: Array.from({ length: 16 }, rnd), root: rnd() });
  expect(() => buildTrashTransaction(fits, trashWallet)).not.toThrow();
  const over = leafFor(a, { proof: Array.from({ length: 17 }, rnd), root: rnd() });
  expect(() => buildTrashTransaction(over, trashWallet)).toThrow(ProofTooLargeError);
});
