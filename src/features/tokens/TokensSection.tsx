import { useAppSelector } from '../../app/hooks';
import { ASSETS } from '../../common/texts';
import { AssetSection } from '../selection/AssetSection';
import { TokenCard } from './TokenCard';
import type { Token } from './tokenModel';
import { selectTokensLoading, selectVisibleTokens } from './tokensSlice';

const key = (t: Token) => t.account || t.mint;
const render = (t: Token) => <TokenCard token={t} />;

export function TokensSection() {
  const tokens = useAppSelector(selectVisibleTokens);
  const loading = useAppSelector(selectTokensLoading);
  return (
    <AssetSection
      title={ASSETS.tokensSection}
      testId="tokens-section"
      loading={loading}
      emptyText={ASSETS.noTokens}
      items={tokens}
      rowHeight={132}
      minCardWidth={170}
      getKey={key}
      renderItem={render}
    />
  );
}
