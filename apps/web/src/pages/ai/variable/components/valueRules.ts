import { variablePatternError, variableValueProblem, type VariableOption, type VariableType, type VariableValueRule } from '@acs/shared';

/** How a boolean variable's value is stored; the select shows 是/否. */
export const BOOLEAN_OPTIONS: VariableOption[] = [
  { label: '是', value: 'true' },
  { label: '否', value: 'false' },
];

export interface ValueShape extends VariableValueRule {
  varType: VariableType;
}

/** The compile error of a validation pattern, or null (an empty pattern checks nothing). */
export const patternError = variablePatternError;

/** The server's value check (@acs/shared) as an antd form rule, so the form refuses what the server would. */
export function valueRule(v: ValueShape) {
  return {
    validator: (_rule: unknown, value: string) => {
      const error = variableValueProblem(v, value);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };
}
