// docs/PRODUCT.md#assets-screen wallet assets screen: the connect prompt, or the connected shell with its parts in the spec's order.
import { WalletMultiButton, useWalletModal } from '@solana/wallet-adapter-react-ui';
import { useEffect } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { ASSETS, ASSETS_SCREEN } from '../../../common/texts';
import { selectOpenReview } from '../../burn/review';
import { selectHiddenAssetIds } from '../../assets/hiddenAssets';
import { ConnectScreen } from '../../landing/landing';
import { useLanding } from '../../landing/landing';
import { selectLeftAlone } from '../../recover/leftAlone';
import { WalletBalance } from '../../wallet/walletInfo';
import { selectConnectError } from '../../wallet/walletInfo';
import { ActivityPanel } from '../../activity/activity';
import { BurnStatusMessage } from '../../burn/burn';
import { CelebrationLayer } from '../../activity/celebration';
import { SolChangeNotice } from '../../wallet/guard';
import { CnftsSection } from '../../trash/cnftSection';
import { NftsSection } from '../../assets/nfts';
import { RentEstimateCard } from '../../recover/rent';
import { AssetsStatusLine } from '../../assets/selection';
import { LazyAssetGrid } from '../../assets/selection';
import { SelectedAssetsPanel } from '../../assets/selection';
import { TokensSection } from '../../assets/tokens';
import { VacantBanner } from '../../recover/vacant';
import { OneAtATimeStatus, selectWalletConnected } from '../../wallet/wallet';
import { BulkModeToggle } from './BulkModeToggle';
import { lazyPart } from '../../../ui/lazyPart';

// The review dialog shares the burn flows' chunk: by the time a review opens, its code is already there.
const ReviewDialog = lazyPart(
  async () => (await import(/* webpackChunkName: "burn-flows" */ '../../burn/review/ReviewDialog')).ReviewDialog,
);
// "More SOL in your wallet": its own small chunk, loaded as the connected screen mounts.
const MoreSolSection = lazyPart(
  async () => (await import(/* webpackChunkName: "recovery" */ '../../recover/recovery/MoreSolSection')).MoreSolSection,
);
// "Recover everything": the one plan, in the same chunk.
const RecoverEverything = lazyPart(
  async () =>
    (await import(/* webpackChunkName: "recovery" */ '../../recover/recovery/RecoverEverything')).RecoverEverything,
);
// The settings field sits at the foot of the screen and is rarely used: its code is not part of the first view.
const SecondReaderSettings = lazyPart(
  async () =>
    (await import(/* webpackChunkName: "settings" */ '../../wallet/guard/SecondReaderSettings')).SecondReaderSettings,
);
const LeftAlonePanel = lazyPart(
  async () =>
    (await import(/* webpackChunkName: "asset-lists" */ '../../recover/leftAlone/LeftAlonePanel')).LeftAlonePanel,
);
// The check's lists and estimate load when an address is first checked, not with the wallet app.
const ReadOnlyCheck = lazyPart(
  async () =>
    (await import(/* webpackChunkName: "read-only-check" */ '../../landing/landing/ReadOnlyCheck')).ReadOnlyCheck,
);
const HiddenItemsPanel = lazyPart(
  async () => (await import(/* webpackChunkName: "asset-lists" */ './HiddenItemsPanel')).HiddenItemsPanel,
);

/** Each lazy part mounts (and its chunk loads) only once it has something to show. */
function ReviewStep() {
  return useAppSelector(selectOpenReview) ? <ReviewDialog /> : null;
}
function LeftAloneList() {
  return useAppSelector(selectLeftAlone).length > 0 ? <LeftAlonePanel /> : null;
}
function HiddenItemsList() {
  return useAppSelector(selectHiddenAssetIds).length > 0 ? <HiddenItemsPanel /> : null;
}

function ConnectError() {
  const error = useAppSelector(selectConnectError);
  if (!error) return null;
  return (
    <p className="connect-error" role="alert" data-testid="connect-error">
      {ASSETS_SCREEN.connectRejected}
    </p>
  );
}

function NotConnected() {
  // The landing's stand-in button was pressed while this code loaded: open the wallet list now that it can.
  const { connectPressed, update } = useLanding();
  const { setVisible } = useWalletModal();
  useEffect(() => {
    if (!connectPressed) return;
    update({ connectPressed: false });
    setVisible(true);
  }, [connectPressed, update, setVisible]);
  return (
    <ConnectScreen
      button={<WalletMultiButton />}
      error={<ConnectError />}
      check={(address) => <ReadOnlyCheck address={address} />}
    />
  );
}

function Connected() {
  // The confirm step: while the wallet is asked, the owner's SOL change as the network simulated it (PRODUCT difference 10).
  // The grid's code loads alongside the wallet's first lists, not after them (a failure shows when it renders).
  useEffect(() => void LazyAssetGrid.preload().catch(() => undefined), []);
  const awaitingSignature = useAppSelector(
    (s) =>
      s.vacant.step === 'awaitingSignature' || s.burn.status === 'awaitingSignature' || s.queue.status !== 'initial',
  );
  return (
    <section className="assets-screen" data-testid="assets-screen">
      <div className="assets-toolbar">
        <h2>{ASSETS.connectedHeading}</h2>
        <div className="assets-toolbar-actions">
          <WalletBalance />
          <BulkModeToggle />
          <WalletMultiButton />
        </div>
      </div>
      <RentEstimateCard />
      <RecoverEverything />
      <VacantBanner />
      <MoreSolSection />
      <SolChangeNotice active={awaitingSignature} />
      <OneAtATimeStatus />
      <ActivityPanel />
      <SelectedAssetsPanel />
      <ReviewStep />
      <div className="status-line" data-testid="status-line">
        <BurnStatusMessage />
        <AssetsStatusLine />
      </div>
      <TokensSection />
      <NftsSection />
      <CnftsSection />
      <LeftAloneList />
      <HiddenItemsList />
      <SecondReaderSettings />
      <CelebrationLayer />
    </section>
  );
}

export function AssetsScreen() {
  const connected = useAppSelector(selectWalletConnected);
  return connected ? <Connected /> : <NotConnected />;
}
