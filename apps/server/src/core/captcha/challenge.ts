import { randomInt } from 'node:crypto';

export interface Challenge {
  /** What the image shows, e.g. `7×3=?`. */
  text: string;
  answer: string;
}

const MAX_OPERAND = 10;

/** Arithmetic question with operands 0–10: exact division, no negative results. */
export function createChallenge(pick: (maxExclusive: number) => number = randomInt): Challenge {
  const operand = () => pick(MAX_OPERAND + 1);
  const op = pick(4);
  if (op === 0) {
    const a = operand();
    const b = operand();
    return { text: `${a}+${b}=?`, answer: String(a + b) };
  }
  if (op === 1) {
    const a = operand();
    const b = pick(a + 1);
    return { text: `${a}−${b}=?`, answer: String(a - b) };
  }
  if (op === 2) {
    const a = operand();
    const b = operand();
    return { text: `${a}×${b}=?`, answer: String(a * b) };
  }
  const divisor = 1 + pick(MAX_OPERAND);
  const quotient = pick(Math.floor(MAX_OPERAND / divisor) + 1);
  return { text: `${divisor * quotient}÷${divisor}=?`, answer: String(quotient) };
}
