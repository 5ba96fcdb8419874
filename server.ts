/**
 * The process entry (docs/decisions/001-one-process-server.md): one HTTP server
 * that serves static files, the store API under /api (or forwards /api to
 * STORE_API_URL) and the Astro storefront, with compression and security
 * headers on every response. Server rendering reaches the in-process API
 * through `locals.callApi`, never an HTTP round trip: a message to the API's
 * own thread where there is a second core (decision 056), else a function call;
 * either way a plain call and answer, no Request or Response (decision 060).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import { CLIENT_ADDRESS_HEADER } from './api/auth/client-ip.ts';
import { DEFAULT_PORT, readApiConfig } from './api/config.ts';
import { readCatalogueVersion } from './api/db/catalogue-version.repository.ts';
import { answerCall } from './server/api-call.ts';
import { createApiProxy } from './server/api-proxy.ts';
import { cacheSharedReads } from './server/api-read-cache.ts';
import { apiThreadWanted, startApiThread, type ApiThread } from './server/api-thread.ts';
import { sharedVersionReader } from './server/catalogue-version.ts';
import { toFetchRequest, writeFetchResponse } from './server/node-fetch.ts';
import { createPageCache } from './server/page-cache.ts';
import { finishPages } from './server/page-finish.ts';
import { createPrerenderedPages } from './server/prerendered-pages.ts';
import { createRenderQueue } from './server/render-queue.ts';
import { admitRequest, isApiPath } from './server/request-gate.ts';
import { setSecurityHeaders } from './server/security-headers.ts';
import { loadedReactBuild, modeLine } from './server/run-mode.ts';
import { checkStartUp } from './server/start-up-checks.ts';
import { createStaticHandler } from './server/static-files.ts';
import { createMediaHandler } from './server/media-files.ts';
import { databaseMediaStore } from './api/media/media.repository.ts';
import { switchedOff } from './server/env-switch.ts';
import { answerCompression, keepRepeatedRun } from './server/answer-compression.ts';
import { startStoreApi, type StoreApi } from './server/store-api.ts';
import { finishPage } from './src/lib/page-finish.server.ts';
import type { CallApi } from './src/lib/api/in-process-call.server.ts';
import type { PageParts } from './src/lib/page-parts.ts';
import type { PrerenderedPage } from './src/lib/prerendered-page.ts';
import { PRERENDERED_PAGE_ROUTE, ROUTES } from './src/lib/routes.ts';
import { keepConnectionsAlive } from './server/connection-timeouts.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;
/** What server.ts hands a page render (src/env.d.ts App.Locals has the rest, set by src/middleware.ts). */
interface PageLocals {
  callApi?: CallApi;
  pageParts: PageParts;
  prerenderedPage?: PrerenderedPage & { path: string };
}

const log = (line: string) => console.log(`[storefront] ${line}`);
// This is the production server (`astro dev` is for development): React must
// load its production build, which it picks from NODE_ENV when first loaded,
// before the built storefront is imported below. NODE_ENV=development opts out.
process.env.NODE_ENV ||= 'production';
const port = Number(process.env.PORT) || DEFAULT_PORT;
const host = process.env.HOST || '127.0.0.1';
const apiUrl = process.env.STORE_API_URL?.trim();
const config = readApiConfig();
const https = config.siteOrigin.startsWith('https://');
// A CDN for images (MEDIA_BASE_URL on another origin) joins img-src and media-src.
const mediaOrigin = new URL(config.mediaBaseUrl).origin;
const foreignMediaOrigin = mediaOrigin === new URL(config.siteOrigin).origin ? undefined : mediaOrigin;
// Settings that would make a public store unsafe stop it here, before anything opens.
const startUp = checkStartUp(process.env, config);
if (startUp.refusal) {
  console.error(`[storefront] ${startUp.refusal}`);
  process.exit(1);
}
for (const warning of startUp.warnings) console.warn(`[storefront] Warning: ${warning}`);
// Only makes request URLs absolute; the API never sees the Host header as an origin.
const internalOrigin = `http://localhost:${port}`;

const distDir = resolve(process.env.ASTRO_OUT_DIR || fileURLToPath(new URL('./dist', import.meta.url)));
const entry = join(distDir, 'server/entry.mjs');
if (!existsSync(entry)) {
  console.error('The storefront is not built yet: run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}
const { handler: astroHandler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
log(modeLine(process.env.NODE_ENV, loadedReactBuild()));

let storeApi: StoreApi | undefined;
let handleApi: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
let callApi: CallApi | undefined;
let apiThread: ApiThread | undefined;
// Moves with every catalogue change (decision 023); never in proxy mode, where no database is ours.
let currentVersion = sharedVersionReader(undefined);
if (apiUrl) {
  handleApi = createApiProxy(apiUrl);
  log(`Proxy mode: /api/* goes to ${apiUrl}`);
} else {
  storeApi = await startStoreApi(config, log);
  const app = storeApi.app;
  const db = storeApi.store.db;
  currentVersion = sharedVersionReader(() => readCatalogueVersion(db));
  const inProcess: CallApi = (call) => answerCall(app.fetch, call);
  // Page renders' calls on a thread of their own (decision 056); outside callers keep this thread's API.
  if (apiThreadWanted(process.env, availableParallelism(), config.databaseUrl)) {
    apiThread = startApiThread({ config, fallback: inProcess, log });
  }
  callApi = cacheSharedReads(apiThread?.call ?? inProcess, currentVersion);
  handleApi = async (req, res) => {
    // Only the server says where a call came from (per-IP rate limits): a client's own value is dropped.
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
    await writeFetchResponse(await app.fetch(toFetchRequest(req, internalOrigin)), res);
  };
  log(`Store API on ${storeApi.store.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${apiThread ? ', page renders call it on a thread of its own (API_THREAD)' : ''}`);
}

const serveStatic = createStaticHandler([
  {
    prefix: '/_astro/',
    dir: join(distDir, 'client/_astro'),
    cacheControl: () => 'public, max-age=31536000, immutable', // content-hashed names
    fixed: true,
  },
  {
    prefix: '/',
    dir: join(distDir, 'client'),
    cacheControl: () => 'public, max-age=3600',
    fixed: true,
  },
]);
// MEDIA_DIR, then the database (imported images, decision 066); the folder alone in proxy mode.
const serveMedia = createMediaHandler({ dir: config.mediaDir, store: storeApi && databaseMediaStore(storeApi.store.db) });
const prerenderedPages = createPrerenderedPages(join(distDir, 'client'));
if (prerenderedPages.paths.length > 0) log(`Prerendered pages: ${prerenderedPages.paths.join(', ')}`);
const COMPRESS_THRESHOLD_BYTES = 1024;
// 32 served 5-12 % more pages than 8 or 16 at less CPU each, 64 no more with a longer tail (decision 064).
const DEFAULT_RENDER_CONCURRENCY = 32;
const compress = compression({ threshold: COMPRESS_THRESHOLD_BYTES });
// Inside `compression`: pages and API answers are compressed whole, zstd first (decision 037).
const compressAnswer = answerCompression({ threshold: COMPRESS_THRESHOLD_BYTES });
// Catalogue pages kept in the process (decision 023); PAGE_CACHE=off renders every request.
const pageCacheOn = !switchedOff(process.env.PAGE_CACHE);
const pageCache = createPageCache({
  enabled: pageCacheOn,
  currentVersion,
});
// Renders in flight at once; the rest wait their turn in order (decision 041).
const renderConcurrency = Number.parseInt(process.env.RENDER_CONCURRENCY ?? '', 10);
const renderQueue = createRenderQueue(renderConcurrency >= 1 ? renderConcurrency : DEFAULT_RENDER_CONCURRENCY);
log(`Page cache: ${!pageCacheOn ? 'off (PAGE_CACHE)' : storeApi ? 'on, dropped on every catalogue change' : 'on, by age alone (no local database to watch)'}`);

const server = createServer((req, res) => {
  setSecurityHeaders(res, { https, mediaOrigin: foreignMediaOrigin });
  compress(req as never, res as never, () =>
    compressAnswer(req, res, () => {
      route(req, res).catch((error: unknown) => {
        console.error('Request failed:', error);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end('Something went wrong');
        } else res.destroy();
      });
    }),
  );
});

keepConnectionsAlive(server);

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Methods and body size, on every route; the body is read here, within the cap (server/request-gate.ts).
  if (!(await admitRequest(req, res))) return;
  const path = req.url ?? '/';
  if (isApiPath(path)) return handleApi(req, res);
  if (path.startsWith('/media/') && (await serveMedia(req, res))) return;
  if (await serveStatic(req, res)) return;
  // Before the prerendered route rewrites req.url: the shopper's address is the key.
  if (await pageCache.handle(req, res)) return;
  // Astro uses the object as this request's locals: a fresh one each time, or
  // one shopper's per-request state (the API client, later a token) would leak to another.
  // What the layout leaves for the page's bytes (decision 046).
  const pageParts: PageParts = {};
  const locals: PageLocals = callApi ? { callApi, pageParts } : { pageParts };
  const prerendered = prerenderedPages.find(req);
  if (prerendered) {
    // Built without the store: the storefront puts its content in the live layout (decision 013).
    locals.prerenderedPage = prerendered;
    req.url = PRERENDERED_PAGE_ROUTE;
  }
  await renderQueue.run(
    () => {
      // On the page's bytes (decision 043): the stylesheet goes into its slot (decision 046), page scripts
      // become placeholders started after the first paint (decision 039).
      finishPages(res, (html) => {
        // Every page repeats the stylesheet: in zstd it goes out as a frame compressed once (decision 061).
        if (pageParts.stylesheet) keepRepeatedRun(pageParts.stylesheet);
        return finishPage(html, pageParts);
      });
      return astroHandler(req, res, () => notFound(req, res), locals);
    },
    // The request itself reads as destroyed once its body has been read (the gate reads every body): ask the connection.
    () => req.socket.destroyed,
  );
}

/**
 * What Astro leaves to us: an address only a prerendered route claims but no
 * built page answers (/faq/index.html). Like any unknown path, a page request
 * goes to /404 (SPEC §2).
 */
function notFound(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.writeHead(302, { Location: ROUTES.notFound404, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  res.statusCode = 404;
  res.end('Not found');
}

// A bug in one request must not take the store down (SECURITY.md 25).
process.on('uncaughtException', (error) => console.error('Uncaught exception:', error));
process.on('unhandledRejection', (reason) => console.error('Unhandled rejection:', reason));

const shownHost = ['0.0.0.0', '127.0.0.1', '::', '::1'].includes(host) ? 'localhost' : host;
server.listen(port, host, () => log(`Listening on http://${shownHost}:${port}`));

function shutdown(signal: string) {
  log(`${signal}: closing`);
  server.closeIdleConnections();
  server.close(() => {
    const closing = storeApi
      ? Promise.all([storeApi.mailQueue.stop(), storeApi.paymentJobs.stop(), storeApi.refundQueue.stop(), apiThread?.stop()]).then(() => storeApi!.store.close())
      : Promise.resolve();
    void closing.finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
