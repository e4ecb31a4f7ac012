import { useAppSelector } from '../../../app/hooks';
import { ASSETS } from '../../../common/texts';
import { selectAllCandidates, selectFrozenMints } from '../assetTools/assetToolsSelectors';
import { SectionToolbar } from '../assetTools/SectionToolbar';
import { AssetSection } from '../selection/AssetSection';
import { selectValuableMints } from '../value/tokenValues';
import { selectShownTokens } from './shownTokens';
import { TokenCard } from './TokenCard';
import type { Token } from './tokenModel';
import { selectTokensLoading, selectVisibleTokens } from './tokensSlice';

const key = (t: Token) => t.account || t.mint;
const render = (t: Token) => <TokenCard token={t} />;

export function TokensSection() {
  const all = useAppSelector(selectVisibleTokens);
  const tokens = useAppSelector(selectShownTokens);
  const loading = useAppSelector(selectTokensLoading);
  const frozen = useAppSelector(selectFrozenMints);
  const valuable = useAppSelector(selectValuableMints);
  return (
    <AssetSection
      title={ASSETS.tokensSection}
      testId="tokens-section"
      loading={loading}
      emptyText={ASSETS.noTokens}
      items={tokens}
      total={all.length}
      tools={
        <SectionToolbar
          kind="token"
          shown={tokens.length}
          total={all.length}
          selectable={selectAllCandidates(tokens, frozen, valuable)}
          clearable={tokens.map((t) => t.mint)}
          filters={['all', 'burnable', 'spam', 'unwrap', 'valuable', 'worthless', 'unknown']}
          sorts={['default', 'name', 'solBack', 'value']}
        />
      }
      rowHeight={132}
      minCardWidth={170}
      getKey={key}
      renderItem={render}
    />
  );
}
