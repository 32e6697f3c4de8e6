import type { ColProps } from 'antd';

/** Labels above the fields on phones, an 80 px label column from the sm breakpoint up. */
export const LABEL_COL: ColProps = { xs: { span: 24 }, sm: { flex: '80px' } };
export const WRAPPER_COL: ColProps = { xs: { span: 24 }, sm: { flex: 'auto' } };
