/**
 * The demo store's artwork as SVG text: product pictures (a shape per
 * category in the product's colour), category tiles, hero banners and the
 * logo. demo-images.ts rasterises them; nothing here touches the disk.
 */
import { PRODUCT_IMAGE_RATIO, type Shape } from './demo-catalog.ts';

const FONT = "'Instrument Sans', 'DejaVu Sans', Arial, sans-serif";
const stroke = (d: string) => `stroke="${d}" stroke-width="1.2" stroke-linejoin="round"`;
const SHOE = 'M10 62 Q10 50 20 50 L40 48 L52 36 L62 38 Q70 52 86 56 Q94 58 94 66 L94 70 L10 70 Z';

const SHAPES: Record<Shape, (c: string, d: string) => string> = {
  tshirt: (c, d) => `<path d="M32 16 L42 12 Q50 20 58 12 L68 16 L88 32 L79 44 L70 38 L70 88 L30 88 L30 38 L21 44 L12 32 Z" fill="${c}" ${stroke(d)}/>`,
  shirt: (c, d) =>
    `<path d="M33 14 L43 10 L50 18 L57 10 L67 14 L84 30 L90 70 L80 72 L72 40 L71 90 L29 90 L28 40 L20 72 L10 70 L16 30 Z" fill="${c}" ${stroke(d)}/>` +
    `<path d="M43 10 L50 22 L57 10 M50 22 L50 90" fill="none" ${stroke(d)}/>`,
  kurta: (c, d) =>
    `<path d="M36 8 L44 6 Q50 13 56 6 L64 8 L82 28 L76 60 L69 58 L68 36 L72 94 L28 94 L32 36 L31 58 L24 60 L18 28 Z" fill="${c}" ${stroke(d)}/>` +
    `<path d="M50 12 L50 40 M28 88 L72 88" fill="none" stroke="#D4AF37" stroke-width="2"/>`,
  jeans: (c, d) => `<path d="M30 8 L70 8 L75 92 L55 92 L50 36 L45 92 L25 92 Z" fill="${c}" ${stroke(d)}/><path d="M30 16 L70 16" ${stroke(d)}/>`,
  saree: (c, d) =>
    `<rect x="18" y="26" width="64" height="60" fill="${c}" ${stroke(d)}/><path d="M18 26 L52 26 L18 60 Z" fill="${d}" opacity="0.45"/>` +
    `<rect x="18" y="78" width="64" height="8" fill="#D4AF37"/><rect x="18" y="26" width="64" height="4" fill="#D4AF37"/>`,
  watch: (c, d) =>
    `<rect x="42" y="6" width="16" height="88" rx="4" fill="${d}"/><circle cx="50" cy="50" r="22" fill="#D9D9D9" ${stroke(d)}/>` +
    `<circle cx="50" cy="50" r="18" fill="${c}"/><path d="M50 50 L50 37 M50 50 L60 54" stroke="#FFFFFF" stroke-width="2" stroke-linecap="round"/>`,
  handbag: (c, d) =>
    `<path d="M34 42 Q34 18 50 18 Q66 18 66 42" fill="none" stroke="${d}" stroke-width="4"/>` +
    `<path d="M20 42 L80 42 L86 88 L14 88 Z" fill="${c}" ${stroke(d)}/><path d="M20 42 L80 42 L74 58 L26 58 Z" fill="${d}" opacity="0.35"/>`,
  shoe: (c, d) => `<path d="${SHOE}" fill="${c}" ${stroke(d)}/><rect x="8" y="70" width="88" height="6" rx="2" fill="${d}"/>`,
  sneaker: (c, d) =>
    `<path d="${SHOE}" fill="${c}" ${stroke(d)}/><rect x="8" y="68" width="88" height="9" rx="4" fill="#F5F5F5" ${stroke(d)}/>` +
    `<path d="M44 46 L50 52 M49 42 L55 48 M54 39 L60 45" stroke="#FFFFFF" stroke-width="2"/>`,
  wallet: (c, d) =>
    `<rect x="16" y="30" width="68" height="44" rx="5" fill="${c}" ${stroke(d)}/><path d="M16 35 Q16 30 21 30 L79 30 Q84 30 84 35 L84 48 L16 48 Z" fill="${d}" opacity="0.3"/>` +
    `<circle cx="72" cy="48" r="3" fill="${d}"/>`,
  cap: (c, d) =>
    `<path d="M20 62 Q20 28 52 28 Q80 28 80 62 Z" fill="${c}" ${stroke(d)}/><path d="M48 62 L94 62 Q96 70 84 72 L48 70 Z" fill="${d}"/>` +
    `<circle cx="51" cy="28" r="3" fill="${d}"/>`,
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A darker shade of a #RRGGBB colour, for outlines. */
function darker(hex: string, by = 0.45): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * (1 - by)).toString(16).padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const textLines = (lines: string[], x: number, y: number, size: number, fill: string, anchor = 'middle') =>
  lines
    .map((line, i) => `<text x="${x}" y="${y + i * size * 1.25}" font-family="${FONT}" font-size="${size}" font-weight="600" fill="${fill}" text-anchor="${anchor}">${escapeXml(line)}</text>`)
    .join('');

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** view 1: the whole item; 2: turned and smaller on a deeper tint; 3: a close-up. */
export function productSvg(p: { shape: Shape; tint: string; colour: string; name: string; view: number }, width: number): string {
  const height = Math.round(width * PRODUCT_IMAGE_RATIO);
  const scale = (width / 100) * (p.view === 1 ? 0.72 : p.view === 2 ? 0.58 : 1.15);
  const cx = width / 2 + (p.view === 3 ? width * 0.12 : 0);
  const cy = height * 0.42 + (p.view === 3 ? height * 0.06 : 0);
  const turn = p.view === 2 ? -10 : 0;
  const item = `<g transform="translate(${cx} ${cy}) rotate(${turn}) scale(${scale}) translate(-50 -50)">${SHAPES[p.shape](p.colour, darker(p.colour))}</g>`;
  const band = height * 0.82;
  return svg(
    width,
    height,
    `<rect width="100%" height="100%" fill="${p.tint}"/>` +
      (p.view === 2 ? `<rect width="100%" height="100%" fill="${p.colour}" opacity="0.12"/>` : '') +
      `<circle cx="${width / 2}" cy="${height * 0.42}" r="${width * 0.36}" fill="#FFFFFF" opacity="0.55"/>${item}` +
      `<rect y="${band}" width="100%" height="${height - band}" fill="#FFFFFF" opacity="0.9"/>` +
      textLines(wrap(p.name, 26), width / 2, band + width * 0.075, Math.round(width * 0.05), '#222222'),
  );
}

export function tileSvg(tile: { name: string; shapes: Shape[]; tint: string }, size: number): string {
  const step = size / (tile.shapes.length + 1);
  const scale = (size / 100) * (tile.shapes.length === 1 ? 0.62 : 0.3);
  const items = tile.shapes
    .map((shape, i) => `<g transform="translate(${step * (i + 1)} ${size * 0.42}) scale(${scale}) translate(-50 -50)">${SHAPES[shape]('#7A1F3D', '#3D0F1E')}</g>`)
    .join('');
  return svg(size, size, `<rect width="100%" height="100%" fill="${tile.tint}"/>${items}` + textLines([tile.name], size / 2, size * 0.9, size * 0.085, '#222222'));
}

const BANNERS = [
  { title: 'The Festive Edit', line: 'Kurtas and sarees for every celebration', from: '#5C1730', to: '#B2502B', shapes: ['kurta', 'saree', 'handbag'] },
  { title: 'Sneaker Season', line: 'Fresh pairs for city streets', from: '#1E2A4F', to: '#1F7A78', shapes: ['sneaker', 'cap', 'tshirt'] },
  { title: 'Time, Well Kept', line: 'Watches and wallets for gifting', from: '#2B1A22', to: '#6B7233', shapes: ['watch', 'wallet', 'shoe'] },
  { title: 'Made by Indian Makers', line: 'Weavers, cobblers and artisans', from: '#7A4A12', to: '#D1A02A', shapes: ['saree', 'shirt', 'jeans'] },
] as const;

export function bannerSvg(variant: number, width: number, height: number): string {
  const b = BANNERS[variant % BANNERS.length]!;
  const scale = (height / 100) * 0.5;
  const items = b.shapes
    .map((shape, i) => `<g transform="translate(${width * (0.6 + i * 0.13)} ${height * (i % 2 ? 0.58 : 0.45)}) scale(${scale}) translate(-50 -50)">${SHAPES[shape]('#FFF3E8', '#2B1A22')}</g>`)
    .join('');
  return svg(
    width,
    height,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/>${items}` +
      textLines([b.title], width * 0.07, height * 0.45, Math.round(height * 0.13), '#FFFFFF', 'start') +
      textLines([b.line], width * 0.07, height * 0.6, Math.round(height * 0.055), '#FFF3E8', 'start'),
  );
}

export function logoSvg(storeName: string): string {
  const initial = escapeXml(storeName.trim().charAt(0).toUpperCase() || 'S');
  // textLength fits the name to a known width whatever font the browser picks.
  const textWidth = Math.ceil(storeName.length * 13);
  const width = 52 + textWidth + 4;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="48" viewBox="0 0 ${width} 48" role="img" aria-label="${escapeXml(storeName)}">` +
    `<circle cx="24" cy="24" r="20" fill="#7A1F3D"/><circle cx="24" cy="24" r="15" fill="none" stroke="#D4AF37" stroke-width="2"/>` +
    `<text x="24" y="31" font-family="${FONT}" font-size="20" font-weight="700" fill="#FFFFFF" text-anchor="middle">${initial}</text>` +
    `<text x="52" y="32" font-family="${FONT}" font-size="22" font-weight="700" fill="#2B1A22" textLength="${textWidth}" lengthAdjust="spacingAndGlyphs">${escapeXml(storeName)}</text></svg>\n`
  );
}
