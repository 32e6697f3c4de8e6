import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, not '@acs/shared': the config runs in Node, which cannot load the package's TypeScript source.
import { isPublicPagePath, PUBLIC_ENTRY_HTML } from '../../packages/shared/src/public-pages';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';
const RC_COMPONENT = /[\\/]node_modules[\\/]@rc-component[\\/]/;
const html = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/** The dev server answers the public pages with their light entry, as the production server does (infra/spa.ts). */
function publicPages(): Plugin {
  return {
    name: 'acs-public-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query = ''] = (req.url ?? '').split('?');
        if (isPublicPagePath(pathname)) req.url = `/${PUBLIC_ENTRY_HTML}${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), publicPages()],
  build: {
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The console and the public pages (/chat …) are separate entries: a customer's phone never loads the console.
      input: { main: html('index.html'), public: html(PUBLIC_ENTRY_HTML) },
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
