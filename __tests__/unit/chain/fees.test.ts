import {
  bulkBurnComputeUnits,
  netOfServiceFee,
  priorityFeeFromRecent,
  priorityFeeLamports,
  serviceFee,
} from '../../../src/chain/fees';

describe('serviceFee', () => {
  it('is 1 % rounded down', () => {
    expect(serviceFee(2_039_280)).toBe(20_392);
    expect(serviceFee(99)).toBe(0);
    expect(serviceFee(100)).toBe(1);
    expect(serviceFee(0)).toBe(0);
    expect(serviceFee(26n * 2_039_280n)).toBe(530_212n);
    expect(netOfServiceFee(2_039_280)).toBe(2_018_888);
  });
  it('refuses non-integers', () => {
    expect(() => serviceFee(1.5)).toThrow(RangeError);
  });
});

describe('priorityFeeFromRecent', () => {
  it('defaults to 1 µlamport when nobody paid', () => {
    expect(priorityFeeFromRecent([])).toBe(1);
    expect(priorityFeeFromRecent([0, 0, 0])).toBe(1);
  });
  it('takes the 75th percentile of every slot, zeros included', () => {
    expect(priorityFeeFromRecent([0, 0, 10, 20, 30, 40])).toBe(30);
    expect(
      priorityFeeFromRecent([
        { prioritizationFee: 5, slot: 1 },
        { prioritizationFee: 7, slot: 2 },
      ]),
    ).toBe(7);
    // Where most slots were priced, the market shows.
    expect(priorityFeeFromRecent([0, 900, 1000, 1100])).toBe(1000);
  });
  it('one priced transaction among 150 idle slots does not set the price', () => {
    const oneBusySlot = [...Array<number>(149).fill(0), 3_054_800];
    expect(priorityFeeFromRecent(oneBusySlot)).toBe(1);
    // With the non-zero samples alone (the old rule) it set it: 3,054,800 capped at 100,000 µlamports.
    expect(priorityFeeFromRecent(oneBusySlot.filter((v) => v > 0))).toBe(100_000);
  });
  it('is capped', () => {
    expect(priorityFeeFromRecent([10_000_000, 20_000_000], 100_000)).toBe(100_000);
  });
});

describe('compute units and priority fee', () => {
  it('bulk token burn uses 200000 × min(5, count)', () => {
    expect(bulkBurnComputeUnits(1)).toBe(200_000);
    expect(bulkBurnComputeUnits(5)).toBe(1_000_000);
    expect(bulkBurnComputeUnits(8)).toBe(1_000_000);
  });
  it('priority fee is ceil(units × price / 10^6)', () => {
    expect(priorityFeeLamports(200_000, 1)).toBe(1);
    expect(priorityFeeLamports(200_000, 100_000)).toBe(20_000);
  });
});
