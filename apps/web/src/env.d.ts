interface ImportMetaEnv {
  /** API prefix (default /prod-api). */
  readonly VITE_API_BASE?: string;
  /** 'true' shows the 立即注册 link on the login page. */
  readonly VITE_REGISTER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
