export { default as PreviewAlert } from './PreviewAlert';
export { useVariableText, type VariablePreview } from './useVariableText';
