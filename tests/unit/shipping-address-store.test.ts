// @vitest-environment happy-dom
import { beforeEach, expect, it } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { $auth, INITIAL_AUTH } from '../../src/stores/auth.ts';
import { $shippingAddress, INITIAL_SHIPPING_ADDRESS, fetchShippingAddress, saveAddress } from '../../src/stores/shipping-address.ts';
import { $toastQueue } from '../../src/stores/toast.ts';

const wire = { firstname: 'Asha', lastname: 'Rao', phone_number: '9876543210', alt_phone_number: null, address: '14 Linking Road', pincode: '400050', city: 'Mumbai Suburban', state: 'Maharashtra' };
const payload = { firstname: 'Asha', lastname: 'Rao', phone_number: '9876543210', alt_phone_number: undefined, address: '14 Linking Road', pincode: '400050', city: 'Mumbai Suburban', state: 'Maharashtra' };

function apiAnswering(...answers: unknown[]) {
  const urls: string[] = [];
  const fetch: FetchLike = async (url) => {
    urls.push(url);
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return Response.json(next, { status: (next as { success?: boolean }).success === false ? 400 : 200 });
  };
  return { api: createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: 't' }), urls };
}
const toasts = () => $toastQueue.get().map((t) => `${t.kind}: ${t.message}`);

beforeEach(() => {
  $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 't' } });
  $shippingAddress.set(INITIAL_SHIPPING_ADDRESS);
  $toastQueue.set([]);
});

it('a save shows the message, stores the returned address, then fetches it again (SPEC §4)', async () => {
  const { api, urls } = apiAnswering(
    { success: true, message: 'Shipping address saved successfully', data: wire },
    { success: true, data: { data: { ...wire, city: 'Mumbai' } } },
  );
  await saveAddress(api, payload);
  expect(urls).toEqual(['/api/customer/shipping-address', '/api/customer/get-shipping-address']);
  expect(toasts()).toEqual(['success: Shipping address saved successfully']);
  expect($shippingAddress.get()).toMatchObject({ loading: false, error: null, address: { city: 'Mumbai', pincode: '400050' } });
});

it("the SPEC §8 fallbacks: 'Failed to save shipping address', 'Failed to fetch shipping address'", async () => {
  await saveAddress(apiAnswering(new TypeError('offline')).api, payload);
  expect(toasts()).toEqual(['error: Failed to save shipping address']);
  expect($shippingAddress.get().error).toBe('Failed to save shipping address');
  await fetchShippingAddress(apiAnswering(new TypeError('offline')).api);
  expect($shippingAddress.get().error).toBe('Failed to fetch shipping address');
  expect(toasts()).toEqual(['error: Failed to save shipping address', 'error: Failed to fetch shipping address']);
});

it('a save keeps the returned address when the refetch after it fails (SPEC §4)', async () => {
  const { api, urls } = apiAnswering({ success: true, message: 'Shipping address saved successfully', data: wire }, new TypeError('offline'));
  await saveAddress(api, payload);
  expect(urls).toEqual(['/api/customer/shipping-address', '/api/customer/get-shipping-address']);
  expect(toasts()).toEqual(['success: Shipping address saved successfully', 'error: Failed to fetch shipping address']);
  expect($shippingAddress.get()).toMatchObject({
    loading: false,
    error: 'Failed to fetch shipping address',
    address: { address: '14 Linking Road', pincode: '400050', city: 'Mumbai Suburban', state: 'Maharashtra' },
  });
});
