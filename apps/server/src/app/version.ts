declare const __SHAREBIN_VERSION__: string | undefined;

/** Set by the build from package.json; `dev` when run from source. */
export const VERSION: string =
  typeof __SHAREBIN_VERSION__ === 'string' ? __SHAREBIN_VERSION__ : 'dev';
