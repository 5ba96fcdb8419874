/** Store information and home-page sections (SPEC §7 Catalogue), parsed at the seam. */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { ApiClient } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';

export interface CallOptions {
  signal?: AbortSignal;
}

const text = z.string().nullish();

/** A category as the UI calls it (the API's sub-category). */
export const categorySchema = z.object({ id: z.number().int(), name: z.string(), image: text });
export type Category = z.output<typeof categorySchema>;

const storeInfoFields = z.object({
  store_name: text,
  /** URL, or "" when the store has no logo. */
  logo: text,
  email: text,
  phone: text,
  address: text,
  meta_title: text,
  meta_description: text,
  fontFamily: text,
  backgroundColor: text,
  buttonBackgroundColor: text,
  topHeaderBackgroundColor: text,
  headerBackgroundColor: text,
  footerBackgroundColor: text,
  bottomFooterBackgroundColor: text,
  /** Default 'slider' (SPEC §3). */
  bannerType: text,
  /** Default 'swiper' (SPEC §3). */
  categoryLayout: text,
});
export type StoreInfo = z.output<typeof storeInfoFields>;

/** `POST /store-info` is not wrapped in `data`: the store's settings and its categories. */
const storeInfoAnswer = z
  .object({ success: z.literal(true), storeinfo: storeInfoFields, sub_category_list: z.array(categorySchema) })
  .transform(({ storeinfo, sub_category_list }) => ({ storeinfo, sub_category_list }));
export type StoreFront = z.output<typeof storeInfoAnswer>;

const heroSchema = z.object({
  section: z.literal('hero'),
  hero_type: z.enum(['slider', 'image', 'video']),
  slider_files: z.array(z.string()).optional(),
  image_url: text,
  video_url: text,
  title: text,
  /** HTML, sanitised by the API; sanitised again before rendering. */
  content: text,
});
const secondarySchema = z.object({ section: z.literal('secondary'), image_url: text, title: text, content: text });
const homeSectionSchema = z.discriminatedUnion('section', [heroSchema, secondarySchema]);
export type HeroSection = z.output<typeof heroSchema>;
export type SecondarySection = z.output<typeof secondarySchema>;
export type HomeSection = z.output<typeof homeSectionSchema>;

const homeSectionsAnswer = z
  .object({ success: z.literal(true), data: z.array(homeSectionSchema) })
  .transform((body) => body.data);

/** `POST /store-info` (no body). */
export function getStoreInfo(api: ApiClient, options: CallOptions = {}): Promise<Outcome<StoreFront>> {
  return parsedCall(api, 'POST', '/store-info', storeInfoAnswer, { signal: options.signal, fallback: MESSAGES.store.storeInfoFailed });
}

/** `GET /home-page-sections`: the sections in order. */
export function getHomeSections(api: ApiClient, options: CallOptions = {}): Promise<Outcome<HomeSection[]>> {
  return parsedCall(api, 'GET', '/home-page-sections', homeSectionsAnswer, {
    signal: options.signal,
    fallback: MESSAGES.catalogue.homeSectionsFailed,
  });
}

/** The value of a successful outcome, else undefined. */
export function valueOf<T>(outcome: Outcome<T> | undefined): T | undefined {
  return outcome?.ok ? outcome.value : undefined;
}

/** The answer shapes, for the API tests that check the contract from the server's side. */
export const STORE_ANSWERS = { storeInfo: storeInfoAnswer, homeSections: homeSectionsAnswer };
