/**
 * Copies a text to the clipboard and says so for SPEC §9's two seconds
 * (`copied`), for the order number on My Orders and on the order-success page.
 * `copy` resolves false when the browser gives no clipboard.
 */
import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../lib/constants.ts';

export function useCopied(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  };
  return { copied, copy };
}
