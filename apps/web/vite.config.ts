import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';
const RC_COMPONENT = /[\\/]node_modules[\\/]@rc-component[\\/]/;

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // antd's @rc-component packages declare no "sideEffects", so every module their index files
        // re-export stays in the bundle even when unused (all of rc-form reached the shell through antd's
        // form context). None of them runs code on import that another module relies on (they have no
        // side-effect-only imports); other packages keep what their package.json says.
        moduleSideEffects: [{ test: RC_COMPONENT, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/prod-api': { target: apiTarget, changeOrigin: true } },
  },
});
