/** Process configuration, read once from the environment (README: Configuration). */
export interface ApiConfig {
  databaseUrl: string | undefined;
  apiKey: string;
  /** Origin used to build links in mail (never taken from the Host header). */
  siteOrigin: string;
  /** Folder for generated media (demo images); served at /media. */
  mediaDir: string;
  /** Seed the demo store when the database has no store settings yet. */
  seedDemo: boolean;
}

export const DEFAULT_STORE_API_KEY = 'demo-store-key';
export const DEFAULT_PORT = 4321;

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const port = Number(env.PORT) || DEFAULT_PORT;
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    apiKey: env.STORE_API_KEY || DEFAULT_STORE_API_KEY,
    siteOrigin: (env.SITE_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, ''),
    mediaDir: env.MEDIA_DIR || './data/media',
    seedDemo: env.SEED_DEMO !== '0',
  };
}
