import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { MAX_TRANSFER_PROOF_NODES } from '../../../chain/cnftProofFit';
import { ASSETS_SCREEN } from '../../../common/texts';
import { TREE_TEXTS } from '../../../common/texts';
import { assetsHidden } from '../hiddenAssets/hiddenAssetsSlice';
import type { Cnft } from '../nfts/nftModel';
import { selectTreeNodes } from './cnftTreesSlice';

/** On a cNFT card whose tree needs more proof nodes than a transaction holds: the label and a Hide button. */
export function TreeTooDeepLabel({ cnft }: { cnft: Pick<Cnft, 'mint' | 'compression'> }) {
  const dispatch = useAppDispatch();
  const tree = cnft.compression?.tree;
  const nodes = useAppSelector((s) => (tree ? selectTreeNodes(s)[tree] : undefined));
  if (nodes === undefined || nodes <= MAX_TRANSFER_PROOF_NODES) return null;
  return (
    <span className="frozen-row">
      <span
        className="spam-label"
        data-testid="tree-too-deep-label"
        data-nodes={nodes}
        title={TREE_TEXTS.tooDeep(nodes, MAX_TRANSFER_PROOF_NODES)}
      >
        {TREE_TEXTS.tooDeepShort}
      </span>
      <button
        type="button"
        className="tools-button"
        data-testid="hide-cnft"
        onClick={(e) => (e.stopPropagation(), dispatch(assetsHidden({ ids: [cnft.mint] })))}
      >
        {ASSETS_SCREEN.hide}
      </button>
    </span>
  );
}
