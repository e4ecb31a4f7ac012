import { useSelector } from "react-redux";
import { ASSETS } from "../../common/texts";
import { AssetSection } from "../selection/AssetSection";
import { NftCard } from "./NftCard";
import type { Nft } from "./nftModel";
import { selectNfts, selectNftsLoading, selectNftsNotice } from "./nftsSlice";

const key = (n: Nft) => n.mint;
const render = (n: Nft) => <NftCard nft={n} />;

export function NftsSection() {
  const nfts = useSelector(selectNfts);
  const loading = useSelector(selectNftsLoading);
  const notice = useSelector(selectNftsNotice);
  return (
    <>
      {notice && (
        <p className="list-notice" data-testid="nfts-truncated" role="status">
          {notice}
        </p>
      )}
      <AssetSection
        title={ASSETS.nftsSection}
        testId="nfts-section"
        loading={loading}
        emptyText={ASSETS.noNfts}
        items={nfts}
        rowHeight={280}
        minCardWidth={160}
        getKey={key}
        renderItem={render}
      />
    </>
  );
}
