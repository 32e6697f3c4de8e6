import { z } from 'zod';

/**
 * @NotBlank + @Size(max) of the contract §4: missing, null, empty and whitespace-only values all get
 * the "不能为空" message; the value is kept as sent.
 */
export const requiredText = (blank: string, max: number, tooLong: string) =>
  z.string({ error: blank }).refine((v) => v.trim().length > 0, blank).max(max, tooLong);

/** An optional text column with a length limit (null clears it). */
export const optionalText = (max: number, tooLong: string) => z.string().max(max, tooLong).nullish();

/** @NotNull on a number (order columns such as 显示顺序). */
export const requiredNumber = (missing: string) => z.number({ error: missing }).int(missing);

/** Status columns: '0' normal, '1' disabled. */
export const statusFlag = z.enum(['0', '1'], { error: '状态只能是0或1' });
