// The race suite's oracle: the plan's ops commute, and the expected body is exactly the initial
// body with the landed ops applied, whatever their order and line endings.
import { describe, expect, it } from 'vitest';
import { apiOps, applyRaceOp, contestOf, expectedBody, hasLanded, OPS_PER_WRITER, raceBody, tabOps, type RaceOp } from '../../e2e/race/plan';
import { formatTally, tallyWriters, type OpRecord } from '../../e2e/race/tally';

const all = (): RaceOp[] => {
  const tabs = [...tabOps('alpha'), ...tabOps('beta')];
  return [...tabs, ...apiOps(), ...tabs.filter((op) => op.kind === 'line' && op.contested === true).map(contestOf)];
};

describe('race plan', () => {
  it('gives each writer fifty ops, one contested line per tab', () => {
    const ops = all();
    for (const writer of ['alpha', 'beta', 'api'] as const) expect(ops.filter((op) => op.writer === writer)).toHaveLength(OPS_PER_WRITER);
    expect(tabOps('alpha').filter((op) => op.kind === 'line' && op.contested === true)).toHaveLength(1);
    expect(tabOps('alpha').filter((op) => op.kind === 'tick')).toHaveLength(25);
    expect(tabOps('alpha').filter((op) => op.kind === 'line' && op.via === 'section')).toHaveLength(12);
  });

  it('applies every op in any order to the same body', () => {
    // The contested tab ops are left out: their lines are taken over by the independent writer.
    const ops = all().filter((op) => !(op.kind === 'line' && op.contested === true));
    const forward = expectedBody(raceBody(), ops);
    const backward = expectedBody(raceBody(), [...ops].reverse());
    expect(backward).toBe(forward);
    for (const op of ops) expect(hasLanded(forward, op)).toBe(true);
    expect(forward).not.toContain(': open');
    expect(forward).not.toContain('- [ ]');
  });

  it('changes only the op’s line', () => {
    const body = raceBody();
    const op = tabOps('beta')[0] as RaceOp;
    const after = applyRaceOp(body, op);
    const changed = body.split('\n').filter((line, i) => after.split('\n')[i] !== line);
    expect(changed).toEqual(['- [ ] beta box 01']);
  });

  it('keeps CRLF line breaks and still finds the lines', () => {
    const crlf = raceBody().replace(/\n/g, '\r\n');
    const op = apiOps()[3] as RaceOp;
    const after = applyRaceOp(crlf, op);
    expect(after).toBe(crlf.replace('api note 04: open\r\n', 'api note 04: done\r\n'));
    expect(hasLanded(after, op)).toBe(true);
    expect(hasLanded(crlf, op)).toBe(false);
  });

  it('refuses an op whose line is gone, rather than guessing', () => {
    const op = tabOps('alpha')[1] as RaceOp;
    const done = applyRaceOp(raceBody(), op);
    expect(() => applyRaceOp(done, op)).toThrow(/not in the body exactly once/);
  });
});

describe('race tally', () => {
  it('counts saved ops missing from the final body as lost, and refused ones apart', () => {
    const [tick, line] = tabOps('alpha') as [RaceOp, RaceOp];
    const records: OpRecord[] = [
      { op: tick, outcome: 'saved', message: '' },
      { op: line, outcome: 'refused', message: 'Not saved', stuckBox: false },
      { op: tabOps('alpha')[2] as RaceOp, outcome: 'swallowed', message: 'no request was sent' },
    ];
    const [alpha] = tallyWriters(records, raceBody());
    expect(alpha).toMatchObject({ writer: 'alpha', ops: 3, saved: 1, refused: 1, swallowed: 1, landed: 0, savedButLost: 1, silentlyLost: 2 });
    const landedBody = applyRaceOp(raceBody(), tick);
    expect(tallyWriters(records, landedBody)[0]).toMatchObject({ landed: 1, savedButLost: 0, silentlyLost: 1 });
    expect(formatTally('t', tallyWriters(records, raceBody()))).toMatch(/^t\nwriter +ops +saved/);
  });
});
