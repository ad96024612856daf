// The card payment provider's inline popup (Paystack InlineJS v2). Its script is fetched only
// when a shopper presses Pay Now on the payment page, never on other pages: it is 3rd-party code
// that every other page would pay for in bytes and trust.

const SCRIPT_URL = 'https://js.paystack.co/v2/inline.js';

interface PopupCallbacks {
  onSuccess: (transaction: { reference: string }) => void;
  onCancel: () => void;
  onError: (error: { message: string }) => void;
}

interface PaystackPopup {
  resumeTransaction: (accessCode: string, callbacks: PopupCallbacks) => void;
}

declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopup;
  }
}

let loading: Promise<new () => PaystackPopup> | null = null;

function loadScript(): Promise<new () => PaystackPopup> {
  loading ??= new Promise<new () => PaystackPopup>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      if (window.PaystackPop) resolve(window.PaystackPop);
      else reject(new Error('The payment popup did not load.'));
    };
    script.onerror = () => {
      reject(new Error('The payment popup could not be loaded.'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null; // a later press tries again (patchy mobile data)
    throw error;
  });
  return loading;
}

export type PopupOutcome = { kind: 'success'; reference: string } | { kind: 'cancelled' };

/**
 * Opens the provider's popup for the transaction the server initialised (its access code), so
 * amount, currency and reference cannot be changed in the browser.
 */
export async function payInPopup(accessCode: string): Promise<PopupOutcome> {
  const Popup = await loadScript();
  return new Promise<PopupOutcome>((resolve, reject) => {
    new Popup().resumeTransaction(accessCode, {
      onSuccess: (transaction) => {
        resolve({ kind: 'success', reference: transaction.reference });
      },
      onCancel: () => {
        resolve({ kind: 'cancelled' });
      },
      onError: (error) => {
        reject(new Error(error.message));
      },
    });
  });
}
