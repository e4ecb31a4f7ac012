// The signing path with the request chosen per wallet: one sign-and-send call for all of a flow's transactions,
// confirmed by the returned signatures; after an expiry only what did not land is asked for again; the guard and
// the review run once; a co-signed flow asks a sign-only request or, from a send-only wallet, nothing at all.
import { signAndSend } from '../../../src/features/wallet/wallet/signing';
import bs58 from 'bs58';
import type { WalletPort } from '../../../src/app/walletPort';
import {
  PartlySentError,
  SigningFailedError,
  WalletCannotDoFlowError,
} from '../../../src/features/wallet/wallet/signingErrors';
import { WALLET_MODES } from '../../../src/common/texts';
import { SEND, amountOf, chain, never, owner, recordingWallet, request, tx } from './signingPathSupport';
import { confirmSent } from '../../../src/features/wallet/wallet/signingSteps';

it('a send-only wallet: ONE sign-and-send call for all transactions; guard and review once; confirmed by signature', async () => {
  const w = recordingWallet('sendOnly');
  const c = chain();
  const log: string[] = [];
  const sent = await signAndSend(
    { wallet: w.port, delay: never, connection: c.connection },
    request(c, [tx(1), tx(2), tx(3)], log),
  );
  expect(w.calls).toEqual([{ op: 'signAndSend', amounts: [1, 2, 3] }]);
  expect(log).toEqual(['build 0 all', 'guard 1,2,3', 'review 1,2,3', 'landed 0', 'landed 1', 'landed 2']);
  expect(sent.map((s) => s.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
});

it('a Phantom-like wallet is asked to sign and send, never to sign only, when nobody signs after the owner', async () => {
  const w = recordingWallet('phantomLike');
  const c = chain();
  await signAndSend({ wallet: w.port, delay: never, connection: c.connection }, request(c, [tx(1), tx(2)], []));
  expect(w.calls.map((x) => x.op)).toEqual(['signAndSend']);
});

it('an expired blockhash: only the transaction that did not land is rebuilt, guarded and asked for once more', async () => {
  const w = recordingWallet('sendOnly');
  const c = chain([2]);
  const log: string[] = [];
  await signAndSend({ wallet: w.port, delay: never, connection: c.connection }, request(c, [tx(1), tx(2), tx(3)], log));
  expect(w.calls).toEqual([
    { op: 'signAndSend', amounts: [1, 2, 3] },
    { op: 'signAndSend', amounts: [2] },
  ]);
  expect(log).toEqual([
    'build 0 all',
    'guard 1,2,3',
    'review 1,2,3',
    'landed 0',
    'landed 2',
    'build 1 1',
    'guard 2',
    'landed 1',
  ]);
});

it('the same on a sign-only wallet path (a flow that cannot use what a wallet sent)', async () => {
  const w = recordingWallet('phantomLike');
  const c = chain([2]);
  const log: string[] = [];
  await signAndSend(
    { wallet: w.port, delay: never, connection: c.connection },
    request(c, [tx(1), tx(2), tx(3)], log, { sent: undefined }),
  );
  // sent in order: the expiry of the second stops the third, so both are asked for again
  expect(w.calls).toEqual([
    { op: 'signTransaction', amounts: [1, 2, 3] },
    { op: 'signTransaction', amounts: [2, 3] },
  ]);
  expect(log.filter((l) => l.startsWith('landed'))).toEqual(['landed 0', 'landed 1', 'landed 2']);
});

it('co-signed after the owner: a Phantom-like wallet signs only; a send-only wallet is asked nothing', async () => {
  const phantom = recordingWallet('phantomLike');
  const c = chain();
  await signAndSend(
    { wallet: phantom.port, delay: never, connection: c.connection },
    request(c, [tx(1), tx(2)], [], { cosigned: true, sent: undefined }),
  );
  expect(phantom.calls).toEqual([{ op: 'signTransaction', amounts: [1, 2] }]);

  const sendOnly = recordingWallet('sendOnly');
  const log: string[] = [];
  const err = await signAndSend(
    { wallet: sendOnly.port, delay: never, connection: c.connection },
    request(c, [tx(1)], log, { cosigned: true }),
  ).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(WalletCannotDoFlowError);
  expect((err as Error).message).toBe(WALLET_MODES.cosignedNeedsSignOnly);
  expect(sendOnly.calls).toEqual([]);
  expect(log).toEqual(['build 0 all']); // not even guarded or reviewed
});

it('per-transaction results: only the transactions the wallet sent are confirmed and reported, then its refusal', async () => {
  const c = chain();
  const sentBy: string[] = [];
  const port: WalletPort = {
    publicKey: owner.publicKey.toBase58(),
    signAndSendAll: async (txs) => {
      const signatures = txs.map((t) => (t.partialSign(owner), bs58.encode(t.signature!)));
      sentBy.push(signatures[0], signatures[2]);
      throw new PartlySentError([signatures[0], null, signatures[2]], new Error('Request blocked'));
    },
  };
  const log: string[] = [];
  const err = await signAndSend(
    { wallet: port, delay: never, connection: c.connection },
    request(c, [tx(1), tx(2), tx(3)], log),
  ).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(SigningFailedError);
  expect((err as Error).message).toBe('Request blocked');
  expect(log.filter((l) => l.startsWith('landed'))).toEqual(['landed 0', 'landed 2']);
  // The flow's answer for the sent ones rides on the refusal: its report of what landed is never dropped.
  expect((err as SigningFailedError).landedPart).toEqual(
    sentBy.map((signature) => ({ signature, status: 'confirmed' })),
  );
});

it('per-transaction results where the refused one had run out of blockhash: it alone is asked again, fresh', async () => {
  const c = chain();
  const asked: { amounts: number[]; blockhashes: string[] }[] = [];
  const port: WalletPort = {
    publicKey: owner.publicKey.toBase58(),
    signAndSendAll: async (txs) => {
      asked.push({ amounts: txs.map(amountOf), blockhashes: txs.map((t) => t.recentBlockhash!) });
      const signatures = txs.map((t) => (t.partialSign(owner), bs58.encode(t.signature!)));
      for (const [i, t] of txs.entries()) c.seen.set(signatures[i], amountOf(t));
      if (asked.length > 1) return signatures;
      throw new PartlySentError(
        [signatures[0], null, signatures[2]],
        new Error('Transaction simulation failed: Blockhash not found'),
      );
    },
  };
  const log: string[] = [];
  const sent = await signAndSend(
    { wallet: port, delay: never, connection: c.connection },
    request(c, [tx(1), tx(2), tx(3)], log, { sent: confirmSent(c.connection, SEND) }),
  );
  expect(asked.map((a) => a.amounts)).toEqual([[1, 2, 3], [2]]);
  expect(asked[1].blockhashes[0]).not.toBe(asked[0].blockhashes[1]);
  expect(log.filter((l) => l.startsWith('landed'))).toEqual(['landed 0', 'landed 2', 'landed 1']);
  expect(sent).toHaveLength(1); // the last attempt's own answer; every landing was told as it came
});
