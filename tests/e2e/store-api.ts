import { expect, type APIRequestContext } from '@playwright/test';

/** The e2e server runs with the default store key (README: Configuration). */
export const API_KEY = process.env.STORE_API_KEY || 'demo-store-key';

export async function apiPost(request: APIRequestContext, path: string, data?: unknown) {
  const response = await request.post(`/api${path}`, { headers: { 'API-KEY': API_KEY }, data });
  expect(response.ok()).toBe(true);
  return response.json();
}

export async function apiGet(request: APIRequestContext, path: string) {
  const response = await request.get(`/api${path}`, { headers: { 'API-KEY': API_KEY } });
  expect(response.ok()).toBe(true);
  return response.json();
}
