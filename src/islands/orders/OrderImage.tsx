/** An order's picture (SPEC §2): cover, else the first product image, else a placeholder; the alt text if it fails. */
import { useState } from 'react';
import { orderImage, type CustomerOrder } from '../../lib/orders.ts';

interface Props {
  order: CustomerOrder;
  className: string;
}

export default function OrderImage({ order, className }: Props) {
  const [failed, setFailed] = useState(false);
  const src = orderImage(order);
  return (
    <span className={`relative flex aspect-square shrink-0 items-center justify-center overflow-hidden rounded-lg bg-current/5 ${className}`}>
      {src && !failed ? (
        <img src={src} alt={order.productName} loading="lazy" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : failed ? (
        <span className="p-1 text-center text-xs">{order.productName}</span>
      ) : (
        // The placeholder: a parcel drawn, no request made.
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-1/2 opacity-40" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Z" />
          <path d="m3 7.5 9 4.5 9-4.5M12 12v9" />
        </svg>
      )}
    </span>
  );
}
