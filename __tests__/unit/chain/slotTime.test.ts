// The lookup table's "about N min": measured from the node's performance samples, or an honest assumption.
import fs from 'fs';
import path from 'path';
import { ASSUMED_SLOT_MS, measuredSlotMs } from '../../../src/chain/recovery/slotTime';
import { RECOVERY_SECTION } from '../../../src/common/texts/recoveryTexts';

const recorded = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, '..', '..', 'fixtures', 'upstream', 'solana', 'getRecentPerformanceSamples.json'),
    'utf8',
  ),
);

describe('slot time', () => {
  it('is Σ seconds ÷ Σ slots over the recorded mainnet samples (605 slots in 240 s)', () => {
    expect(measuredSlotMs(recorded.response)).toBe(397);
  });

  it('is unknown without a sample that counted slots', () => {
    expect(measuredSlotMs([])).toBeNull();
    expect(measuredSlotMs([{ slot: 1, numSlots: 0, numTransactions: 0, samplePeriodSecs: 60 }])).toBeNull();
  });

  it('the text says "about N min" from the measured time, and names the assumed one when none was measured', () => {
    // 513 slots × 397 ms = 203.7 s → about 4 min; at 1 200 ms a slot (a slow network) 10.3 min → about 11 min
    expect(RECOVERY_SECTION.readyIn(513, 397, true)).toBe('Closable in 513 slots (about 4 min)');
    expect(RECOVERY_SECTION.readyIn(513, 1200, true)).toBe('Closable in 513 slots (about 11 min)');
    expect(RECOVERY_SECTION.readyIn(513, ASSUMED_SLOT_MS, false)).toBe(
      'Closable in 513 slots (about 4 min, if slots take 0.4 s)',
    );
  });
});
