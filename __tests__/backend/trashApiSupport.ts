// The page's /api calls for the cNFT ways (src/features/trash/trash/trashTypes.ts TrashApi) over real HTTP to a test server.
import type { TrashApi } from '../../src/features/trash/trash/trashTypes';

export function httpTrashApi(url: string, seen: { path: string; body: string }[] = []): TrashApi {
  const call = async (path: string, body?: unknown) => {
    const init =
      body === undefined
        ? undefined
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    seen.push({ path, body: init?.body ?? '' });
    const res = await fetch(url + '/api/' + path, init);
    const json = await res.json();
    if (!res.ok && body === undefined) throw new Error(json.error);
    return json;
  };
  return {
    getAssetProof: (id) => call(`helius/asset-proof/${id}?t=${Date.now()}`),
    getAsset: (id) => call(`helius/asset/${id}`),
    robustTransfer: (b) => call('robust-transfer', b),
    delegatedTransfer: (b) => call('delegated-transfer', b),
    getDelegateInfo: (id) => call(`delegate/info/${id}`),
    cnftDelegate: (b) => call('cnft/delegate', b),
    getAuthNonce: () => call('auth/nonce'),
  };
}
