import { useAppSelector } from '../../../app/hooks';
import { selectNftsError } from '../nfts/nftsSlice';
import { selectTokensError } from '../tokens/tokensSlice';
import './assets.css';

// The error/status message line of docs/PRODUCT.md#assets-screen for the loading flows ('Error fetching tokens: ...', '... NFTs: ...').
export function AssetsStatusLine() {
  const tokensError = useAppSelector(selectTokensError);
  const nftsError = useAppSelector(selectNftsError);
  const messages = [tokensError, nftsError].filter((m): m is string => Boolean(m));
  if (messages.length === 0) return null;
  return (
    <div className="assets-status error" role="alert" data-testid="assets-status">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
