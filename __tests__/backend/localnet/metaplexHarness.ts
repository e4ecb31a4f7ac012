// Test harness for the Metaplex plugin: a local chain behind a real HTTP + websocket JSON-RPC endpoint, and Umi
// (mpl-bubblegum, mpl-token-metadata, dasApi) pointed at it, as a client on mainnet would be.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair } from '@solana/web3.js';
import { createUmi } from '@metaplex-foundation/umi-bundle-defaults';
import { keypairIdentity, type Umi } from '@metaplex-foundation/umi';
import { mplBubblegum } from '@metaplex-foundation/mpl-bubblegum';
import { mplTokenMetadata } from '@metaplex-foundation/mpl-token-metadata';
import { dasApi } from '@metaplex-foundation/digital-asset-standard-api';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import type { MetaplexPlugin } from '../../../backend/localnet/metaplex';

export interface Harness {
  localnet: Localnet;
  metaplex: MetaplexPlugin;
  url: string;
  close(): Promise<void>;
  umiFor(kp: Keypair): Umi;
}

export async function startHarness(dataDir?: string): Promise<Harness> {
  const localnet = await createLocalnet({
    dataDir,
    delegate: Keypair.generate().publicKey.toBase58(),
    trashWallet: Keypair.generate().publicKey.toBase58(),
    feeWallet: Keypair.generate().publicKey.toBase58(),
    slotMs: 0,
  });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      localnet.handleRpc(JSON.parse(body)).then(
        (out) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(out));
        },
        (e: unknown) => res.writeHead(500).end(String(e)),
      );
    });
  });
  server.on('upgrade', (req, socket, head) => localnet.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    localnet,
    metaplex: localnet.metaplex,
    url,
    umiFor(kp) {
      const umi = createUmi(url, { wsEndpoint: url.replace('http', 'ws'), commitment: 'confirmed' })
        .use(mplTokenMetadata())
        .use(mplBubblegum())
        .use(dasApi());
      return umi.use(keypairIdentity(umi.eddsa.createKeypairFromSecretKey(kp.secretKey)));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await localnet.close();
    },
  };
}

export function fundedKeypair(h: Harness, sol = 2): Keypair {
  const kp = Keypair.generate();
  h.localnet.chain.airdrop(kp.publicKey.toBase58(), BigInt(sol * 1e9));
  return kp;
}
