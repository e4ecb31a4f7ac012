// Each parsing point of the upstream answers (RELIABILITY, upstream faults) against recorded public answers (fixtures name their sources).
import { getMetadataAccountDataSerializer, TokenStandard } from '@metaplex-foundation/mpl-token-metadata';
import { some, none, publicKey } from '@metaplex-foundation/umi';
import { pack as packTokenMetadata } from '@solana/spl-token-metadata';
import { PublicKey } from '@solana/web3.js';
import { createDasClient } from '../../backend/services/das/das';
import { assetCollection, assetImage } from '../../backend/services/das/dasParse';
import { parseJsonMint, tokenMetadataFromAccount } from '../../backend/services/assets/mintParse';
import { createRpcClient, httpTransport } from '../../backend/services/rpc/rpc';
import { listTokenAccounts } from '../../backend/services/assets/tokenAccounts';
import { fetchMintInfos, metadataPda } from '../../backend/services/assets/tokenMetadata';
import { isFungibleAsset } from '../../backend/services/assets/walletAssets';
import { formatUiAmountString } from '../../src/chain/format';
import { TOKEN_METADATA_PROGRAM } from '../../src/common/addresses';
import { fixture, recordedAnswers, startReplayUpstream, type ReplayUpstream } from '../support/replayUpstream';

const aaplx = fixture('solana/getAccountInfo-aaplx-mint.json');
const AAPLX = aaplx.mint as string;

describe('amounts as wallets show them', () => {
  let up: ReplayUpstream;
  beforeAll(async () => (up = await startReplayUpstream()));
  afterAll(() => up.close());

  it("keeps the node's uiAmountString (SPL Token and a Token-2022 xStock account)", async () => {
    const rpc = createRpcClient(httpTransport(up.url));
    const spl = await listTokenAccounts(rpc, 'A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd');
    expect(spl.map((a) => [a.mint, a.amount, a.decimals, a.uiAmountString])).toEqual([
      ['2cHr7QS3xfuSV8wdxo3ztuF4xbiarF6Nrgx3qpx3HzXR', 420000000000000n, 6, '420000000'],
    ]);
    const t22 = await listTokenAccounts(rpc, 'Eh5q92xtwYp9mcczwxKsi53PQScoBdY1mmxUVd7Mtixj');
    expect(t22.map((a) => [a.mint, a.amount, a.program, a.uiAmountString])).toEqual([
      [
        'XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB',
        100195n,
        'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
        '0.00100195',
      ],
    ]);
    // The card's rule (docs/PRODUCT.md#assets-screen) on the shown amount: 8 digits below 0.001, 4 above, thousands grouped.
    expect(formatUiAmountString('0.00100195')).toBe('0.001');
    expect(formatUiAmountString('0.00099195')).toBe('0.00099195');
    expect(formatUiAmountString('420000000')).toBe('420,000,000');
    expect(formatUiAmountString('12.38603076')).toBe('12.386');
    expect(formatUiAmountString('not a number')).toBeNull();
  });

  it('reads the scaled-UI multiplier of the recorded AAPLx mint, switching at its effective timestamp', () => {
    const before = parseJsonMint(AAPLX, aaplx.response.value.data, 1786148999)!;
    const after = parseJsonMint(AAPLX, aaplx.response.value.data, 1786149000)!;
    expect(before).toMatchObject({
      decimals: 8,
      supply: 15376339093106n,
      name: 'Apple xStock',
      symbol: 'AAPLx',
      uiMultiplier: 1.0026642075893797,
    });
    expect(after.uiMultiplier).toBe(1.0032690125398187);
    expect(before.metadataPointer).toBeUndefined(); // the recorded pointer names the mint itself
  });
});

describe('Token-2022 metadata through the metadata pointer', () => {
  it('reads name, symbol and uri from the recorded AAPLx mint (tokenMetadata in the mint itself)', async () => {
    const up = await startReplayUpstream();
    try {
      const info = (await fetchMintInfos(createRpcClient(httpTransport(up.url)), [AAPLX])).get(AAPLX)!;
      expect(info).toMatchObject({
        exists: true,
        decimals: 8,
        name: 'Apple xStock',
        symbol: 'AAPLx',
        program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      });
      expect(up.seen.find((r) => r.method === 'getMultipleAccounts')!.params[1]).toMatchObject({
        encoding: 'jsonParsed',
      });
    } finally {
      await up.close();
    }
  });

  it('follows a pointer to another account: a Metaplex metadata account or one in the token-metadata interface layout', async () => {
    // The recorded AAPLx mint with its tokenMetadata removed and the pointer moved elsewhere (constructed variants).
    const elsewhere = (target: string) => {
      const v = JSON.parse(JSON.stringify(aaplx.response.value));
      const exts = v.data.parsed.info.extensions.filter((e: { extension: string }) => e.extension !== 'tokenMetadata');
      exts.find((e: { extension: string }) => e.extension === 'metadataPointer').state.metadataAddress = target;
      v.data.parsed.info.extensions = exts;
      return v;
    };
    const metaplexTarget = metadataPda('So11111111111111111111111111111111111111112');
    const interfaceTarget = new PublicKey(new Uint8Array(32).fill(7)).toBase58();
    const metaplexBytes = getMetadataAccountDataSerializer().serialize({
      updateAuthority: publicKey(PublicKey.default.toBase58()),
      mint: publicKey(AAPLX),
      name: 'Pointed Metaplex',
      symbol: 'PMX',
      uri: 'https://example.org/p.json',
      sellerFeeBasisPoints: 0,
      creators: none(),
      primarySaleHappened: false,
      isMutable: true,
      editionNonce: none(),
      tokenStandard: some(TokenStandard.Fungible),
      collection: none(),
      uses: none(),
      collectionDetails: none(),
      programmableConfig: none(),
    });
    const fields = packTokenMetadata({
      mint: new PublicKey(AAPLX),
      name: 'Pointed Interface',
      symbol: 'PIF',
      uri: 'https://example.org/i.json',
      additionalMetadata: [],
    });
    const length = Buffer.alloc(4);
    length.writeUInt32LE(fields.length);
    const interfaceBytes = Buffer.concat([Buffer.alloc(8, 1), length, Buffer.from(fields)]);

    for (const [target, account, name] of [
      [
        metaplexTarget,
        { data: [Buffer.from(metaplexBytes).toString('base64'), 'base64'], owner: TOKEN_METADATA_PROGRAM, lamports: 1 },
        'Pointed Metaplex',
      ],
      [
        interfaceTarget,
        { data: [interfaceBytes.toString('base64'), 'base64'], owner: '11111111111111111111111111111111', lamports: 1 },
        'Pointed Interface',
      ],
    ] as const) {
      const answers = recordedAnswers();
      answers.getMultipleAccounts = ([keys]: [string[]]) => ({
        context: { slot: 1 },
        value: keys.map((k) => (k === AAPLX ? elsewhere(target) : k === target ? account : null)),
      });
      const up = await startReplayUpstream(answers);
      try {
        const info = (await fetchMintInfos(createRpcClient(httpTransport(up.url)), [AAPLX])).get(AAPLX)!;
        expect({ name: info.name, pointer: info.metadataPointer, metadataAddress: info.metadataAddress }).toEqual({
          name,
          pointer: target,
          metadataAddress: target,
        });
      } finally {
        await up.close();
      }
    }
    expect(tokenMetadataFromAccount(interfaceTarget, ['AAAA', 'base64'])).toBeNull();
  });
});

describe("the providers' documented limits", () => {
  it('asks getMultipleAccounts for at most 100 keys a call (Solana JSON-RPC reference)', async () => {
    const up = await startReplayUpstream();
    try {
      const mints = Array.from({ length: 150 }, () => PublicKey.unique().toBase58());
      const infos = await fetchMintInfos(createRpcClient(httpTransport(up.url)), [AAPLX, ...mints]);
      const calls = up.seen
        .filter((r) => r.method === 'getMultipleAccounts')
        .map((r) => (r.params[0] as string[]).length);
      expect(calls.reduce((a, b) => a + b, 0)).toBe(151 * 3); // mint, metadata PDA and edition PDA of each
      expect(Math.max(...calls)).toBe(100);
      expect(infos.get(AAPLX)!.name).toBe('Apple xStock');
      expect(infos.get(mints[0])!.exists).toBe(false);
    } finally {
      await up.close();
    }
  });
});

describe('DAS answers', () => {
  const madLad = fixture('das/getAsset-showCollectionMetadata.json').response;
  const animated = fixture('das/getAsset-animated.json').response;
  const cnft = fixture('das/getAsset-cnft.json').response;
  const page = fixture('das/getAssetsByOwner-showFungible.json').response;

  it('chooses an image file by MIME type: the PNG, never the mp4 an animated NFT names as its image', () => {
    expect(assetImage(madLad)).toBe('https://madlads-collection.s3.us-west-2.amazonaws.com/_collection.png');
    expect(assetImage(animated)).toBe('https://madlads-collection.s3.us-west-2.amazonaws.com/_collection.png');
    expect(assetImage(cnft)).toBeNull(); // no files, no image link: the page shows its default image
    const onlyVideo = { ...animated, content: { ...animated.content, files: [animated.content.files[0]] } };
    expect(assetImage(onlyVideo)).toBeNull();
  });

  it('takes collection names from displayOptions.showCollectionMetadata, the same shape everywhere', () => {
    expect(assetCollection(madLad)).toEqual({
      collection: 'Mad Lads',
      collectionAddress: 'J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w',
    });
    const listed = page.items.find((a: { id: string }) => a.id === 'Ff3Ci7EnM6KUdNDtzZvCjC5APgz1ajYW2Pt2BfT6Wftq');
    expect(assetCollection(listed)).toEqual({
      collection: null,
      collectionAddress: 'J1S9H3QjnRtBbbuD4HjPV6RpRhwuk4zKbxsnCHuTgh9w',
    });
    expect(assetCollection(cnft)).toEqual({ collection: null, collectionAddress: null });
  });

  it('tells fungibles from NFTs, including USDT that the indexer calls Custom', () => {
    expect(page.items.map((a: { id: string }) => [a.id.slice(0, 4), isFungibleAsset(a as never)])).toEqual([
      ['Es9v', true],
      ['Ff3C', false],
      ['FoRG', true],
      ['HZ1J', true],
      ['J1to', true],
    ]);
  });

  it('pages to the end and says so when the page bound cuts a wallet short', async () => {
    const answers = recordedAnswers();
    const full = (page: number) => ({
      total: 1000,
      limit: 1000,
      page,
      items: Array.from({ length: 1000 }, (_, i) => ({ id: `a${page}-${i}` })),
    });
    answers.getAssetsByOwner = (p: { page: number }) =>
      p.page <= 3 ? full(p.page) : { total: 7, limit: 1000, page: p.page, items: full(p.page).items.slice(0, 7) };
    const up = await startReplayUpstream(answers);
    try {
      const whole = await createDasClient(httpTransport(up.url)).getAllAssetsByOwner('owner');
      expect({ count: whole.items.length, pages: whole.pages, truncated: whole.truncated }).toEqual({
        count: 3007,
        pages: 4,
        truncated: false,
      });
      const cut = await createDasClient(httpTransport(up.url), { maxPages: 2 }).getAllAssetsByOwner('owner');
      expect({ count: cut.items.length, pages: cut.pages, truncated: cut.truncated }).toEqual({
        count: 2000,
        pages: 2,
        truncated: true,
      });
      expect(up.seen.find((r) => r.method === 'getAssetsByOwner')!.params).toEqual({
        ownerAddress: 'owner',
        page: 1,
        limit: 1000,
        displayOptions: { showCollectionMetadata: true },
      });
    } finally {
      await up.close();
    }
  });
});
