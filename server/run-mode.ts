/**
 * Which build of React the server renders with. React picks its development
 * or production build from NODE_ENV when it is first loaded; the development
 * build halves throughput (issue 16), so the server looks at the modules
 * actually loaded and says at start which one renders, rather than trusting
 * the variable alone.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export type ReactBuild = 'production' | 'development' | 'not loaded';

/** From the CommonJS module cache, which also holds React when loaded through `import`. */
export function loadedReactBuild(loaded: readonly string[] = Object.keys(require.cache)): ReactBuild {
  const server = loaded.filter((file) => /react-dom-server\.node\.(development|production)\.js$/.test(file));
  if (server.some((file) => file.endsWith('.development.js'))) return 'development';
  return server.length > 0 ? 'production' : 'not loaded';
}

/** The start-up line: the mode, and a warning when React's build does not match it. */
export function modeLine(nodeEnv: string | undefined, react: ReactBuild): string {
  const mode = nodeEnv === 'production' ? 'production' : `development (NODE_ENV=${nodeEnv ?? 'unset'})`;
  const line = `Mode: ${mode}; React renders with its ${react === 'not loaded' ? 'build not loaded yet' : `${react} build`}`;
  if (nodeEnv === 'production' && react === 'development') {
    return `${line}. Warning: React was loaded before NODE_ENV was set, so pages render slowly`;
  }
  return line;
}
