/** A failed guest-cart sync (SPEC §4): the store's message and a Retry; nothing is lost meanwhile. */
import { useState } from 'react';
import { browserApi } from '../../stores/api-client.ts';
import { syncGuestCart } from '../../stores/cart.ts';

export default function SyncRetry({ message, className = '' }: { message: string; className?: string }) {
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await syncGuestCart(browserApi());
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div
      role="alert"
      className={`flex items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 text-sm text-red-900 ${className}`}
    >
      <p>{message}</p>
      <button
        type="button"
        disabled={retrying}
        onClick={() => void retry()}
        className="shrink-0 rounded-md border border-red-400 px-3 py-1 font-semibold hover:bg-red-100 disabled:opacity-60"
      >
        Retry
      </button>
    </div>
  );
}
