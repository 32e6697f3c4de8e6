import { describe, expect, it } from 'vitest';
import { checkInvokeTarget, formatInvokeTarget, InvokeTargetReason, JOB_TARGETS, jobTarget, parseInvokeTarget } from './job';

describe('job invoke targets', () => {
  it('parses RuoYi argument literals', () => {
    expect(parseInvokeTarget("ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)")).toEqual({
      name: 'ryTask.ryMultipleParams',
      args: [
        { type: 'String', value: 'ry' },
        { type: 'Boolean', value: true },
        { type: 'Long', value: 2000 },
        { type: 'Double', value: 316.5 },
        { type: 'Integer', value: 100 },
      ],
    });
    expect(parseInvokeTarget('ryTask.ryNoParams')).toEqual({ name: 'ryTask.ryNoParams', args: [] });
    expect(parseInvokeTarget('ryTask.ryNoParams()')).toEqual({ name: 'ryTask.ryNoParams', args: [] });
    expect(parseInvokeTarget(`ryTask.ryParams("a, 'b'")`)?.args).toEqual([{ type: 'String', value: "a, 'b'" }]);
    expect(parseInvokeTarget('ryTask.ryParams(FALSE)')?.args).toEqual([{ type: 'Boolean', value: false }]);
    for (const bad of ["ryTask.ryParams('open)", 'ryTask.ryParams(abc)', 'ryTask.ryParams(99999999999)', 'ryTask', 'a.b.c()', 'ryTask.x(1;2)']) {
      expect(parseInvokeTarget(bad), bad).toBeNull();
    }
  });

  it("refuses targets with RuoYi's messages in RuoYi's order", () => {
    expect(checkInvokeTarget('ryTask.ryParams(\'rmi://x\')')).toBe(InvokeTargetReason.RMI);
    expect(checkInvokeTarget("ryTask.ryParams('LDAPS://x http://y')")).toBe(InvokeTargetReason.LDAP);
    expect(checkInvokeTarget("ryTask.ryParams('https://x')")).toBe(InvokeTargetReason.HTTP);
    expect(checkInvokeTarget("ryTask.ryParams('org.apache.x')")).toBe(InvokeTargetReason.VIOLATION);
    expect(checkInvokeTarget('java.net.URL.openStream')).toBe(InvokeTargetReason.VIOLATION);
    expect(checkInvokeTarget('evilTask.run')).toBe(InvokeTargetReason.NOT_WHITELISTED);
    expect(checkInvokeTarget('com.ruoyi.quartz.task.RyTask.ryNoParams')).toBe(InvokeTargetReason.NOT_WHITELISTED);
    expect(checkInvokeTarget('ryTask.ryParams(1)')).toBe(InvokeTargetReason.NOT_WHITELISTED);
    expect(checkInvokeTarget('ryTask.ryParams')).toBe(InvokeTargetReason.NOT_WHITELISTED);
    expect(checkInvokeTarget("ryTask.ryNoParams('x')")).toBe(InvokeTargetReason.NOT_WHITELISTED);
    expect(checkInvokeTarget('logTask.cleanLogs(0)')).toBe(InvokeTargetReason.outOfRange('保留天数', 1, 3650));
  });

  it('accepts the seeded targets and every example', () => {
    for (const target of ['ryTask.ryNoParams', "ryTask.ryParams('ry')", "ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)"]) {
      expect(checkInvokeTarget(target), target).toBeNull();
    }
    for (const t of JOB_TARGETS) {
      expect(checkInvokeTarget(t.example), t.example).toBeNull();
      expect(parseInvokeTarget(t.example)?.args.map((a) => a.value)).toEqual(t.params.map((p) => p.default));
    }
  });

  it('formats values back into a target', () => {
    const multi = jobTarget('ryTask.ryMultipleParams');
    expect(multi?.example).toBe("ryTask.ryMultipleParams('ry', true, 2000L, 316.5D, 100)");
    const params = jobTarget('ryTask.ryParams')?.params ?? [];
    expect(formatInvokeTarget('ryTask.ryParams', params, ["it's"])).toBe(`ryTask.ryParams("it's")`);
    expect(formatInvokeTarget('ryTask.ryNoParams', [], [])).toBe('ryTask.ryNoParams');
    expect(formatInvokeTarget('x.y', [{ name: 'd', label: 'd', type: 'Double', default: 2 }], [])).toBe('x.y(2.0D)');
  });
});
