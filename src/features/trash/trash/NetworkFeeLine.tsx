// The network fee in every cNFT modal (PRODUCT difference 18): before anything is built, the fee's parts and who pays
// them (Bubblegum V2's transfer fee too, for each V2 leaf moved); once the chain guard has simulated what the wallet is
// asked to approve, the exact lamports it will cost (the owner's simulated SOL change: a cNFT returns no rent, so the
// change is the fees and nothing else).
import { useAppSelector } from '../../../app/hooks';
import { exactSol } from '../../../chain/format';
import {
  BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS,
  LAMPORTS_PER_SIGNATURE,
  MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION,
} from '../../../common/constants';
import { selectSimulatedChange } from '../../wallet/guard';
import { TRASH_UI } from '../../../common/texts/trashTexts';

export type FeePayer = 'wallet' | 'delegations' | 'key' | 'server';

const BEFORE: Record<Exclude<FeePayer, 'server'>, (perTx: string, cap: string) => string> = {
  wallet: TRASH_UI.feeFromWallet,
  delegations: TRASH_UI.feeForDelegations,
  key: TRASH_UI.feeFromKey,
};

/**
 * Bubblegum V2's transfer fee for the V2 leaves this flow moves: who pays it is whoever pays the transfer (the
 * wallet, the pasted key's wallet, or the server's delegate for the queue and the delegated way).
 */
function v2Fee(payer: FeePayer, v2Moves: number): string {
  if (v2Moves === 0) return '';
  const perLeaf = exactSol(BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS);
  return payer === 'wallet' || payer === 'key'
    ? TRASH_UI.v2FeeFromPayer(perLeaf, v2Moves)
    : TRASH_UI.v2FeeFromServer(perLeaf, v2Moves);
}

const before = (payer: Exclude<FeePayer, 'server'>, v2Moves: number) =>
  BEFORE[payer](exactSol(LAMPORTS_PER_SIGNATURE), exactSol(MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION)) +
  v2Fee(payer, v2Moves);

function FeeText({ text, lamports }: { text: string; lamports?: number }) {
  return (
    <p
      className="trash-fee"
      data-testid="cnft-network-fee"
      {...(lamports !== undefined ? { 'data-lamports': lamports } : {})}
    >
      {text}
    </p>
  );
}

/** The connected wallet pays: once this flow passed the guard, the guard's simulated figure (V2 fee included). */
function WalletFee({
  payer,
  simulated,
  v2Moves,
}: {
  payer: 'wallet' | 'delegations';
  simulated: boolean;
  v2Moves: number;
}) {
  const change = useAppSelector(selectSimulatedChange);
  const exact = simulated && change !== null && change <= 0 ? -change : null;
  if (exact === null) return <FeeText text={before(payer, v2Moves)} />;
  const paysV2 = payer === 'wallet' && v2Moves > 0;
  return (
    <FeeText text={(paysV2 ? TRASH_UI.v2FeeSimulated : TRASH_UI.feeSimulated)(exactSol(exact))} lamports={exact} />
  );
}

/**
 * `simulated`: the flow of this modal has passed the guard and awaits the wallet (or is sending what it approved), so
 * the guard's figure is this flow's own and not an earlier action's. The pasted key's way and the server's way read
 * no store (the robust modal stands alone).
 */
export function NetworkFeeLine({
  payer,
  simulated,
  v2Moves = 0,
}: {
  payer: FeePayer;
  simulated: boolean;
  /** How many Bubblegum V2 leaves this flow transfers (each pays V2's transfer fee). */
  v2Moves?: number;
}) {
  if (payer === 'server') return <FeeText text={TRASH_UI.feeFromServer + v2Fee(payer, v2Moves)} />;
  if (payer === 'key') return <FeeText text={before('key', v2Moves)} />;
  return <WalletFee payer={payer} simulated={simulated} v2Moves={v2Moves} />;
}
