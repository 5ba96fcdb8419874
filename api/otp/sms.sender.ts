/**
 * The SMS sender of OTP codes (SECURITY promise 8). A store configures one by
 * giving an HTTP endpoint (SMS_WEBHOOK_URL) that receives `{ to, message }`
 * JSON and delivers it through its SMS provider. Without one the store runs
 * in demo mode: nothing is sent and the code is answered to the client.
 *
 * The message holds the code, so neither it nor the request body is ever
 * logged; a failure logs only the status or the error's name.
 */
export interface SmsMessage {
  to: string;
  message: string;
}

export interface SmsSender {
  send(sms: SmsMessage): Promise<void>;
}

/** How long a webhook call may take before it is abandoned. */
export const SMS_TIMEOUT_MS = 10_000;

/** A sender posting to the webhook, or undefined in demo mode (no URL). */
export function createSmsSender(webhookUrl: string | undefined): SmsSender | undefined {
  if (!webhookUrl) return undefined;
  return {
    async send(sms) {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(sms),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused; its content is not ours to log.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    },
  };
}

/**
 * Sends without making the caller wait: the answer to the shopper must not
 * depend on delivery (nor on whether the phone has an account, SECURITY 3).
 * A failure is logged without the message; the promise never rejects.
 */
export function dispatchSms(sender: SmsSender, sms: SmsMessage): Promise<void> {
  return sender.send(sms).catch((error: unknown) => {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    console.error(`SMS to ******${sms.to.slice(-4)} failed (${reason})`);
  });
}
