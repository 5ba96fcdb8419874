import { describe, expect, it } from 'vitest';
import { canCancel, orderDateLabel, orderImage, orderSummary, paymentLabel, statusLabel, type CustomerOrder } from '../../src/lib/orders.ts';
import { NO_AFTER_SALE } from '../../src/lib/refunds.ts';

const order = (patch: Partial<CustomerOrder> = {}): CustomerOrder => ({
  orderId: 1,
  orderNumber: 'OD1',
  orderDate: '2026-11-24T04:30:00.000Z',
  status: 'order has been placed',
  paymentMethod: 'cod',
  pricePaise: 1000_00,
  quantity: 2,
  finalAmountPaise: 950_00,
  discountPaise: 100_00,
  productName: 'Kurta',
  productSlug: 'kurta',
  productVariation: 'M',
  coverImage: null,
  productImages: null,
  ...NO_AFTER_SALE,
  ...patch,
});

describe('order rules (SPEC §2, §4, §9)', () => {
  it('shows a status with underscores as spaces and each word capitalised', () => {
    expect(statusLabel('order has been placed')).toBe('Order Has Been Placed');
    expect(statusLabel('out_for_delivery')).toBe('Out For Delivery');
  });

  it('offers Cancel Order for the five statuses only', () => {
    for (const status of ['order has been placed', 'order is confirmed', 'order has been dispatched from retailer', 'order is processed by wholesaler', 'order is ready for pickup']) {
      expect(canCancel(status)).toBe(true);
    }
    for (const status of ['order has been delivered', 'order has been cancelled', 'awaiting payment', 'order has been shipped']) {
      expect(canCancel(status)).toBe(false);
    }
  });

  it('takes the cover image, else the first of product_images, else none', () => {
    expect(orderImage({ coverImage: '/c.jpg', productImages: '/a.jpg,/b.jpg' })).toBe('/c.jpg');
    expect(orderImage({ coverImage: '', productImages: ' /a.jpg , /b.jpg' })).toBe('/a.jpg');
    expect(orderImage({ coverImage: null, productImages: null })).toBeNull();
  });

  it('sums the summary: amount, quantity, discount only when present, subtotal, total', () => {
    expect(orderSummary(order())).toEqual({ amountPaise: 1000_00, quantity: 2, discountPaise: 100_00, subtotalPaise: 2000_00, totalPaise: 1900_00 });
    expect(orderSummary(order({ discountPaise: 0, finalAmountPaise: 1000_00 })).discountPaise).toBeNull();
  });

  it('names the payment and the date in India’s time', () => {
    expect(paymentLabel('cod')).toBe('Cash on Delivery (COD)');
    expect(paymentLabel('prepaid')).toBe('Prepaid');
    expect(orderDateLabel('2026-11-23T20:00:00.000Z')).toBe('24 Nov 2026');
    expect(orderDateLabel('soon')).toBe('soon');
  });
});
