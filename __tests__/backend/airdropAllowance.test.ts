// The local chain's airdrop caps (backend/services/rpcProxy/rpcSendPolicy.ts): counted per client and UTC day, for at most
// MAX_AIRDROP_CLIENTS clients; the client whose last airdrop is oldest is forgotten first, a refusal keeps no one.
import {
  MAX_AIRDROP_CLIENTS,
  MAX_AIRDROP_LAMPORTS,
  MAX_AIRDROP_LAMPORTS_PER_DAY,
  createAirdropAllowance,
} from '../../backend/services/rpcProxy/rpcSendPolicy';

const DAY_MS = 86_400_000;
const airdrop = (lamports: number) => ['address', lamports];
const dailyCap = `at most ${MAX_AIRDROP_LAMPORTS_PER_DAY} lamports of airdrops a day`;

function reachCap(allow: ReturnType<typeof createAirdropAllowance>, client: string) {
  for (let i = 0; i < MAX_AIRDROP_LAMPORTS_PER_DAY / MAX_AIRDROP_LAMPORTS; i++)
    expect(allow(client, airdrop(MAX_AIRDROP_LAMPORTS))).toBeNull();
  expect(allow(client, airdrop(1))).toBe(dailyCap);
}

it('counts at most MAX_AIRDROP_CLIENTS clients; the one whose last airdrop is oldest goes first', () => {
  const allow = createAirdropAllowance(() => 10 * DAY_MS + 1_000);
  reachCap(allow, 'heavy');
  for (let i = 1; i < MAX_AIRDROP_CLIENTS; i++) expect(allow(`client${i}`, airdrop(1))).toBeNull();
  expect(allow('heavy', airdrop(1))).toBe(dailyCap); // still counted: the table holds exactly the bound
  expect(allow('one more', airdrop(1))).toBeNull();
  expect(allow('heavy', airdrop(1))).toBeNull(); // forgotten for the newcomer, so counted afresh
});

it('gives a client a new allowance when its UTC day ends', () => {
  let now = 10 * DAY_MS + 1_000;
  const allow = createAirdropAllowance(() => now);
  reachCap(allow, 'a');
  now = 11 * DAY_MS - 1;
  expect(allow('a', airdrop(1))).toBe(dailyCap);
  now = 11 * DAY_MS;
  expect(allow('a', airdrop(MAX_AIRDROP_LAMPORTS))).toBeNull();
  expect(allow(null, airdrop(MAX_AIRDROP_LAMPORTS_PER_DAY))).toBeNull(); // the operator is never counted
});
