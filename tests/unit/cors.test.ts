import { describe, expect, it } from 'vitest';
import { parseCorsOrigins } from '../../api/http/cors.middleware.ts';

describe('STORE_API_CORS_ORIGINS', () => {
  it('reads origins separated by commas or spaces, each as scheme, host and port', () => {
    expect(parseCorsOrigins('https://app.example.in, https://admin.example.in/ http://127.0.0.1:5173/path')).toEqual([
      'https://app.example.in',
      'https://admin.example.in',
      'http://127.0.0.1:5173',
    ]);
  });

  it('lists none by default and drops what is not an origin', () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins('*, not a url')).toEqual([]);
  });
});
