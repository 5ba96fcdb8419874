/** Store information and home-page sections (SPEC §7 Catalogue). */
import { MESSAGES } from '../messages.ts';
import type { ApiClient } from './client.ts';
import type { ApiResult, HomeSection, HomeSectionsResponse, StoreInfoResponse } from './types.ts';

export interface CallOptions {
  signal?: AbortSignal;
}

/** `POST /store-info` (no body). The whole response is what SPEC §3 keeps. */
export function getStoreInfo(api: ApiClient, options: CallOptions = {}): Promise<ApiResult<StoreInfoResponse>> {
  return api.post<StoreInfoResponse>('/store-info', {
    signal: options.signal,
    fallback: MESSAGES.store.storeInfoFailed,
  });
}

/** `GET /home-page-sections`: `data` is the list of sections. */
export function getHomeSections(api: ApiClient, options: CallOptions = {}): Promise<ApiResult<HomeSectionsResponse>> {
  return api.get<HomeSectionsResponse>('/home-page-sections', {
    signal: options.signal,
    fallback: MESSAGES.catalogue.homeSectionsFailed,
  });
}

/** The store-info response when the call succeeded, else undefined. */
export function storeInfoOf(result: ApiResult<StoreInfoResponse> | undefined): StoreInfoResponse | undefined {
  return result && result.success === true && typeof result.storeinfo === 'object' && result.storeinfo !== null
    ? result
    : undefined;
}

/** The sections of a successful answer; [] otherwise. */
export function homeSectionsOf(result: ApiResult<HomeSectionsResponse> | undefined): HomeSection[] {
  return result && result.success === true && Array.isArray(result.data) ? result.data : [];
}
