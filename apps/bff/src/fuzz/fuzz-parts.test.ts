import { describe, expect, it } from 'vitest';
import { FUZZ_PARTS, procedures, proceduresOfPart } from './fuzz-kit';

describe('the fuzz parts', () => {
  it('walk every procedure once between them', () => {
    const walked = Array.from({ length: FUZZ_PARTS }, (_, n) => proceduresOfPart(n + 1).map((p) => p.path)).flat();
    expect(walked.sort()).toEqual(procedures.map((p) => p.path).sort());
    expect(new Set(walked).size).toBe(walked.length);
    // 216 procedures when the walk was split; a part never runs empty.
    expect(procedures.length).toBeGreaterThan(200);
  });
});
