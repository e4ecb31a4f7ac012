// Delegated Transfer and Queued cNFT Trash modals: every state and text of docs/PRODUCT.md#queued-cnft-trash, #delegated-transfer that needs no chain.
import { screen, waitFor } from '@testing-library/react';
import { Keypair } from '@solana/web3.js';
import { setApiOrigin } from '../../../src/api/baseApi';
import { exactSol } from '../../../src/chain/format';
import {
  BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS,
  MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION,
} from '../../../src/common/constants';
import { CNFT_ERRORS, DELEGATED_MODAL, QUEUE_MODAL } from '../../../src/common/texts';
import { TRASH_UI } from '../../../src/features/trash/trash';
import QueueTrashModal from '../../../src/features/trash/queue/QueueTrashModal';
import { initialState as queueInitial } from '../../../src/features/trash/queue/queueSlice';
import DelegatedTransferModal from '../../../src/features/trash/trash/DelegatedTransferModal';
import { renderWithProviders } from '../../support/renderWithProviders';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';

let server: RecordingServer;
const id = Keypair.generate().publicKey.toBase58();
const delegate = Keypair.generate().publicKey.toBase58();
const asset = { mint: id, name: 'Leaf #1', image: '/x.svg' };

beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
});
afterAll(() => server.close());

function answer(info: { status?: number; body: unknown }) {
  server.respond((req) => {
    if (req.path.startsWith('/api/delegate/info/')) return info;
    if (req.path.startsWith('/api/delegate/proof/'))
      return { body: { success: true, proofData: { proof: ['a'], root: 'r', tree_id: 't' } } };
    return { status: 404, body: { success: false, error: 'no' } };
  });
}

describe('Delegated Transfer', () => {
  const render = () =>
    renderWithProviders(<DelegatedTransferModal asset={asset} explorerUrl={(s) => s} onClose={() => undefined} />);

  it('opening it fetches delegation info and proof; shortened id; delegate shown; button enabled', async () => {
    answer({ body: { success: true, delegationInfo: { delegated: true, delegate } } });
    server.requests.length = 0;
    render();
    expect(screen.getByTestId('delegated-short-id').textContent).toBe(`${id.slice(0, 6)}...${id.slice(-4)}`);
    const button = screen.getByRole('button', { name: DELEGATED_MODAL.transfer });
    expect(button).toBeDisabled(); // while loading
    await waitFor(() => expect(screen.getByTestId('delegated-delegate').textContent).toContain(delegate));
    await waitFor(() => expect(button).not.toBeDisabled());
    expect(
      server.requests
        .map((r) => r.path)
        .filter((p) => p.startsWith('/api/delegate/'))
        .sort(),
    ).toEqual([`/api/delegate/info/${id}`, `/api/delegate/proof/${id}`]);
  });

  it('not delegated: the button stays disabled', async () => {
    answer({ body: { success: true, delegationInfo: { delegated: false, delegate: null } } });
    render();
    await screen.findByTestId('delegated-not-delegated');
    expect(screen.getByRole('button', { name: DELEGATED_MODAL.transfer })).toBeDisabled();
  });

  it("info unavailable: 'Could not fetch delegation information for this asset.'", async () => {
    answer({ status: 404, body: { success: false, error: 'Asset not found' } });
    render();
    await screen.findByText(CNFT_ERRORS.delegationInfoFailed);
    expect(screen.getByRole('button', { name: DELEGATED_MODAL.transfer })).toBeDisabled();
  });
});

describe('Queued cNFT Trash', () => {
  const assets = [1, 2, 3, 4].map((n) => ({
    assetId: Keypair.generate().publicKey.toBase58(),
    name: `Leaf ${n}`,
    image: null,
  }));
  const props = {
    assets,
    explorerUrl: (s: string) => `https://x/${s}`,
    cluster: 'mainnet-beta' as const,
    onClose: () => undefined,
  };

  it('initial: counts, 0 % and Start Transfer', () => {
    renderWithProviders(<QueueTrashModal {...props} />);
    expect(screen.getByTestId('queue-state').getAttribute('data-state')).toBe('initial');
    expect(screen.getByTestId('queue-pending').textContent).toBe('4');
    expect(screen.getByTestId('queue-progress').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: QUEUE_MODAL.start })).toBeTruthy();
    expect(screen.getByRole('button', { name: QUEUE_MODAL.close })).toBeTruthy();
    expect(screen.queryByRole('button', { name: QUEUE_MODAL.cancel })).toBeNull();
  });

  it("V2 leaves in the queue: the fee line says the server pays Bubblegum V2's transfer fee for each; none, no word of it", () => {
    const { unmount } = renderWithProviders(<QueueTrashModal {...props} v2Moves={2} />);
    const line = TRASH_UI.feeForDelegations(exactSol(5_000), exactSol(MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION));
    expect(screen.getByTestId('cnft-network-fee').textContent).toBe(
      line + TRASH_UI.v2FeeFromServer(exactSol(BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS), 2),
    );
    unmount();
    renderWithProviders(<QueueTrashModal {...props} />);
    expect(screen.getByTestId('cnft-network-fee').textContent).toBe(line);
  });

  it('processing: counts, progress, trashed and failed lists with explorer links, Cancel Transfer', () => {
    const progress = {
      pending: 1,
      processing: 1,
      completed: 1,
      failed: 1,
      isComplete: false,
      lastSignature: 'sig1',
      completedAssets: [{ assetId: assets[0].assetId, name: 'Leaf 1', signature: 'sig1' }],
      failedAssets: [{ assetId: assets[1].assetId, name: 'Leaf 2', error: 'not delegated' }],
    };
    renderWithProviders(<QueueTrashModal {...props} />, {
      preloadedState: { queue: { ...queueInitial, status: 'processing', assets, queueId: 'q', progress } },
    });
    expect(screen.getByTestId('queue-state').textContent).toContain(QUEUE_MODAL.processingQueue);
    expect(screen.getByTestId('queue-successful').textContent).toBe('1');
    expect(screen.getByTestId('queue-failed').textContent).toBe('1');
    expect(screen.getByTestId('queue-processing').textContent).toBe('1');
    expect(screen.getByTestId('queue-pending').textContent).toBe('1');
    expect(screen.getByTestId('queue-progress').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('queue-trashed').querySelector('a')!.getAttribute('href')).toBe('https://x/sig1');
    expect(screen.getByTestId('queue-failed-list').textContent).toContain('not delegated');
    expect(screen.getByTestId('queue-failed-list').querySelector('a')).not.toBeNull();
    expect(screen.getByRole('button', { name: QUEUE_MODAL.cancel })).toBeTruthy();
  });

  it('complete: 100 % and the complete line', () => {
    const progress = {
      pending: 0,
      processing: 0,
      completed: 4,
      failed: 0,
      isComplete: true,
      lastSignature: 's',
      completedAssets: assets.map((a, i) => ({ assetId: a.assetId, name: a.name, signature: `s${i}` })),
      failedAssets: [],
    };
    renderWithProviders(<QueueTrashModal {...props} />, {
      preloadedState: { queue: { ...queueInitial, status: 'complete', assets, queueId: 'q', progress } },
    });
    expect(screen.getByTestId('queue-state').textContent).toBe(QUEUE_MODAL.complete);
    expect(screen.getByTestId('queue-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('queue-trashed').querySelectorAll('li')).toHaveLength(4);
  });
});
