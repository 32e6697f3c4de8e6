import { describe, expect, it } from 'vitest';
import { JOB_TARGETS } from '@acs/shared/job';
import { targetSelection } from './invokeTarget';

describe('targetSelection', () => {
  it('recognises a registered target and reads its typed arguments', () => {
    const s = targetSelection("ryTask.ryMultipleParams('x', false, 5L, 1.25D, 7)", JOB_TARGETS);
    expect(s.target?.name).toBe('ryTask.ryMultipleParams');
    expect(s.values).toEqual(['x', false, 5, 1.25, 7]);
  });

  it('keeps the target chosen while its arguments are half typed, with the defaults', () => {
    const s = targetSelection("ryTask.ryParams('r", JOB_TARGETS);
    expect(s.target?.name).toBe('ryTask.ryParams');
    expect(s.values).toEqual(['ry']);
  });

  it('uses the default for an argument of another type', () => {
    expect(targetSelection("logTask.cleanLogs('30')", JOB_TARGETS).values).toEqual([180]);
  });

  it('chooses nothing for text outside the registry', () => {
    expect(targetSelection('ryTask.ryParamsX', JOB_TARGETS)).toEqual({ values: [] });
    expect(targetSelection("java.lang.Runtime.exec('x')", JOB_TARGETS)).toEqual({ values: [] });
    expect(targetSelection('', JOB_TARGETS)).toEqual({ values: [] });
  });
});
