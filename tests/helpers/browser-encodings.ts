/** The Accept-Encoding Chromium sends (Firefox sends the same codings): what benchmarks and tests ask for as a browser does. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
